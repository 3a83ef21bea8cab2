import { Module } from '@nestjs/common';
import { ProviderModule } from '../provider/provider.module';
import { TagOptionsController } from './tag-options.controller';
import { TagOptionsService } from './tag-options.service';

/** `GET /api/tags/definitions`, where the api runs. */
@Module({
  imports: [ProviderModule],
  controllers: [TagOptionsController],
  providers: [TagOptionsService],
})
export class TaggingApiModule {}
