import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { ARCHIVES_HTTP, ArchivesGateway } from '../provider/archives.gateway';
import { createProviderHttp } from '../provider/http-provider.gateway';
import { DownloadsController } from './downloads.controller';
import { DownloadsService } from './downloads.service';

/** ZIP downloads of assets at chosen resolutions, through the provider's archives. */
@Module({
  controllers: [DownloadsController],
  providers: [
    {
      provide: ARCHIVES_HTTP,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createProviderHttp(config.providerUrl),
    },
    ArchivesGateway,
    DownloadsService,
  ],
})
export class DownloadsModule {}
