import { Module } from '@nestjs/common';
import { EnrichmentApiModule } from '../enrichment/enrichment.module';
import { PlacesModule } from '../places/places.module';
import { ProviderModule } from '../provider/provider.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { DuplicatePairsRepository } from './duplicate-pairs.repository';
import { DuplicatesController } from './duplicates.controller';
import { DuplicatesService } from './duplicates.service';

/** The candidate pairs (issue 27 point 2): written by the pre-flight wherever workers run. */
@Module({
  providers: [DuplicatePairsRepository],
  exports: [DuplicatePairsRepository],
})
export class DuplicatesModule {}

/** The review of possible duplicates, where the api runs. */
@Module({
  imports: [DuplicatesModule, ProviderModule, PlacesModule, WorkflowModule, EnrichmentApiModule],
  controllers: [DuplicatesController],
  providers: [DuplicatesService],
})
export class DuplicatesApiModule {}
