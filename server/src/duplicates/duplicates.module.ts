import { Module } from '@nestjs/common';
import { EnrichmentApiModule } from '../enrichment/enrichment.module';
import { PlacesModule } from '../places/places.module';
import { ProviderModule } from '../provider/provider.module';
import { PersonNamesModule } from '../users/person-names.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { DuplicatePairsRepository } from './duplicate-pairs.repository';
import { DuplicatesController, UploadCheckController } from './duplicates.controller';
import { DuplicatesService } from './duplicates.service';
import { FingerprintsRepository } from './fingerprints.repository';

/** Fingerprints and candidate pairs (issue 27): written by the pre-flight wherever workers run. */
@Module({
  providers: [DuplicatePairsRepository, FingerprintsRepository],
  exports: [DuplicatePairsRepository, FingerprintsRepository],
})
export class DuplicatesModule {}

/** The review of possible duplicates, where the api runs. */
@Module({
  imports: [
    DuplicatesModule,
    ProviderModule,
    PlacesModule,
    WorkflowModule,
    EnrichmentApiModule,
    PersonNamesModule,
  ],
  controllers: [DuplicatesController, UploadCheckController],
  providers: [DuplicatesService],
})
export class DuplicatesApiModule {}
