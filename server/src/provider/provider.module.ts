import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { HttpProviderGateway, PROVIDER_HTTP, createProviderHttp } from './http-provider.gateway';
import { PROVIDER_GATEWAY } from './provider.gateway';

/** The typed provider client; modules import this and inject PROVIDER_GATEWAY. */
@Module({
  providers: [
    {
      provide: PROVIDER_HTTP,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createProviderHttp(config.providerUrl),
    },
    { provide: PROVIDER_GATEWAY, useClass: HttpProviderGateway },
  ],
  exports: [PROVIDER_GATEWAY],
})
export class ProviderModule {}
