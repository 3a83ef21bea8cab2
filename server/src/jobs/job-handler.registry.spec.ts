import { ALL_JOBS, JobName } from './job-catalogue';
import type { JobHandler } from './job-handler';
import { JobCatalogueError, JobHandlerRegistry } from './job-handler.registry';

const handler: JobHandler = { handle: async () => ({ deleted: 0 }) };
const media: JobHandler = { handle: async () => ({ derivatives: [], state: 'skipped' as const }) };

describe('JobHandlerRegistry, the catalogue check', () => {
  it('passes when every job of the catalogue has a handler', () => {
    const registry = new JobHandlerRegistry();
    const others = ALL_JOBS.filter(
      (name) => name !== JobName.PurgeExpiredSessions && name !== JobName.MakeDerivatives,
    );
    registry.register([
      { name: JobName.PurgeExpiredSessions, handler, source: 'PurgeExpiredSessionsHandler' },
      { name: JobName.MakeDerivatives, handler: media, source: 'MakeDerivativesHandler' },
      ...others.map((name) => ({ name, handler, source: `${name} handler` })),
    ]);

    expect(() => registry.assertComplete()).not.toThrow();
    expect(registry.handlerFor(JobName.PurgeExpiredSessions)).toBe(handler);
  });

  it('fails, naming queue and job, when a job has no handler (a worker must not boot)', () => {
    const registry = new JobHandlerRegistry();
    registry.register([]);

    expect(() => registry.assertComplete()).toThrow(JobCatalogueError);
    expect(() => registry.assertComplete()).toThrow(
      'job "maintenance/purge-expired-sessions" has no registered handler',
    );
  });

  it('fails when two handlers claim one job', () => {
    const registry = new JobHandlerRegistry();

    expect(() =>
      registry.register([
        { name: JobName.PurgeExpiredSessions, handler, source: 'FirstHandler' },
        { name: JobName.PurgeExpiredSessions, handler, source: 'SecondHandler' },
      ]),
    ).toThrow('job "purge-expired-sessions" has two handlers: FirstHandler and SecondHandler');
  });
});
