import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobName } from '../../jobs/job-catalogue';
import { JobsRepository } from '../../jobs/jobs.repository';
import { Metrics } from '../../metrics/metrics';

/** Reports the external renditions still pending, from the job records, where the share page runs. */
@Injectable()
export class PendingRenditionsMetric implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly jobs: JobsRepository,
  ) {}

  onModuleInit(): void {
    this.metrics.observePendingPlateRenditions(() => this.jobs.countUnfinished(JobName.PlatesRender));
  }
}
