import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { PurgeExpiredSessionsHandler } from './purge-expired-sessions.handler';
import { SessionRepository } from './session.repository';

/** The expired-sessions purge, where workers run (AppModule): auth owns the session table. */
@Module({
  imports: [AuditModule],
  providers: [SessionRepository, PurgeExpiredSessionsHandler],
})
export class SessionPurgeModule {}
