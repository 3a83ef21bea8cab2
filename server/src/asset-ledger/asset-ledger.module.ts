import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ProviderModule } from '../provider/provider.module';
import { AssetJobRunner } from './asset-job-runner';
import { ContentWorks } from './content-work';

/** The runner of the jobs that work content by content, for the features that own such jobs. */
@Module({
  imports: [ProviderModule, AuditModule],
  providers: [ContentWorks, AssetJobRunner],
  exports: [ContentWorks, AssetJobRunner],
})
export class AssetLedgerModule {}
