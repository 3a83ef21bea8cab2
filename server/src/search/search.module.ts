import { Module } from '@nestjs/common';
import { ProviderModule } from '../provider/provider.module';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** GET /api/assets (listing and search) and /api/assets/counts. */
@Module({
  imports: [ProviderModule],
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}
