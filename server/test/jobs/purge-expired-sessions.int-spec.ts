import { randomUUID } from 'node:crypto';
import { lastValueFrom, timeout, toArray } from 'rxjs';
import { HubPrismaService } from '../../src/database/hub-prisma.service';
import { JobName, QueueName, SCHEDULES, queueOf, type JobPayloads } from '../../src/jobs/job-catalogue';
import { JobEventsService, type JobEvent } from '../../src/jobs/job-events.service';
import { JobFailureWatch } from '../../src/jobs/job-failure.watch';
import { JobQueues } from '../../src/jobs/job-queues';
import { JobWorkersBootstrap } from '../../src/jobs/job-workers.bootstrap';
import { JobsService } from '../../src/jobs/jobs.service';
import { PURGE_BATCH_SIZE } from '../../src/auth/purge-expired-sessions.handler';
import { startTestApp, type TestApp } from '../support/test-app';

// Whole-app integration: the project-level testTimeout (30 s) of jest.config.ts is not applied by Jest.

/** The purge job end to end: JobsService → Redis → worker → PostgreSQL, watched live. */
describe('maintenance/purge-expired-sessions (PostgreSQL + Redis)', () => {
  let t: TestApp;
  let jobs: JobsService;
  let events: JobEventsService;
  let prisma: HubPrismaService;

  beforeAll(async () => {
    t = await startTestApp();
    jobs = t.app.get(JobsService);
    events = t.app.get(JobEventsService);
    prisma = t.app.get(HubPrismaService);
  });
  afterAll(() => t.close());

  const EXPIRED = PURGE_BATCH_SIZE * 2 + 100;
  const LIVE = 5;

  async function seedSessions(prefix: string): Promise<void> {
    const now = Date.now();
    const row = (id: string, expiresAt: Date) => ({
      id,
      username: 'seed.user',
      providerToken: 'provider-token',
      csrfToken: 'csrf-token',
      expiresAt,
    });
    await prisma.session.createMany({
      data: [
        ...Array.from({ length: EXPIRED }, (_, i) =>
          row(`${prefix}-expired-${i}`, new Date(now - 60_000 - i * 1_000)),
        ),
        ...Array.from({ length: LIVE }, (_, i) => row(`${prefix}-live-${i}`, new Date(now + 3_600_000))),
      ],
    });
  }

  const countOf = (prefix: string) => prisma.session.count({ where: { id: { startsWith: prefix } } });

  /** Every event of the job's stream, until it ends. */
  const watchToEnd = (jobId: string): Promise<JobEvent[]> =>
    lastValueFrom(events.watch(jobId).pipe(toArray(), timeout(20_000)));

  async function recordOf(jobId: string): Promise<void> {
    for (let i = 0; i < 200; i += 1) {
      if (await prisma.jobRecord.findUnique({ where: { id: jobId } })) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`job ${jobId} was never recorded`);
  }

  it('deletes the expired sessions in batches, keeps the live ones, records and audits the run', async () => {
    await seedSessions('run1');
    const { jobId } = await jobs.submit(JobName.PurgeExpiredSessions, {}, 'admin.user');

    const seen = await watchToEnd(jobId);
    expect(seen.at(-1)).toEqual({ jobId, state: 'completed', progress: 100, result: { deleted: EXPIRED } });
    const progress = seen.map((e) => e.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    expect(await countOf('run1-expired-')).toBe(0);
    expect(await countOf('run1-live-')).toBe(LIVE);

    const record = await jobs.get(jobId);
    expect(record).toMatchObject({
      id: jobId,
      queue: QueueName.Maintenance,
      name: JobName.PurgeExpiredSessions,
      state: 'completed',
      progress: 100,
      attempts: 1,
      payload: {},
      result: { deleted: EXPIRED },
      errorCode: null,
      createdBy: 'admin.user',
    });
    expect(record.finishedAt?.getTime()).toBeGreaterThanOrEqual(record.createdAt.getTime());

    const audit = await prisma.auditRecord.findMany({ where: { jobId } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: 'admin.user',
      action: 'purge-expired-sessions',
      outcome: 'success',
      after: { deleted: EXPIRED },
      errorCode: null,
    });
  });

  it('is idempotent: run again, it deletes nothing more and still succeeds', async () => {
    const { jobId } = await jobs.submit(JobName.PurgeExpiredSessions, {}, 'admin.user');
    const seen = await watchToEnd(jobId);
    expect(seen.at(-1)).toEqual({ jobId, state: 'completed', progress: 100, result: { deleted: 0 } });
    expect(await countOf('run1-live-')).toBe(LIVE);
    expect(await prisma.auditRecord.findMany({ where: { jobId } })).toEqual([
      expect.objectContaining({ outcome: 'success', after: { deleted: 0 } }),
    ]);
  });

  it('tells a late watcher at once that the job has finished', async () => {
    const { jobId } = await jobs.submit(JobName.PurgeExpiredSessions, {}, 'admin.user');
    await watchToEnd(jobId);
    expect(await watchToEnd(jobId)).toEqual([
      { jobId, state: 'completed', progress: 100, result: { deleted: 0 } },
    ]);
  });

  it('submits a job once per explicit job id', async () => {
    const jobId = `purge-${randomUUID()}`;
    const first = await jobs.submit(JobName.PurgeExpiredSessions, {}, 'admin.user', { jobId });
    const second = await jobs.submit(JobName.PurgeExpiredSessions, {}, 'someone.else', { jobId });
    expect(second).toEqual(first);
    await watchToEnd(jobId);
    expect(await prisma.jobRecord.count({ where: { id: jobId } })).toBe(1);
    expect((await jobs.get(jobId)).createdBy).toBe('admin.user');
    expect(await prisma.auditRecord.count({ where: { jobId } })).toBe(1);
  });

  it('refuses an invalid payload at submit and records nothing', async () => {
    const before = await prisma.jobRecord.count();
    // What an untyped caller (JSON from elsewhere) could pass.
    const payload: JobPayloads[JobName.PurgeExpiredSessions] = JSON.parse('{"sessionId":42}');
    await expect(jobs.submit(JobName.PurgeExpiredSessions, payload, 'admin.user')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
    });
    expect(await prisma.jobRecord.count()).toBe(before);
  });

  it('fails a job whose payload the handler rejects at once, counted, coded and audited', async () => {
    // A payload no submit accepts (e.g. left in Redis by an older release): the handler's check refuses it.
    const jobId = randomUUID();
    await t.app
      .get(JobQueues)
      .get(QueueName.Maintenance)
      .add(JobName.PurgeExpiredSessions, { sessionId: 42 }, { jobId });
    await recordOf(jobId);

    const seen = await watchToEnd(jobId);
    expect(seen.at(-1)).toEqual({ jobId, state: 'failed', progress: 0, errorCode: 'JOB_INVALID_PAYLOAD' });
    const record = await jobs.get(jobId);
    expect(record).toMatchObject({
      state: 'failed',
      attempts: 1,
      errorCode: 'JOB_INVALID_PAYLOAD',
      createdBy: 'system',
    });
    expect(record.finishedAt).toBeInstanceOf(Date);
    expect(await prisma.auditRecord.findMany({ where: { jobId } })).toEqual([
      expect.objectContaining({
        actor: 'system',
        action: 'purge-expired-sessions',
        outcome: 'failure',
        errorCode: 'JOB_INVALID_PAYLOAD',
      }),
    ]);
    // Permanent: BullMQ did not retry it.
    const job = await t.app.get(JobQueues).get(QueueName.Maintenance).getJob(jobId);
    expect(job?.attemptsMade).toBe(1);
    expect(await job?.getState()).toBe('failed');
  });

  it('records, once, a job BullMQ failed without its handler (a worker died mid-run too often)', async () => {
    const id = randomUUID();
    await prisma.jobRecord.create({
      data: {
        id,
        queue: 'maintenance',
        name: 'purge-expired-sessions',
        state: 'active',
        payload: {},
        createdBy: 'anna.admin',
      },
    });
    const watch = t.app.get(JobFailureWatch);
    await Promise.all([
      watch.settle(id, 'job stalled more than allowable limit'),
      watch.settle(id, 'job stalled more than allowable limit'),
    ]);
    expect(await jobs.get(id)).toMatchObject({
      state: 'failed',
      errorCode: 'JOB_STALLED',
      finishedAt: expect.any(Date),
    });
    expect(await prisma.auditRecord.findMany({ where: { jobId: id } })).toEqual([
      expect.objectContaining({ actor: 'anna.admin', outcome: 'failure', errorCode: 'JOB_STALLED' }),
    ]);
  });

  it('answers 404 for the stream of an unknown job', async () => {
    await expect(watchToEnd(randomUUID())).rejects.toMatchObject({ status: 404 });
  });

  it('schedules the nightly purge once, however many times workers upsert it', async () => {
    const queue = t.app.get(JobQueues).get(QueueName.Maintenance);
    await t.app.get(JobWorkersBootstrap).onApplicationBootstrap();
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toHaveLength(SCHEDULES.filter((s) => queueOf(s.job) === QueueName.Maintenance).length);
    // Redis lists schedulers by their next run, which depends on the hour the suite runs.
    expect(schedulers.find((s) => s.key === 'nightly-purge-expired-sessions')).toMatchObject({
      name: JobName.PurgeExpiredSessions,
      pattern: '0 3 * * *',
      tz: 'UTC',
    });
  });
});
