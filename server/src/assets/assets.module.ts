import { Module } from '@nestjs/common';
import { LegalHoldModule } from '../legal-hold/legal-hold.module';
import { PlacesModule } from '../places/places.module';
import { PreflightModule } from '../preflight/preflight.module';
import { RejectionChecklistModule } from '../rejection-checklist/rejection-checklist.module';
import { ProviderModule } from '../provider/provider.module';
import { PersonNamesModule } from '../users/person-names.module';
import { AssetReadinessService } from './asset-readiness.service';
import { AssetsController } from './assets.controller';
import { AssetsService } from './assets.service';
import { UploadsController } from './uploads.controller';
import { UploadFiles } from './upload-files';
import { UploadOutcomes } from './upload-outcomes';
import { UploadsService } from './uploads.service';
import { WorkflowEntry } from './workflow-entry';

/** One asset (detail, rename, bytes) and uploads (tus) through the provider's contents; uploads enter the workflow (WorkflowEntry). */
@Module({
  imports: [
    ProviderModule,
    PlacesModule,
    PersonNamesModule,
    PreflightModule,
    RejectionChecklistModule,
    LegalHoldModule,
  ],
  controllers: [UploadsController, AssetsController],
  providers: [
    AssetsService,
    AssetReadinessService,
    UploadsService,
    UploadOutcomes,
    UploadFiles,
    WorkflowEntry,
  ],
})
export class AssetsModule {}
