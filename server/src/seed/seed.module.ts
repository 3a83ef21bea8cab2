import { Module, type DynamicModule } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { ConfigModule, type AppConfig } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { ClockModule } from '../common/clock.module';
import { ProfileModule } from '../profile/profile.module';
import { DirectoryUserRepository } from '../auth/directory-user.repository';
import { IdentityModule } from '../builtin-provider/identity/identity.module';
import { FolderSeedModule } from '../builtin-provider/folders/folder-seed.module';
import { AccessModule } from '../builtin-provider/access/access.module';
import { ContentsModule } from '../builtin-provider/contents/contents.module';
import { BuiltinProviderDatabaseModule } from '../builtin-provider/builtin-provider-database.module';
import { BlobStoreModule } from '../blob-store/blob-store.module';
import { JobsModule } from '../jobs/jobs.module';
import { DemoContentRepository, DemoContentSeeder } from './demo-content';
import { DemoSeeder } from './demo-seeder';
import { DemoEnrichmentSeeder } from './demo-enrichment';
import { DemoRegistrySeeder } from './demo-registry';
import { RegistryRepository } from '../registry/registry.repository';
import { DemoWorkflowSeeder } from './demo-workflow';
import { FirstAdminCreator } from './first-admin';
import { HoldRegisterModule } from '../builtin-provider/holds/hold-register';
import { LegalHoldStoreModule } from '../legal-hold/legal-hold.module';
import { LegalHoldRepository } from '../legal-hold/legal-hold.repository';

/**
 * Everything the demo seed and `create-admin` write through, without HTTP or workers: demo contents
 * are created through the contents service, which queues their derivatives for the workers of `npm start`.
 */
@Module({})
export class SeedModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: SeedModule,
      imports: [
        ConfigModule.forRoot(config),
        // The identity module's login route is throttled; its guard needs the options even here.
        ThrottlerModule.forRoot([{ ttl: 60_000, limit: 1_000 }]),
        ClockModule,
        DatabaseModule,
        ProfileModule,
        ...(config.BUILTIN_PROVIDER
          ? [
              IdentityModule,
              FolderSeedModule,
              BuiltinProviderDatabaseModule,
              BlobStoreModule,
              JobsModule.forRoot({ runWorkers: false }),
              ContentsModule,
              AccessModule,
              HoldRegisterModule.from(LegalHoldStoreModule, LegalHoldRepository),
            ]
          : []),
      ],
      providers: [
        DemoSeeder,
        DirectoryUserRepository,
        ...(config.BUILTIN_PROVIDER
          ? [
              DemoContentSeeder,
              DemoContentRepository,
              DemoWorkflowSeeder,
              DemoEnrichmentSeeder,
              DemoRegistrySeeder,
              RegistryRepository,
              FirstAdminCreator,
            ]
          : []),
      ],
    };
  }
}
