import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullRegistrar } from '@nestjs/bullmq';
import { Test } from '@nestjs/testing';
import { ALL_JOBS, JOBS, JobName, QueueName, SCHEDULES, jobOptionsOf, queueOf } from './job-catalogue';
import { JobHandlerFor, type JobHandler } from './job-handler';
import { JobCatalogueError, JobHandlerRegistry } from './job-handler.registry';
import { JobQueues } from './job-queues';
import { JobWorkersBootstrap } from './job-workers.bootstrap';
import { WORKER_QUEUES } from './worker-queues';

@JobHandlerFor(JobName.PurgeExpiredSessions)
@Injectable()
class FakePurgeHandler implements JobHandler<JobName.PurgeExpiredSessions> {
  async handle() {
    return { deleted: 0 };
  }
}

@JobHandlerFor(JobName.MakeDerivatives)
@Injectable()
class FakeDerivativesHandler implements JobHandler<JobName.MakeDerivatives> {
  async handle() {
    return { derivatives: [], state: 'skipped' as const };
  }
}

/** A handler class for a job these tests do not look into (discovered like the real ones). */
function fakeHandlerFor(name: JobName) {
  @JobHandlerFor(name)
  @Injectable()
  class FakeHandler implements JobHandler {
    async handle(): Promise<never> {
      throw new Error(`${name} is not run here`);
    }
  }
  return FakeHandler;
}

/** Fakes for every job of the catalogue on `queues` but the two above. */
function otherHandlers(queues: readonly QueueName[] = Object.values(QueueName)) {
  return ALL_JOBS.filter(
    (name) =>
      name !== JobName.PurgeExpiredSessions &&
      name !== JobName.MakeDerivatives &&
      queues.includes(JOBS[name].queue),
  ).map(fakeHandlerFor);
}

function fakes() {
  const registrar = { register: jest.fn() };
  const upserts: unknown[][] = [];
  const queues = {
    get: (queue: QueueName) => ({
      upsertJobScheduler: async (...args: unknown[]) => {
        upserts.push([queue, ...args]);
      },
    }),
  };
  return { registrar, queues, upserts };
}

async function boot(
  handlers: (new (...args: never[]) => JobHandler)[],
  workerQueues: QueueName[] = Object.values(QueueName),
) {
  const { registrar, queues, upserts } = fakes();
  const module = await Test.createTestingModule({
    imports: [DiscoveryModule],
    providers: [
      JobHandlerRegistry,
      JobWorkersBootstrap,
      { provide: BullRegistrar, useValue: registrar },
      { provide: JobQueues, useValue: queues },
      { provide: WORKER_QUEUES, useValue: workerQueues },
      ...handlers,
    ],
  }).compile();
  return { module, registrar, upserts };
}

describe('JobWorkersBootstrap', () => {
  it('refuses to boot, and starts no worker, when a job of the catalogue has no handler', async () => {
    const { module, registrar } = await boot([]);

    await expect(module.init()).rejects.toThrow(JobCatalogueError);
    expect(registrar.register).not.toHaveBeenCalled();
  });

  it('registers the discovered handlers, then starts the workers, then upserts every schedule', async () => {
    const { module, registrar, upserts } = await boot([
      FakePurgeHandler,
      FakeDerivativesHandler,
      ...otherHandlers(),
    ]);

    await module.init();

    expect(module.get(JobHandlerRegistry).handlerFor(JobName.PurgeExpiredSessions)).toBeInstanceOf(
      FakePurgeHandler,
    );
    expect(registrar.register).toHaveBeenCalledTimes(1);
    expect(upserts).toEqual(
      SCHEDULES.map((s) => [
        queueOf(s.job),
        s.id,
        { pattern: s.pattern, tz: s.tz },
        { name: s.job, data: s.payload, opts: jobOptionsOf(s.job) },
      ]),
    );
    await module.close();
  });

  it("needs handlers only for its own queues' jobs (no media worker without the built-in provider)", async () => {
    const { module, registrar, upserts } = await boot(
      [FakePurgeHandler, ...otherHandlers([QueueName.Maintenance])],
      [QueueName.Maintenance],
    );

    await module.init();

    expect(registrar.register).toHaveBeenCalledTimes(1);
    // The built-in provider's own clean-up is neither needed nor scheduled without it.
    expect(upserts.map(([queue, job]) => `${String(queue)} ${String(job)}`)).toEqual(
      SCHEDULES.filter((s) => queueOf(s.job) === QueueName.Maintenance).map((s) => `maintenance ${s.id}`),
    );
    expect(upserts.map(([, id]) => id)).not.toContain('hourly-purge-incoming-orphans');
    await module.close();
  });
});
