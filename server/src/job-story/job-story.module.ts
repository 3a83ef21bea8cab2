import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ProviderModule } from '../provider/provider.module';
import { PersonNamesModule } from '../users/person-names.module';
import { AuditController } from './audit.controller';
import { AuditService } from './audit.service';
import { JobDetailController } from './job-detail.controller';

/**
 * The read side above jobs and the audit ledger: a job's story (its payload decoded, its ids named
 * by the provider), the audit log search that tells each job's row as a story, and the job detail.
 * Nothing below imports it.
 */
@Module({
  imports: [AuditModule, ProviderModule, PersonNamesModule],
  controllers: [JobDetailController, AuditController],
  providers: [AuditService],
})
export class JobStoryModule {}
