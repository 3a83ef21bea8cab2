import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { HttpProviderGateway, PROVIDER_HTTP, createProviderHttp } from './http-provider.gateway';
import { PROVIDER_GATEWAY } from './provider.gateway';
import { ProviderServiceSession } from './service-session';
import { TaggingGateway } from './tagging.gateway';

/**
 * The typed provider clients; modules import this and inject PROVIDER_GATEWAY, TaggingGateway, or
 * ProviderServiceSession for the service account's token.
 */
@Module({
  providers: [
    {
      provide: PROVIDER_HTTP,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createProviderHttp(config.providerUrl),
    },
    { provide: PROVIDER_GATEWAY, useClass: HttpProviderGateway },
    TaggingGateway,
    ProviderServiceSession,
  ],
  exports: [PROVIDER_GATEWAY, TaggingGateway, ProviderServiceSession],
})
export class ProviderModule {}
