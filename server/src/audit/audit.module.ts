import { Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository';

/**
 * The audit ledger: its one repository, which jobs, workflow and the schedules write through. A plain
 * ledger below jobs: it imports nothing of theirs (its search and the job stories are job-story/).
 */
@Module({
  providers: [AuditRepository],
  exports: [AuditRepository],
})
export class AuditModule {}
