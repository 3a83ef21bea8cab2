import { Module } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { ChangeFeed } from '../database/change-feed';
import { PreflightModule } from '../preflight/preflight.module';
import { PlacesModule } from '../places/places.module';
import { inProcess, ProviderModule } from '../provider/provider.module';
import { PersonNamesModule } from '../users/person-names.module';
import { ListingCache } from './listing-cache';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** GET /api/assets (listing and search) and /api/assets/counts. */
@Module({
  imports: [ProviderModule, PersonNamesModule, PlacesModule, PreflightModule],
  controllers: [SearchController],
  providers: [
    SearchService,
    {
      provide: ListingCache,
      inject: [APP_CONFIG, CLOCK, ChangeFeed],
      // Only the built-in provider in this process writes where the feed hears it.
      useFactory: (config: AppConfig, clock: Clock, changes: ChangeFeed) =>
        new ListingCache(config.LISTING_CACHE && inProcess(config) ? changes : undefined, clock),
    },
  ],
})
export class SearchModule {}
