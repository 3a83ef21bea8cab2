import { Module } from '@nestjs/common';
import { ShareTargetsModule } from '../saved-searches/saved-searches.module';
import { SearchModule } from '../search/search.module';
import { CollectionsController } from './collections.controller';
import { CollectionsRepository } from './collections.repository';
import { CollectionsService } from './collections.service';

/** Collections (docs/saved-searches.md), where the api runs: their assets are listed by the listing's search. */
@Module({
  imports: [ShareTargetsModule, SearchModule],
  controllers: [CollectionsController],
  providers: [CollectionsRepository, CollectionsService],
})
export class CollectionsApiModule {}
