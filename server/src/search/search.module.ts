import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { PROVIDER_HTTP, createProviderHttp } from '../provider/http-provider.gateway';
import { HttpSearchGateway, SEARCH_GATEWAY } from '../provider/search.gateway';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** GET /api/assets (listing and search) and /api/assets/counts. */
@Module({
  controllers: [SearchController],
  providers: [
    {
      provide: PROVIDER_HTTP,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createProviderHttp(config.providerUrl),
    },
    { provide: SEARCH_GATEWAY, useClass: HttpSearchGateway },
    SearchService,
  ],
  exports: [SEARCH_GATEWAY],
})
export class SearchModule {}
