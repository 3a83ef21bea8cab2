import { Module } from '@nestjs/common';
import { AssetLedgerModule } from '../asset-ledger/asset-ledger.module';
import { AuditModule } from '../audit/audit.module';
import { PlacesModule } from '../places/places.module';
import { ProviderModule } from '../provider/provider.module';
import { RejectionChecklistModule } from '../rejection-checklist/rejection-checklist.module';
import { SharingModule } from '../sharing/sharing.module';
import { LegalHoldModule } from '../legal-hold/legal-hold.module';
import { AssetSteps } from './asset-steps';
import { PurgeJunkHandler } from './purge-junk.handler';
import { WorkflowController } from './workflow.controller';
import { WORKFLOW_HANDLERS } from './workflow.handlers';
import { WorkflowService } from './workflow.service';

/**
 * The approval workflow and the junk (SPEC §4): the jobs' handlers, needed wherever workers run
 * (they reach the provider over HTTP either way). No feature imports it: uploads enter the workflow
 * through assets/workflow-entry, an asset's place and actions are in PlacesModule, the job runner
 * in AssetLedgerModule; the rejection mail is sharing's (SharingModule).
 */
@Module({
  imports: [
    ProviderModule,
    AuditModule,
    PlacesModule,
    AssetLedgerModule,
    SharingModule,
    RejectionChecklistModule,
    LegalHoldModule,
  ],
  providers: [WorkflowService, AssetSteps, PurgeJunkHandler, ...WORKFLOW_HANDLERS],
  exports: [WorkflowService],
})
export class WorkflowModule {}

/** `POST /api/workflow/{action}`, where the api runs. */
@Module({
  imports: [WorkflowModule],
  controllers: [WorkflowController],
})
export class WorkflowApiModule {}
