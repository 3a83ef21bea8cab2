import { Module } from '@nestjs/common';
import { DuplicatesModule } from '../duplicates/duplicates.module';
import { PlacesModule } from '../places/places.module';
import { ProviderModule } from '../provider/provider.module';
import { PreflightController } from './preflight.controller';
import { PreflightHandler } from './preflight.handler';
import { PreflightRepository } from './preflight.repository';
import { PreflightRulesService } from './preflight-rules.service';

/** The pre-flight job and its reports (issue 27 point 1): needed where workers run and where the detail is read. */
@Module({
  imports: [ProviderModule, PlacesModule, DuplicatesModule],
  providers: [PreflightRepository, PreflightHandler],
  exports: [PreflightRepository],
})
export class PreflightModule {}

/** The administrators' rule editing, where the api runs. */
@Module({
  imports: [PreflightModule, PlacesModule],
  controllers: [PreflightController],
  providers: [PreflightRulesService],
})
export class PreflightApiModule {}
