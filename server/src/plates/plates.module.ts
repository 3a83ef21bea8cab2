import { Module } from '@nestjs/common';
import { PlacesModule } from '../places/places.module';
import { ProviderModule } from '../provider/provider.module';
import { PersonNamesModule } from '../users/person-names.module';
import { DetectPlatesHandler } from './detect-plates.handler';
import { OpenCvPlateDetector } from './opencv-plate-detector';
import { PLATE_DETECTOR } from './plate-detector';
import { PlateRecords } from './plate-records';
import { PlatesController, PlateViewsController } from './plates.controller';
import { PlatesService } from './plates.service';

/**
 * The detection job and the boxes' record (docs/plates.md), needed wherever workers run. The
 * detector loads opencv.js only when a detection first runs, so an api process never pays for it.
 */
@Module({
  imports: [ProviderModule],
  providers: [PlateRecords, DetectPlatesHandler, { provide: PLATE_DETECTOR, useClass: OpenCvPlateDetector }],
  exports: [PlateRecords],
})
export class PlatesModule {}

/** The boxes' routes, where the api runs. */
@Module({
  imports: [PlatesModule, PlacesModule, ProviderModule, PersonNamesModule],
  controllers: [PlatesController, PlateViewsController],
  providers: [PlatesService],
})
export class PlatesApiModule {}
