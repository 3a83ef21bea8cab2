import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { AccessModule } from '../access/access.module';
import { ContentsModule } from '../contents/contents.module';
import { ArchiveRepository } from './archive.repository';
import { ArchivesController } from './archives.controller';
import { ArchivesService } from './archives.service';

/** The built-in provider's archive downloads (THRON xcontents archive/prepare and archive/download). */
@Module({
  imports: [BuiltinProviderDatabaseModule, AccessModule, ContentsModule],
  controllers: [ArchivesController],
  providers: [ArchivesService, ArchiveRepository],
  // External shares serve their ZIP with the same code (sharing/).
  exports: [ArchivesService],
})
export class ArchivesModule {}
