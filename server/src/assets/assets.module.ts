import { Module } from '@nestjs/common';
import { PlacesModule } from '../places/places.module';
import { ProviderModule } from '../provider/provider.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { AssetReadinessService } from './asset-readiness.service';
import { AssetsController } from './assets.controller';
import { AssetsService } from './assets.service';
import { UploadsController } from './uploads.controller';
import { UploadFiles } from './upload-files';
import { UploadOutcomes } from './upload-outcomes';
import { UploadsService } from './uploads.service';

/** One asset (detail, rename, bytes) and uploads (tus) through the provider's contents. */
@Module({
  imports: [ProviderModule, PlacesModule, WorkflowModule],
  controllers: [UploadsController, AssetsController],
  providers: [AssetsService, AssetReadinessService, UploadsService, UploadOutcomes, UploadFiles],
})
export class AssetsModule {}
