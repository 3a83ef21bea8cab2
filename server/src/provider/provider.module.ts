import { Module } from '@nestjs/common';
import type { AxiosInstance } from 'axios';
import { ModulesContainer } from '@nestjs/core';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { ARCHIVES_GATEWAY, HttpArchivesGateway, InProcessArchivesGateway } from './archives.gateway';
import { CONTENTS_GATEWAY, HttpContentsGateway, InProcessContentsGateway } from './contents.gateway';
import { CLOCK, type Clock } from '../common/clock';
import { DRAFTS_GATEWAY, HttpDraftsGateway } from './drafts.gateway';
import { EXTERNAL_SHARES_GATEWAY, HttpExternalSharesGateway } from './external-shares.gateway';
import { ENRICHMENT_GATEWAY, HttpEnrichmentGateway } from './enrichment.gateway';
import { FOLDERS_GATEWAY, HttpFoldersGateway } from './folders.gateway';
import { HttpProviderGateway, PROVIDER_HTTP, createProviderHttp } from './http-provider.gateway';
import { ChangeFeed } from '../database/change-feed';
import { Metrics } from '../metrics/metrics';
import { PROVIDER_GATEWAY } from './provider.gateway';
import { instrumentProviderHttp } from './provider-metrics';
import { InProcessProvider, inProcessAdapter } from './in-process-transport';
import { InProcessStreams } from './in-process-streams';
import { HttpSearchGateway, SEARCH_GATEWAY } from './search.gateway';
import { ProviderServiceSession, SERVICE_SESSION } from './service-session';
import { HttpSsoProviderGateway, SSO_PROVIDER_GATEWAY } from './sso-provider.gateway';
import { HttpTaggingGateway, TAGGING_GATEWAY } from './tagging.gateway';

/** Each gateway by its token: a module injects the interface, a unit test gives a fake. */
const GATEWAYS = [
  { provide: PROVIDER_GATEWAY, useClass: HttpProviderGateway },
  { provide: SSO_PROVIDER_GATEWAY, useClass: HttpSsoProviderGateway },
  {
    provide: CONTENTS_GATEWAY,
    inject: [PROVIDER_HTTP, APP_CONFIG, CLOCK, ModulesContainer, ExternalContextCreator],
    useFactory: (
      http: AxiosInstance,
      config: AppConfig,
      clock: Clock,
      modules: ModulesContainer,
      contexts: ExternalContextCreator,
    ) =>
      inProcess(config)
        ? new InProcessContentsGateway(http, config, clock, new InProcessStreams(modules, contexts))
        : new HttpContentsGateway(http, config, clock),
  },
  { provide: FOLDERS_GATEWAY, useClass: HttpFoldersGateway },
  { provide: SEARCH_GATEWAY, useClass: HttpSearchGateway },
  {
    provide: ARCHIVES_GATEWAY,
    inject: [PROVIDER_HTTP, APP_CONFIG, ModulesContainer, ExternalContextCreator],
    useFactory: (
      http: AxiosInstance,
      config: AppConfig,
      modules: ModulesContainer,
      contexts: ExternalContextCreator,
    ) => {
      const overHttp = new HttpArchivesGateway(http, config);
      return inProcess(config)
        ? new InProcessArchivesGateway(overHttp, new InProcessStreams(modules, contexts), config.CLIENT_ID)
        : overHttp;
    },
  },
  { provide: TAGGING_GATEWAY, useClass: HttpTaggingGateway },
  { provide: EXTERNAL_SHARES_GATEWAY, useClass: HttpExternalSharesGateway },
  { provide: ENRICHMENT_GATEWAY, useClass: HttpEnrichmentGateway },
  { provide: DRAFTS_GATEWAY, useClass: HttpDraftsGateway },
  { provide: SERVICE_SESSION, useClass: ProviderServiceSession },
];

/**
 * The built-in provider in this process, not a PROVIDER_URL: its routes are called without the
 * HTTP hop, and its writes land in this database. A PROVIDER_URL (a real THRON, or this server named
 * on purpose) keeps HTTP.
 */
export function inProcess(config: Pick<AppConfig, 'BUILTIN_PROVIDER' | 'PROVIDER_URL'>): boolean {
  return config.BUILTIN_PROVIDER && !config.PROVIDER_URL;
}

/**
 * The typed provider client, made once: one axios instance at PROVIDER_URL and one instance of
 * each gateway (so one S3-credential cache and one service-account session per process). Feature
 * modules import this and inject the tokens they use.
 */
@Module({
  providers: [
    {
      provide: PROVIDER_HTTP,
      inject: [APP_CONFIG, Metrics, ModulesContainer, ExternalContextCreator, ChangeFeed],
      useFactory: (
        config: AppConfig,
        metrics: Metrics,
        modules: ModulesContainer,
        contexts: ExternalContextCreator,
        changes: ChangeFeed,
      ) =>
        instrumentProviderHttp(
          createProviderHttp(
            config.providerUrl,
            inProcess(config)
              ? inProcessAdapter(
                  new InProcessProvider(modules, contexts, () => changes.changedHere('listing')),
                )
              : undefined,
          ),
          metrics,
        ),
    },
    ...GATEWAYS,
  ],
  exports: GATEWAYS.map((g) => g.provide),
})
export class ProviderModule {}
