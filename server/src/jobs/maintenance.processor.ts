import { Processor } from '@nestjs/bullmq';
import { CatalogueProcessor } from './catalogue.processor';
import { QueueName, workerOptionsOf } from './job-catalogue';

@Processor(QueueName.Maintenance, workerOptionsOf(QueueName.Maintenance))
export class MaintenanceProcessor extends CatalogueProcessor {
  readonly queue = QueueName.Maintenance;
}
