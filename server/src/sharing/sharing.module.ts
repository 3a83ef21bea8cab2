import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ProviderModule } from '../provider/provider.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { ExternalShareHandler } from './external-share.handler';
import { ExternalSharesController } from './external-shares.controller';
import { ExternalSharesService } from './external-shares.service';
import { ShareMailer } from './share-mailer';
import { ShareSecrets } from './share-secrets';

/** The external share job, wherever workers run. */
@Module({
  imports: [ProviderModule, AuditModule],
  providers: [ExternalShareHandler, ShareMailer, ShareSecrets],
  exports: [ShareSecrets],
})
export class SharingModule {}

/** The external share routes, wherever the api runs. */
@Module({
  imports: [SharingModule, ProviderModule, WorkflowModule],
  controllers: [ExternalSharesController],
  providers: [ExternalSharesService],
  // The registry's share-and-publish creates its share through this one service.
  exports: [ExternalSharesService],
})
export class SharingApiModule {}
