import { Module } from '@nestjs/common';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { HoldSubjectsRepository } from './holds.repository';
import { ProviderHolds } from './provider-holds';

/** The legal-hold guard of the built-in provider's destructive endpoints (HOLD_REGISTER given by the app root). */
@Module({
  imports: [BuiltinProviderDatabaseModule],
  providers: [HoldSubjectsRepository, ProviderHolds],
  exports: [ProviderHolds],
})
export class ProviderHoldsModule {}
