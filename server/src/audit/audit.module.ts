import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** The audit log search for administrators (the jobs module writes the log). */
@Module({
  controllers: [AuditController],
  providers: [AuditRepository, AuditService],
})
export class AuditModule {}
