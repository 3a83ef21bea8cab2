import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { IdentityModule } from '../identity/identity.module';
import { AccessRepository } from './access.repository';
import { ClientInformationController } from './client-information.controller';
import { CallerGuard, CallerResolver } from './provider-caller';

/** Who calls and what they may see: imported by every built-in provider module with @Authenticated endpoints. */
@Module({
  imports: [BuiltinProviderDatabaseModule, IdentityModule],
  controllers: [ClientInformationController],
  providers: [AccessRepository, CallerResolver, CallerGuard],
  exports: [AccessRepository, CallerResolver, CallerGuard],
})
export class AccessModule {}
