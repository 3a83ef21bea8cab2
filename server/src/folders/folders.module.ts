import { Module } from '@nestjs/common';
import { ProviderModule } from '../provider/provider.module';
import { PlacesModule } from '../places/places.module';
import { FoldersController } from './folders.controller';
import { FoldersService } from './folders.service';

/** The folder tree and folder changes of the hub API. */
@Module({
  imports: [ProviderModule, PlacesModule],
  controllers: [FoldersController],
  providers: [FoldersService],
})
export class FoldersModule {}
