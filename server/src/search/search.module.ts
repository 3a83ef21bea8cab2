import { Module } from '@nestjs/common';
import { PlacesModule } from '../places/places.module';
import { ProviderModule } from '../provider/provider.module';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** GET /api/assets (listing and search) and /api/assets/counts. */
@Module({
  imports: [ProviderModule, PlacesModule],
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}
