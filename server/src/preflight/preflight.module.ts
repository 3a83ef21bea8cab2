import { Module } from '@nestjs/common';
import { PlacesModule } from '../places/places.module';
import { ProviderModule } from '../provider/provider.module';
import { DuplicatePairsRepository } from './duplicate-pairs.repository';
import { FingerprintsRepository } from './fingerprints.repository';
import { PreflightController } from './preflight.controller';
import { PreflightHandler } from './preflight.handler';
import { PreflightRepository } from './preflight.repository';
import { PreflightRulesService } from './preflight-rules.service';

/**
 * The pre-flight job, its reports, the versions' fingerprints and the duplicate pairs it finds
 * (issue 27): needed where workers run and where the detail, the review and the upload check read them.
 */
@Module({
  imports: [ProviderModule, PlacesModule],
  providers: [PreflightRepository, PreflightHandler, FingerprintsRepository, DuplicatePairsRepository],
  // The fingerprints and the pairs it finds are read by the duplicates review and the upload check.
  exports: [PreflightRepository, FingerprintsRepository, DuplicatePairsRepository],
})
export class PreflightModule {}

/** The administrators' rule editing, where the api runs. */
@Module({
  imports: [PreflightModule, PlacesModule],
  controllers: [PreflightController],
  providers: [PreflightRulesService],
})
export class PreflightApiModule {}
