import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ServeStaticModule } from '@nestjs/serve-static';
import { ScheduleModule } from '@nestjs/schedule';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import { ConfigModule, type AppConfig } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { ClockModule } from './common/clock.module';
import { DomainExceptionFilter } from './common/domain-exception.filter';
import { QuietBootstrapLogger } from './common/quiet-bootstrap.logger';
import { logParamsOf } from './common/log-params';
import type { PrefixedFilter } from './common/input-boundary';
import { ThronExceptionFilter } from './builtin-provider/thron-exception.filter';
import { BuiltinProviderModule } from './builtin-provider/builtin-provider.module';
import { AuthModule } from './auth/auth.module';
import { SessionPurgeModule } from './auth/session-purge.module';
import { SsoModule } from './auth/sso/sso.module';
import { ProfileModule } from './profile/profile.module';
import { UsersModule } from './users/users.module';
import { JobsModule } from './jobs/jobs.module';
import { JobStoryModule } from './job-story/job-story.module';
import { ALL_QUEUES, QueueName } from './jobs/job-catalogue';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { FoldersModule } from './folders/folders.module';
import { AssetsModule } from './assets/assets.module';
import { UploadPurgeModule } from './assets/upload-purge.module';
import { SearchModule } from './search/search.module';
import { DownloadsModule } from './downloads/downloads.module';
import { BlobStoreModule } from './blob-store/blob-store.module';
import { DerivativesModule } from './builtin-provider/derivatives/derivatives.module';
import { IncomingPurgeModule } from './builtin-provider/contents/incoming-purge.module';
import { WorkflowApiModule, WorkflowModule } from './workflow/workflow.module';
import { SharingApiModule, SharingModule } from './sharing/sharing.module';
import { ShareExpiryModule } from './builtin-provider/sharing/share-expiry.module';
import { EnrichmentApiModule, EnrichmentModule } from './enrichment/enrichment.module';
import { TaggingApiModule } from './tagging/tagging.module';
import { RegistryApiModule } from './registry/registry.module';
import { DuplicatesApiModule } from './duplicates/duplicates.module';
import { WorkflowService } from './workflow/workflow.service';
import { PreflightApiModule, PreflightModule } from './preflight/preflight.module';
import { PlatesApiModule, PlatesModule } from './plates/plates.module';
import { PlateRenderingModule } from './builtin-provider/plates/plate-renditions.module';
import { LegalHoldApiModule, LegalHoldStoreModule } from './legal-hold/legal-hold.module';
import { LegalHoldRepository } from './legal-hold/legal-hold.repository';
import { RightsNoticesApiModule, RightsNoticesModule } from './rights-notices/rights-notices.module';
import { HoldRegisterModule } from './builtin-provider/holds/hold-register';
import { SavedSearchesApiModule } from './saved-searches/saved-searches.module';
import { CollectionsApiModule } from './collections/collections.module';

/** The APIs that answer with a filter of their own, for the failures met before routing (common/input-boundary.ts). */
export const PREFIXED_API_FILTERS: readonly PrefixedFilter[] = [
  { prefix: '/provider/', filter: new ThronExceptionFilter() },
];

export function webDistDir(config: AppConfig): string {
  return resolve(config.WEB_DIST ?? join(__dirname, '../../web/dist'));
}

/** The api and the worker are one module tree; PROCESS_ROLE picks what runs (ARCHITECTURE §4). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const runApi = config.PROCESS_ROLE !== 'worker';
    const runWorkers = config.PROCESS_ROLE !== 'api';
    const imports: ModuleMetadata['imports'] = [
      ConfigModule.forRoot(config),
      MetricsModule,
      LoggerModule.forRoot(logParamsOf(config)),
      ThrottlerModule.forRoot([{ ttl: 60_000, limit: 600 }]),
      ScheduleModule.forRoot(),
      ClockModule,
      DatabaseModule,
      BlobStoreModule,
      // Derivatives are the built-in provider's work; with a real provider its queue stays idle.
      JobsModule.forRoot({
        runWorkers,
        // The backlog is Redis's, the same from every process: the api reports it, once.
        reportQueues: runApi,
        queues: ALL_QUEUES.filter((q) => config.BUILTIN_PROVIDER || q !== QueueName.Media),
      }),
      // Its jobs' handlers are needed wherever workers run, its routes (WorkflowApiModule) wherever the api does.
      WorkflowModule,
      SharingModule,
      EnrichmentModule,
      PreflightModule,
      RightsNoticesModule,
      PlatesModule,
    ];
    // Each schedule's handler lives with the table it purges; it runs wherever workers run.
    if (runWorkers) imports.push(SessionPurgeModule, UploadPurgeModule);
    if (runApi) {
      imports.push(
        WorkflowApiModule,
        EnrichmentApiModule,
        TaggingApiModule,
        RegistryApiModule,
        PreflightApiModule,
        PlatesApiModule,
        LegalHoldApiModule,
        RightsNoticesApiModule,
        SavedSearchesApiModule,
        CollectionsApiModule,
        DuplicatesApiModule.sendingToJunkWith(WorkflowModule, WorkflowService),
        AuthModule,
        SsoModule,
        ProfileModule,
        UsersModule,
        HealthModule,
        FoldersModule,
        // Before AssetsModule: its /api/assets/counts must not be taken for /api/assets/:id.
        SearchModule,
        AssetsModule,
        DownloadsModule,
        SharingApiModule,
        // After JobsModule: its /api/jobs/queues must not be taken for /api/jobs/:id.
        JobStoryModule,
      );
      // The built-in provider reads the hub's legal holds through its port (docs/legal-hold.md).
      if (config.BUILTIN_PROVIDER)
        imports.push(
          BuiltinProviderModule,
          HoldRegisterModule.from(LegalHoldStoreModule, LegalHoldRepository),
        );
    }
    // The built-in provider's jobs (derivatives, incoming clean-up, share expiry) run wherever workers run.
    if (runWorkers && config.BUILTIN_PROVIDER)
      imports.push(DerivativesModule, IncomingPurgeModule, ShareExpiryModule, PlateRenderingModule);
    if (runApi) {
      const web = webDistDir(config);
      if (existsSync(join(web, 'index.html')))
        imports.push(
          ServeStaticModule.forRoot({
            rootPath: web,
            // /metrics lives on METRICS_PORT: here it is a 404, not the SPA's page.
            exclude: ['/api/{*path}', '/provider/{*path}', '/metrics'],
            serveStaticOptions: { index: false, maxAge: '1h' },
          }),
        );
    }
    return {
      module: AppModule,
      imports,
      providers: [{ provide: APP_FILTER, useClass: DomainExceptionFilter }, QuietBootstrapLogger],
    };
  }
}
