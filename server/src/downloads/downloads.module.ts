import { Module } from '@nestjs/common';
import { ProviderModule } from '../provider/provider.module';
import { PlacesModule } from '../places/places.module';
import { DownloadsController } from './downloads.controller';
import { DownloadsService } from './downloads.service';

/** ZIP downloads of assets at chosen resolutions, through the provider's archives. */
@Module({
  imports: [ProviderModule, PlacesModule],
  controllers: [DownloadsController],
  providers: [DownloadsService],
})
export class DownloadsModule {}
