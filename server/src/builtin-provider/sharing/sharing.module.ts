import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { ArchivesModule } from '../archives/archives.module';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { ContentsModule } from '../contents/contents.module';
import { IdentityModule } from '../identity/identity.module';
import { PendingRenditionsMetric } from '../plates/pending-renditions.metric';
import { PlateRenditionsModule } from '../plates/plate-renditions.module';
import { ShareAccessService } from './share-access.service';
import { ShareLinks } from './share-links';
import { SharePageController } from './share-page.controller';
import { ShareRepository } from './share.repository';
import { ShareThrottle } from './share-throttle';
import { SharesController } from './shares.controller';
import { SharesService } from './shares.service';

/** The built-in provider's external shares (THRON externalshare) and their recipient page. */
@Module({
  imports: [
    BuiltinProviderDatabaseModule,
    AccessModule,
    IdentityModule,
    ContentsModule,
    ArchivesModule,
    PlateRenditionsModule,
  ],
  controllers: [SharesController, SharePageController],
  providers: [
    SharesService,
    ShareAccessService,
    ShareRepository,
    ShareLinks,
    ShareThrottle,
    // The share page's api reports the renditions it waits for, once (workers render them).
    PendingRenditionsMetric,
  ],
})
export class SharingModule {}
