import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { CONTENTS_HTTP, ContentsGateway } from '../provider/contents.gateway';
import { createProviderHttp } from '../provider/http-provider.gateway';
import { AssetsController } from './assets.controller';
import { AssetsService } from './assets.service';
import { UploadsController } from './uploads.controller';
import { UploadOutcomes } from './upload-outcomes';
import { UploadsService } from './uploads.service';

/** One asset (detail, rename, bytes) and uploads (tus) through the provider's contents. */
@Module({
  controllers: [UploadsController, AssetsController],
  providers: [
    {
      provide: CONTENTS_HTTP,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createProviderHttp(config.providerUrl),
    },
    ContentsGateway,
    AssetsService,
    UploadsService,
    UploadOutcomes,
  ],
  exports: [ContentsGateway],
})
export class AssetsModule {}
