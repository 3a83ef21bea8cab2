import { Module } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { ChangeFeed } from '../database/change-feed';
import { inProcess, ProviderModule } from '../provider/provider.module';
import { ListingCache } from './listing-cache';
import { PlaceActions } from './place-actions';
import { PublishedReaders } from './published-readers';
import { SelectionPolicy } from './selection-policy';
import { WorkflowFolders } from './workflow-folders';

/** Where a folder sits (SPEC §3) and what SPEC §6 allows there: the base the feature modules share. */
export const PLACES_PROVIDERS = [WorkflowFolders, PlaceActions, SelectionPolicy, PublishedReaders];

/** What people see of contents, kept between requests (ListingCache). */
const LISTING_CACHE = {
  provide: ListingCache,
  inject: [APP_CONFIG, CLOCK, ChangeFeed],
  // Only the built-in provider in this process writes where the feed hears it.
  useFactory: (config: AppConfig, clock: Clock, changes: ChangeFeed) =>
    new ListingCache(config.LISTING_CACHE && inProcess(config) ? changes : undefined, clock),
};

@Module({
  imports: [ProviderModule],
  providers: [...PLACES_PROVIDERS, LISTING_CACHE],
  exports: [...PLACES_PROVIDERS, ListingCache],
})
export class PlacesModule {}
