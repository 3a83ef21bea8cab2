import { Module } from '@nestjs/common';
import { LegalHoldModule } from '../legal-hold/legal-hold.module';
import { PreflightModule } from '../preflight/preflight.module';
import { PlacesModule } from '../places/places.module';
import { ProviderModule } from '../provider/provider.module';
import { PersonNamesModule } from '../users/person-names.module';
import { ListingNarrowing } from './listing-narrowing';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** GET /api/assets (listing and search) and /api/assets/counts. */
@Module({
  imports: [ProviderModule, PersonNamesModule, PlacesModule, PreflightModule, LegalHoldModule],
  controllers: [SearchController],
  providers: [SearchService, ListingNarrowing],
  // The collections list their assets through the same search (docs/saved-searches.md).
  exports: [SearchService],
})
export class SearchModule {}
