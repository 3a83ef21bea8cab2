import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { PurgeExpiredUploadsHandler } from './purge-expired-uploads.handler';
import { UploadFiles } from './upload-files';

/** The expired-uploads purge, where workers run (AppModule): assets own the unfinished uploads. */
@Module({
  imports: [AuditModule],
  providers: [UploadFiles, PurgeExpiredUploadsHandler],
})
export class UploadPurgeModule {}
