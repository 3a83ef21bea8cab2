import { Module } from '@nestjs/common';
import { ProviderModule } from '../provider/provider.module';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** The audit log: its one repository (jobs and workflow write through it) and its search for administrators. */
@Module({
  imports: [ProviderModule],
  controllers: [AuditController],
  providers: [AuditRepository, AuditService],
  exports: [AuditRepository, AuditService],
})
export class AuditModule {}
