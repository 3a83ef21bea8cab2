import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { EnrichmentApiModule } from '../enrichment/enrichment.module';
import { PlacesModule } from '../places/places.module';
import { PreflightModule } from '../preflight/preflight.module';
import { ProviderModule } from '../provider/provider.module';
import { PersonNamesModule } from '../users/person-names.module';
import { ASSET_JUNK, type AssetJunk } from './asset-junk';
import { DuplicatesController, UploadCheckController } from './duplicates.controller';
import { DuplicatesService } from './duplicates.service';

/** The review of possible duplicates and the upload check by content (issue 27), where the api runs. */
@Module({})
export class DuplicatesApiModule {
  /** `junk`, exported by `junkModule`, sends the asset not kept to the junk (the workflow's delete). */
  static sendingToJunkWith(junkModule: Type, junk: Type<AssetJunk>): DynamicModule {
    return {
      module: DuplicatesApiModule,
      imports: [
        PreflightModule,
        ProviderModule,
        PlacesModule,
        EnrichmentApiModule,
        PersonNamesModule,
        junkModule,
      ],
      controllers: [DuplicatesController, UploadCheckController],
      providers: [DuplicatesService, { provide: ASSET_JUNK, useExisting: junk }],
    };
  }
}
