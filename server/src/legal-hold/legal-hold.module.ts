import { Module } from '@nestjs/common';
import { PlacesModule } from '../places/places.module';
import { ProviderModule } from '../provider/provider.module';
import { HeldContents } from './held-contents';
import { LegalHoldController } from './legal-hold.controller';
import { LegalHoldRepository } from './legal-hold.repository';
import { LegalHoldService } from './legal-hold.service';

/**
 * The holds themselves (hub.legal_hold), which the app root also hands the built-in provider as its
 * hold register (builtin-provider/holds/hold-register.ts).
 */
@Module({ providers: [LegalHoldRepository], exports: [LegalHoldRepository] })
export class LegalHoldStoreModule {}

/**
 * The hub's guard over the holds (docs/legal-hold.md), for every destructive path: the workflow's
 * permanent delete and junk purge, new versions, folder deletes, and the junk's listing.
 */
@Module({
  imports: [LegalHoldStoreModule, ProviderModule],
  providers: [HeldContents],
  exports: [LegalHoldStoreModule, HeldContents],
})
export class LegalHoldModule {}

/** The administrators' routes, where the api runs. */
@Module({
  imports: [LegalHoldModule, ProviderModule, PlacesModule],
  controllers: [LegalHoldController],
  providers: [LegalHoldService],
})
export class LegalHoldApiModule {}
