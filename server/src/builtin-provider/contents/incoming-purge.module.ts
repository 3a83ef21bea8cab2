import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit/audit.module';
import { BuiltinProviderDatabaseModule } from '../builtin-provider-database.module';
import { ContentRepository } from './content.repository';
import { PurgeIncomingOrphansHandler } from './purge-incoming-orphans.handler';

/** The incoming clean-up job, where workers run with the built-in provider (AppModule). */
@Module({
  imports: [BuiltinProviderDatabaseModule, AuditModule],
  providers: [ContentRepository, PurgeIncomingOrphansHandler],
})
export class IncomingPurgeModule {}
