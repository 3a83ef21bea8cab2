import { Module } from '@nestjs/common';
import { ProviderModule } from '../provider/provider.module';
import { SharingApiModule } from '../sharing/sharing.module';
import { RegistryController } from './registry.controller';
import { RegistryRepository } from './registry.repository';
import { RegistryService } from './registry.service';

/** The registry routes of the content service (SPEC §7), where the api runs. */
@Module({
  imports: [ProviderModule, SharingApiModule],
  controllers: [RegistryController],
  providers: [RegistryService, RegistryRepository],
})
export class RegistryApiModule {}
