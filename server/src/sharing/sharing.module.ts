import { Module } from '@nestjs/common';
import { AssetLedgerModule } from '../asset-ledger/asset-ledger.module';
import { AuditModule } from '../audit/audit.module';
import { PlacesModule } from '../places/places.module';
import { ProviderModule } from '../provider/provider.module';
import { PersonNamesModule } from '../users/person-names.module';
import { MailOutbox } from '../mail/mail-outbox';
import { ExternalShareHandler } from './external-share.handler';
import { FOLDER_PUBLISH_HANDLERS } from './folder-publish.handler';
import { FolderPublishService } from './folder-publish.service';
import { InternalShareHandler } from './internal-share.handler';
import { FolderPublishController, InternalSharesController } from './internal-shares.controller';
import { InternalSharesService } from './internal-shares.service';
import { RejectionMails } from './rejection-mail';
import { RejectionMailHandler } from './rejection-mail.handler';
import { ExternalSharesController } from './external-shares.controller';
import { ExternalSharesService } from './external-shares.service';
import { ShareMailer } from './share-mailer';
import { ShareRate } from './share-rate';
import { ShareSecrets } from './share-secrets';

/** The sharing jobs (external and internal shares, publishing) and the hub's mails, wherever workers run. */
@Module({
  imports: [ProviderModule, AuditModule, AssetLedgerModule, PersonNamesModule],
  providers: [
    ExternalShareHandler,
    ShareMailer,
    MailOutbox,
    ShareSecrets,
    InternalShareHandler,
    RejectionMails,
    RejectionMailHandler,
    ...FOLDER_PUBLISH_HANDLERS,
  ],
  // The workflow's reject step submits the rejection mail through RejectionMails.
  exports: [ShareSecrets, RejectionMails, ShareMailer],
})
export class SharingModule {}

/** The sharing routes, wherever the api runs. */
@Module({
  imports: [SharingModule, ProviderModule, PlacesModule],
  controllers: [ExternalSharesController, InternalSharesController, FolderPublishController],
  providers: [ExternalSharesService, InternalSharesService, FolderPublishService, ShareRate],
  // The registry's share-and-publish creates its share through this one service.
  exports: [ExternalSharesService],
})
export class SharingApiModule {}
