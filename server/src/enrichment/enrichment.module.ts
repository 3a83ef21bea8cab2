import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ProviderModule } from '../provider/provider.module';
import { PlacesModule } from '../places/places.module';
import { ENRICHMENT_HANDLERS, EnrichmentJobRunner } from './enrichment-job';
import { EnrichmentDraftService } from './enrichment-draft.service';
import { EnrichmentLookupsService } from './enrichment-lookups.service';
import { EnrichmentSelection } from './enrichment-selection';
import { EnrichmentController } from './enrichment.controller';
import { EnrichmentService } from './enrichment.service';

/** Enrichment jobs' handlers (issue 13), needed wherever workers run. */
@Module({
  imports: [ProviderModule, AuditModule],
  providers: [EnrichmentJobRunner, ...ENRICHMENT_HANDLERS],
})
export class EnrichmentModule {}

/** `POST /api/enrichment`, `POST /api/tags/bulk` and the wizard's draft, where the api runs. */
@Module({
  imports: [ProviderModule, PlacesModule],
  controllers: [EnrichmentController],
  providers: [EnrichmentService, EnrichmentLookupsService, EnrichmentSelection, EnrichmentDraftService],
  // The duplicates review merges a junked asset's tags and values into the one kept.
  exports: [EnrichmentService],
})
export class EnrichmentApiModule {}
