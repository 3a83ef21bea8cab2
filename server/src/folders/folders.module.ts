import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { FOLDERS_HTTP, FoldersGateway } from '../provider/folders.gateway';
import { createProviderHttp } from '../provider/http-provider.gateway';
import { FoldersController } from './folders.controller';
import { FoldersService } from './folders.service';

/** The folder tree and folder changes of the hub API; exports the folders gateway for other domains. */
@Module({
  controllers: [FoldersController],
  providers: [
    {
      provide: FOLDERS_HTTP,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createProviderHttp(config.providerUrl),
    },
    FoldersGateway,
    FoldersService,
  ],
  exports: [FoldersGateway],
})
export class FoldersModule {}
