import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { ARCHIVES_HTTP, ArchivesGateway } from '../provider/archives.gateway';
import { CONTENTS_HTTP, ContentsGateway } from '../provider/contents.gateway';
import { createProviderHttp } from '../provider/http-provider.gateway';
import { DownloadsController } from './downloads.controller';
import { DownloadsService } from './downloads.service';

/** ZIP downloads of assets at chosen resolutions, through the provider's archives (PlaceActions: the global WorkflowModule). */
@Module({
  controllers: [DownloadsController],
  providers: [
    {
      provide: ARCHIVES_HTTP,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createProviderHttp(config.providerUrl),
    },
    {
      provide: CONTENTS_HTTP,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createProviderHttp(config.providerUrl),
    },
    ArchivesGateway,
    ContentsGateway,
    DownloadsService,
  ],
})
export class DownloadsModule {}
