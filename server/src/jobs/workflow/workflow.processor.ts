import { Processor } from '@nestjs/bullmq';
import { CatalogueProcessor } from '../catalogue.processor';
import { QueueName, workerOptionsOf } from '../job-catalogue';

/** Approval, moves, junk and restore (handlers live in server/src/workflow). */
@Processor(QueueName.Workflow, workerOptionsOf(QueueName.Workflow))
export class WorkflowProcessor extends CatalogueProcessor {
  readonly queue = QueueName.Workflow;
}
