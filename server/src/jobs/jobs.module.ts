import { Module, type DynamicModule, type ModuleMetadata, type Provider, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule } from '@nestjs/bullmq';
import { AuditModule } from '../audit/audit.module';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import type { CatalogueProcessor } from './catalogue.processor';
import { ALL_QUEUES, QueueName } from './job-catalogue';
import { WORKER_QUEUES } from './worker-queues';
import { JobEventsService } from './job-events.service';
import { JobFailureWatch } from './job-failure.watch';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobQueues } from './job-queues';
import { JobRunner } from './job-runner';
import { JobWorkersBootstrap } from './job-workers.bootstrap';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';
import { MaintenanceProcessor } from './maintenance.processor';
import { QueueMetrics } from './queue-metrics';
import { MediaProcessor } from './media/media.processor';
import { WorkflowProcessor } from './workflow/workflow.processor';
import { blockingConnectionOf } from '../common/redis/redis-connection';

/** One processor per queue of the catalogue (the compiler asks for a new queue's). */
const PROCESSORS: Record<QueueName, Type<CatalogueProcessor>> = {
  [QueueName.Maintenance]: MaintenanceProcessor,
  [QueueName.Media]: MediaProcessor,
  [QueueName.Workflow]: WorkflowProcessor,
};

/**
 * Queues, job records and live progress for every process; processors,
 * handlers and schedules only where `runWorkers` (the api process only enqueues and watches).
 * Global: any feature module may inject `JobsService`.
 */
@Module({})
export class JobsModule {
  /**
   * `queues`: what this process's workers take (default all); e.g. no `media` without the built-in provider.
   * `reportQueues`: this process's metrics report the queues' backlog.
   */
  static forRoot(options: {
    runWorkers: boolean;
    reportQueues?: boolean;
    queues?: readonly QueueName[];
  }): DynamicModule {
    const queues = options.queues ?? ALL_QUEUES;
    const imports: ModuleMetadata['imports'] = [AuditModule];
    const providers: Provider[] = [JobsRepository, JobsService, JobQueues, JobEventsService];
    if (options.reportQueues) providers.push(QueueMetrics);
    if (options.runWorkers) {
      imports.push(
        DiscoveryModule,
        BullModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => ({
            connection: blockingConnectionOf(config),
            prefix: config.REDIS_PREFIX,
          }),
          // Workers start only once every job of the catalogue has a handler (JobWorkersBootstrap).
          extraOptions: { manualRegistration: true },
        }),
        // No queue here (JobQueues owns the producers): this brings in the explorer that turns
        // each @Processor into a BullMQ Worker over the shared configuration above.
        BullModule.registerQueue(),
      );
      providers.push(
        JobHandlerRegistry,
        JobRunner,
        JobWorkersBootstrap,
        JobFailureWatch,
        { provide: WORKER_QUEUES, useValue: queues },
        ...queues.map((q) => PROCESSORS[q]),
      );
    }
    return {
      module: JobsModule,
      global: true,
      imports,
      providers,
      controllers: [JobsController],
      exports: [JobsService, JobEventsService, JobsRepository, JobQueues],
    };
  }
}
