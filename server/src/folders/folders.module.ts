import { Module } from '@nestjs/common';
import { ProviderModule } from '../provider/provider.module';
import { PlacesModule } from '../places/places.module';
import { LegalHoldModule } from '../legal-hold/legal-hold.module';
import { FoldersController } from './folders.controller';
import { FoldersService } from './folders.service';

/** The folder tree and folder changes of the hub API. */
@Module({
  imports: [ProviderModule, PlacesModule, LegalHoldModule],
  controllers: [FoldersController],
  providers: [FoldersService],
})
export class FoldersModule {}
