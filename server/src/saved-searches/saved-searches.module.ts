import { Module } from '@nestjs/common';
import { SavedSearchesController } from './saved-searches.controller';
import { SavedSearchesRepository } from './saved-searches.repository';
import { SavedSearchesService } from './saved-searches.service';
import { ShareTargets } from './share-targets';
import { ShareTargetsRepository } from './share-targets.repository';

/** Whom saved searches and collections are shared with (the hub directory), checked alike for both. */
@Module({
  providers: [ShareTargetsRepository, ShareTargets],
  exports: [ShareTargets],
})
export class ShareTargetsModule {}

/** Saved searches (docs/saved-searches.md), where the api runs. */
@Module({
  imports: [ShareTargetsModule],
  controllers: [SavedSearchesController],
  providers: [SavedSearchesRepository, SavedSearchesService],
})
export class SavedSearchesApiModule {}
