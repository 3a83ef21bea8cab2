import { Module } from '@nestjs/common';
import { ProviderModule } from '../provider/provider.module';
import { PlaceActions } from './place-actions';
import { PublishedReaders } from './published-readers';
import { SelectionPolicy } from './selection-policy';
import { WorkflowFolders } from './workflow-folders';

/** Where a folder sits (SPEC §3) and what SPEC §6 allows there: the base the feature modules share. */
export const PLACES_PROVIDERS = [WorkflowFolders, PlaceActions, SelectionPolicy, PublishedReaders];

@Module({
  imports: [ProviderModule],
  providers: PLACES_PROVIDERS,
  exports: PLACES_PROVIDERS,
})
export class PlacesModule {}
