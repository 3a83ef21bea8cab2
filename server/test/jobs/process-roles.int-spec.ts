import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { lastValueFrom, timeout, toArray } from 'rxjs';
import { AppModule } from '../../src/app.module';
import { JobName, QueueName } from '../../src/jobs/job-catalogue';
import { JobQueues } from '../../src/jobs/job-queues';
import { JobEventsService } from '../../src/jobs/job-events.service';
import { JobsService } from '../../src/jobs/jobs.service';
import { startTestApp, type TestApp } from '../support/test-app';

// Whole-app integration: the project-level testTimeout (30 s) of jest.config.ts is not applied by Jest.

/** PROCESS_ROLE=api only enqueues and watches; a PROCESS_ROLE=worker process (as worker.ts starts it) runs the job. */
describe('api and worker processes', () => {
  let api: TestApp;
  const workers: INestApplicationContext[] = [];

  async function startWorker(): Promise<void> {
    const worker = await NestFactory.createApplicationContext(
      AppModule.forRoot({ ...api.config, PROCESS_ROLE: 'worker' }),
      { logger: false },
    );
    workers.push(worker);
    await worker.init();
  }

  beforeAll(async () => {
    api = await startTestApp({ PROCESS_ROLE: 'api' });
  });
  afterAll(async () => {
    for (const worker of workers) await worker.close();
    await api.close();
  });

  it('leaves a job waiting in an api process, and a worker process on the same Redis runs it', async () => {
    const queue = api.app.get(JobQueues).get(QueueName.Maintenance);
    expect(await queue.getJobSchedulersCount()).toBe(0); // schedules belong to workers
    const jobs = api.app.get(JobsService);
    const { jobId } = await jobs.submit(JobName.PurgeExpiredSessions, {}, 'admin.user');
    await new Promise((r) => setTimeout(r, 300));
    expect((await jobs.get(jobId)).state).toBe('waiting');

    const watched = lastValueFrom(
      api.app.get(JobEventsService).watch(jobId).pipe(toArray(), timeout(20_000)),
    );
    await startWorker();

    const events = await watched;
    expect(events[0]).toEqual({ jobId, state: 'waiting', progress: 0 });
    expect(events.at(-1)).toEqual({ jobId, state: 'completed', progress: 100, result: { deleted: 0 } });
  });

  it('keeps one nightly schedule however many workers start', async () => {
    await startWorker();
    const schedulers = await api.app.get(JobQueues).get(QueueName.Maintenance).getJobSchedulers();
    expect(schedulers.map((s) => s.key).sort()).toEqual([
      'daily-rights-digest',
      'daily-rights-notices',
      'hourly-purge-expired-uploads',
      'nightly-purge-expired-sessions',
      'nightly-purge-junk',
    ]);
  });
});
