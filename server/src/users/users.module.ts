import { Module } from '@nestjs/common';
import { ProviderModule } from '../provider/provider.module';
import { ASSET_PEOPLE, ProviderAssetPeople } from './asset-people';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** User search over the hub's directory (SPEC §7). */
@Module({
  imports: [ProviderModule],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, { provide: ASSET_PEOPLE, useClass: ProviderAssetPeople }],
  exports: [UsersService],
})
export class UsersModule {}
