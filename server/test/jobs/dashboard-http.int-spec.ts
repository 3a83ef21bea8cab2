import { randomUUID } from 'node:crypto';
import { lastValueFrom, timeout, toArray } from 'rxjs';
import type { JobListResponse, JobSummary, QueueOutcomesResponse, QueueStatsResponse } from '@paddock/rules';
import { HubPrismaService } from '../../src/database/hub-prisma.service';
import { JobName, QueueName } from '../../src/jobs/job-catalogue';
import { JobEventsService, type JobEvent } from '../../src/jobs/job-events.service';
import { JobQueues } from '../../src/jobs/job-queues';
import { callAs, seedPerson, signInWithCookie, type CookieSession } from '../support/cookie-session';
import { startTestApp, type TestApp } from '../support/test-app';

type Session = CookieSession;

// Whole-app integration: the project-level testTimeout (30 s) of jest.config.ts is not applied by Jest.

/** The job dashboard's admin routes over HTTP: queue counts, the paged list, retry and cancel. */
describe('job dashboard (HTTP, real queues)', () => {
  let t: TestApp;
  let prisma: HubPrismaService;
  let queues: JobQueues;
  let admin: Session;
  let mario: Session;
  const PASSWORD = 'Dashboard-password-1!';

  const signIn = (username: string) => signInWithCookie(t, username, PASSWORD);

  const call = (path: string, who?: Session, init?: RequestInit) => callAs(t, path, who, init);
  const post = (path: string, who?: Session) => call(path, who, { method: 'POST' });

  /** Every event of the job's stream until it ends. */
  const watchToEnd = (jobId: string): Promise<JobEvent[]> =>
    lastValueFrom(t.app.get(JobEventsService).watch(jobId).pipe(toArray(), timeout(20_000)));

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 400; i += 1) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('never happened');
  }

  const recordOf = (id: string) => prisma.jobRecord.findUnique({ where: { id } });

  beforeAll(async () => {
    t = await startTestApp();
    prisma = t.app.get(HubPrismaService);
    queues = t.app.get(JobQueues);
    const user = (username: string, groups: string[]) => seedPerson(t, username, groups, PASSWORD);
    await user('anna.admin', ['PADDOCK.ADMIN', 'L/MARKETING']);
    await user('mario.rossi', ['PADDOCK.USER', 'L/MARKETING']);
    admin = await signIn('anna.admin');
    mario = await signIn('mario.rossi');
  });
  afterAll(() => t.close());

  it('keeps queues and retry for administrators: 401 without a session, 403 for a user', async () => {
    const id = randomUUID();
    expect((await call('/api/jobs/queues')).status).toBe(401);
    expect((await call('/api/jobs/outcomes')).status).toBe(401);
    expect((await post(`/api/jobs/${id}/retry`)).status).toBe(401);
    expect((await post(`/api/jobs/${id}/cancel`)).status).toBe(401);
    for (const res of [
      await call('/api/jobs/queues', mario),
      await call('/api/jobs/outcomes', mario),
      await post(`/api/jobs/${id}/retry`, mario),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await post(`/api/jobs/${id}/retry`, admin)).status).toBe(404);
    // Cancel is every submitter's (My jobs): an unknown job is not found, for anyone.
    expect((await post(`/api/jobs/${id}/cancel`, mario)).status).toBe(404);
  });

  it("counts the last hour's completed and failed jobs per queue, for the dashboard's failure rate", async () => {
    const outcomes = async () =>
      ((await (await call('/api/jobs/outcomes', admin)).json()) as QueueOutcomesResponse).items.find(
        (q) => q.queue === 'maintenance',
      );
    const before = await outcomes();
    const failing = randomUUID();
    await queues
      .get(QueueName.Maintenance)
      .add(JobName.PurgeExpiredSessions, { sessionId: 7 }, { jobId: failing });
    const passing = randomUUID();
    await queues.get(QueueName.Maintenance).add(JobName.PurgeExpiredSessions, {}, { jobId: passing });
    await until(
      () => Promise.all([recordOf(failing), recordOf(passing)]),
      ([f, p]) => f?.state === 'failed' && p?.state === 'completed',
    );

    const res = await call('/api/jobs/outcomes', admin);
    expect(res.status).toBe(200);
    const after = await outcomes();
    expect(after).toEqual({
      queue: 'maintenance',
      completed: (before?.completed ?? 0) + 1,
      failed: (before?.failed ?? 0) + 1,
    });
    // An hour later they are out of the window.
    await prisma.jobRecord.updateMany({
      where: { id: { in: [failing, passing] } },
      data: { finishedAt: new Date(Date.now() - 61 * 60_000) },
    });
    expect(await outcomes()).toEqual(before);
  });

  it('runs a failed job again on retry: waiting, then completed, with the retry audited', async () => {
    // A payload the handler refuses fails the job for good at once.
    const jobId = randomUUID();
    await queues.get(QueueName.Maintenance).add(JobName.PurgeExpiredSessions, { sessionId: 42 }, { jobId });
    await until(
      () => recordOf(jobId),
      (r) => r?.state === 'failed',
    );

    const counts = (await (await call('/api/jobs/queues', admin)).json()) as QueueStatsResponse;
    expect(counts.items.map((q) => q.queue).sort()).toEqual(Object.values(QueueName).sort());
    const maintenance = counts.items.find((q) => q.queue === 'maintenance');
    expect(maintenance?.counts.failed).toBeGreaterThanOrEqual(1);
    expect(maintenance?.paused).toBe(false);

    // The cause is fixed (here: the payload), then an administrator retries.
    await (await queues.job(QueueName.Maintenance, jobId))?.updateData({});
    const res = await post(`/api/jobs/${jobId}/retry`, admin);
    expect(res.status).toBe(200);
    const retried = (await res.json()) as JobSummary;
    expect(retried.id).toBe(jobId);
    expect(['waiting', 'active', 'completed']).toContain(retried.state);
    expect(retried.errorCode).toBeNull();

    const seen = await watchToEnd(jobId);
    expect(seen.at(-1)).toEqual({ jobId, state: 'completed', progress: 100, result: { deleted: 0 } });
    expect(await recordOf(jobId)).toMatchObject({ state: 'completed', attempts: 2, errorCode: null });
    const audit = await prisma.auditRecord.findMany({ where: { jobId }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.actor, a.action, a.outcome, a.errorCode])).toEqual([
      ['system', 'purge-expired-sessions', 'failure', 'JOB_INVALID_PAYLOAD'],
      ['anna.admin', 'job-retry', 'success', null],
      ['system', 'purge-expired-sessions', 'success', null],
    ]);

    const again = await post(`/api/jobs/${jobId}/retry`, admin);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'JOB_NOT_RETRYABLE' });
  });

  it('cancels a delayed job: gone from its queue, recorded cancelled, audited; not twice', async () => {
    const jobId = randomUUID();
    await prisma.jobRecord.create({
      data: {
        id: jobId,
        queue: 'maintenance',
        name: 'purge-expired-sessions',
        state: 'waiting',
        payload: {},
        createdBy: 'mario.rossi',
      },
    });
    const delayed = async () => {
      const stats = (await (await call('/api/jobs/queues', admin)).json()) as QueueStatsResponse;
      return stats.items.find((q) => q.queue === 'maintenance')?.counts.delayed;
    };
    // The nightly schedule keeps its next run delayed in the same queue.
    const scheduled = await delayed();
    await queues
      .get(QueueName.Maintenance)
      .add(JobName.PurgeExpiredSessions, {}, { jobId, delay: 3_600_000 });
    expect(await delayed()).toBe((scheduled ?? 0) + 1);

    const res = await post(`/api/jobs/${jobId}/cancel`, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: jobId, state: 'cancelled', finishedAt: expect.any(String) });
    expect(await queues.job(QueueName.Maintenance, jobId)).toBeUndefined();
    expect(await delayed()).toBe(scheduled);
    expect(await prisma.auditRecord.findMany({ where: { jobId } })).toEqual([
      expect.objectContaining({ actor: 'anna.admin', action: 'job-cancel', outcome: 'success' }),
    ]);
    // A watcher learns at once that it is over.
    expect((await watchToEnd(jobId)).at(-1)).toMatchObject({ state: 'cancelled' });

    const twice = await post(`/api/jobs/${jobId}/cancel`, admin);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ code: 'JOB_NOT_CANCELLABLE' });
    expect((await post(`/api/jobs/${jobId}/retry`, admin)).status).toBe(409);
  });

  it('refuses to cancel a running job with a clear code, and leaves it running', async () => {
    const jobId = randomUUID();
    await prisma.jobRecord.create({
      data: {
        id: jobId,
        queue: 'maintenance',
        name: 'purge-expired-sessions',
        state: 'active',
        payload: {},
        createdBy: 'system',
      },
    });
    const res = await post(`/api/jobs/${jobId}/cancel`, admin);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'JOB_NOT_CANCELLABLE',
      message: expect.stringContaining('cannot be stopped safely'),
    });
    expect(await recordOf(jobId)).toMatchObject({ state: 'active', finishedAt: null });
    expect(await prisma.auditRecord.count({ where: { jobId } })).toBe(0);
  });

  it('lists jobs newest first, filtered by state, queue, name and submitter, page by page', async () => {
    const base = Date.parse('2026-01-01T10:00:00.000Z');
    await prisma.jobRecord.createMany({
      data: Array.from({ length: 5 }, (_, i) => ({
        id: `page-${i}`,
        queue: 'media',
        name: 'make-derivatives',
        state: i % 2 ? 'failed' : 'completed',
        payload: {},
        createdBy: 'page.tester',
        createdAt: new Date(base + i * 1_000),
      })),
    });
    const page = async (query: string) => {
      const res = await call(`/api/jobs?${query}`, admin);
      expect(res.status).toBe(200);
      return (await res.json()) as JobListResponse;
    };
    const first = await page('actor=page.tester&limit=2');
    expect(first.items.map((j) => j.id)).toEqual(['page-4', 'page-3']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(`actor=page.tester&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((j) => j.id)).toEqual(['page-2', 'page-1']);
    const third = await page(`actor=page.tester&limit=2&cursor=${second.nextCursor}`);
    expect(third.items.map((j) => j.id)).toEqual(['page-0']);
    expect(third.nextCursor).toBeNull();

    expect((await page('actor=page.tester&state=failed')).items.map((j) => j.id)).toEqual([
      'page-3',
      'page-1',
    ]);
    expect((await page('actor=page.tester&queue=maintenance')).items).toEqual([]);
    expect((await page('actor=page.tester&name=make-derivatives')).items).toHaveLength(5);

    for (const bad of [
      'cursor=nonsense',
      'queue=nope',
      'name=nope',
      'state=cancelled&limit=0',
      'actor=a%20b',
    ])
      expect((await call(`/api/jobs?${bad}`, admin)).status).toBe(400);
  });
});
