import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { PlacesModule } from '../places/places.module';
import { ProviderModule } from '../provider/provider.module';
import { AssetSteps } from './asset-steps';
import { PurgeJunkHandler } from './purge-junk.handler';
import { RejectionMails } from './rejection-mail';
import { WorkflowEntry } from './workflow-entry';
import { WorkflowJobRunner } from './workflow-job';
import { WorkflowController } from './workflow.controller';
import { WORKFLOW_HANDLERS } from './workflow.handlers';
import { WorkflowService } from './workflow.service';

/**
 * The approval workflow and the junk (SPEC §4): the jobs' handlers, needed wherever workers run
 * (they reach the provider over HTTP either way). Uploads import it for the entry into the
 * workflow; an asset's place and actions are in PlacesModule.
 */
@Module({
  imports: [ProviderModule, AuditModule, PlacesModule],
  providers: [
    WorkflowService,
    WorkflowEntry,
    AssetSteps,
    WorkflowJobRunner,
    PurgeJunkHandler,
    RejectionMails,
    ...WORKFLOW_HANDLERS,
  ],
  exports: [WorkflowService, WorkflowEntry, WorkflowJobRunner, RejectionMails],
})
export class WorkflowModule {}

/** `POST /api/workflow/{action}`, where the api runs. */
@Module({
  imports: [WorkflowModule],
  controllers: [WorkflowController],
})
export class WorkflowApiModule {}
