import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { AccessModule } from '../access/access.module';
import { ProviderHoldsModule } from '../holds/holds.module';
import { ContentDraftRepository } from './content-draft.repository';
import { ContentDraftsService } from './content-drafts.service';
import { ContentRepository } from './content.repository';
import { ContentAdminController, ContentController, PackagerController } from './contents.controller';
import { ContentsService, DerivativesRequester } from './contents.service';

/** The built-in provider's contents (THRON xpackager, xadmin content, xcontents content and drafts). */
@Module({
  imports: [BuiltinProviderDatabaseModule, AccessModule, ProviderHoldsModule],
  controllers: [PackagerController, ContentAdminController, ContentController],
  providers: [
    ContentsService,
    ContentRepository,
    DerivativesRequester,
    ContentDraftsService,
    ContentDraftRepository,
  ],
  // The demo seed creates its contents the normal way, through the service.
  exports: [ContentsService],
})
export class ContentsModule {}
