import { Module } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { ChangeFeed } from '../database/change-feed';
import { inProcess, ProviderModule } from '../provider/provider.module';
import { AssetLookupCache, CardPictureCache, ListingCache } from './listing-cache';
import { PlaceActions } from './place-actions';
import { PublishedReaders } from './published-readers';
import { SelectionPolicy } from './selection-policy';
import { WorkflowFolders } from './workflow-folders';

/** Where a folder sits (SPEC §3) and what SPEC §6 allows there: the base the feature modules share. */
export const PLACES_PROVIDERS = [WorkflowFolders, PlaceActions, SelectionPolicy, PublishedReaders];

/** Only the built-in provider in this process writes where the feed hears it. */
const heard = (config: AppConfig, changes: ChangeFeed) =>
  config.LISTING_CACHE && inProcess(config) ? changes : undefined;

/** What people see of contents, kept between requests (ListingCache, AssetLookupCache, CardPictureCache). */
const LISTING_CACHES = [
  {
    provide: ListingCache,
    inject: [APP_CONFIG, CLOCK, ChangeFeed],
    useFactory: (config: AppConfig, clock: Clock, changes: ChangeFeed) =>
      new ListingCache(heard(config, changes), clock),
  },
  {
    provide: AssetLookupCache,
    inject: [APP_CONFIG, CLOCK, ChangeFeed],
    useFactory: (config: AppConfig, clock: Clock, changes: ChangeFeed) =>
      new AssetLookupCache(heard(config, changes), clock),
  },
  {
    provide: CardPictureCache,
    inject: [APP_CONFIG, CLOCK, ChangeFeed],
    useFactory: (config: AppConfig, clock: Clock, changes: ChangeFeed) =>
      new CardPictureCache(heard(config, changes), clock),
  },
];

@Module({
  imports: [ProviderModule],
  providers: [...PLACES_PROVIDERS, ...LISTING_CACHES],
  exports: [...PLACES_PROVIDERS, ListingCache, AssetLookupCache, CardPictureCache],
})
export class PlacesModule {}
