import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { AccessModule } from '../access/access.module';
import { ContentSearchController } from './content-search.controller';
import { ContentSearchRepository } from './content-search.repository';
import { ContentSearchService } from './content-search.service';

/** The built-in provider's content searches: content/findByProperties and content/search. */
@Module({
  imports: [BuiltinProviderDatabaseModule, AccessModule],
  controllers: [ContentSearchController],
  providers: [ContentSearchService, ContentSearchRepository],
})
export class ContentSearchModule {}
