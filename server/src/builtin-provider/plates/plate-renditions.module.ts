import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { PlateRenditions } from './plate-renditions';
import { PlateRenditionsRepository } from './plate-renditions.repository';
import { RenderPlateRenditionsHandler } from './render-plate-renditions.handler';

/** The blurred renditions' keys and requests, for the share page, share creation and tagging. */
@Module({
  imports: [BuiltinProviderDatabaseModule],
  providers: [PlateRenditions, PlateRenditionsRepository],
  exports: [PlateRenditions],
})
export class PlateRenditionsModule {}

/** Their rendering job, where workers run with the built-in provider (AppModule). */
@Module({
  imports: [PlateRenditionsModule, BuiltinProviderDatabaseModule],
  providers: [RenderPlateRenditionsHandler, PlateRenditionsRepository],
})
export class PlateRenderingModule {}
