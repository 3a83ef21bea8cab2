import { Processor } from '@nestjs/bullmq';
import { CatalogueProcessor } from '../catalogue.processor';
import { QueueName, workerOptionsOf } from '../job-catalogue';

/** Previews, posters, proxies and metadata of contents (handlers live with the provider). */
@Processor(QueueName.Media, workerOptionsOf(QueueName.Media))
export class MediaProcessor extends CatalogueProcessor {
  readonly queue = QueueName.Media;
}
