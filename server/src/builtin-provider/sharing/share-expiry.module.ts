import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { ExpireSharesHandler } from './expire-shares.handler';
import { ShareRepository } from './share.repository';

/** The share expiry job, where workers run with the built-in provider (AppModule). */
@Module({
  imports: [BuiltinProviderDatabaseModule, AuditModule],
  providers: [ShareRepository, ExpireSharesHandler],
})
export class ShareExpiryModule {}
