import { ConsoleLogger, Logger } from '@nestjs/common';
import type { Job, JobsOptions } from 'bullmq';
import { MY_JOBS_PAGE, type AssetOutcome } from '@paddock/rules';
import type { Clock } from '../common/clock';
import { JobName, QueueName, type JobPayloads } from './job-catalogue';
import { JOB_ERROR_CODES } from './job-errors';
import type { AuditEntry } from '../audit/audit-record';
import type { JobFilter, JobView, NewJobRecord } from './job-record';
import { JobsService, type JobOutcomes, type JobRecords } from './jobs.service';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const clock: Clock = { now: () => NOW };

class FakeRecords implements JobRecords {
  rows = new Map<string, JobView>();
  audits: AuditEntry[] = [];
  lastFilter?: JobFilter;

  async create(record: NewJobRecord): Promise<boolean> {
    if (this.rows.has(record.id)) return false;
    this.rows.set(record.id, {
      ...record,
      state: 'waiting',
      progress: 0,
      attempts: 0,
      result: null,
      errorCode: null,
      createdAt: NOW,
      updatedAt: NOW,
      startedAt: null,
      finishedAt: null,
      cancelRequested: false,
      retryOf: record.retryOf ?? null,
    });
    return true;
  }
  async find(id: string): Promise<JobView | null> {
    return this.rows.get(id) ?? null;
  }
  async list(filter: JobFilter): Promise<JobView[]> {
    this.lastFilter = filter;
    return [...this.rows.values()];
  }
  async markWaiting(id: string): Promise<void> {
    this.rows.set(id, { ...this.rows.get(id)!, state: 'waiting', errorCode: null, finishedAt: null });
  }
  async markUnqueued(id: string, errorCode: string, finishedAt: Date): Promise<void> {
    this.rows.set(id, { ...this.rows.get(id)!, state: 'failed', errorCode, finishedAt });
  }
  async markRetried(id: string, failedAt: Date, audit: AuditEntry): Promise<boolean> {
    const row = this.rows.get(id)!;
    if (row.state !== 'failed' || row.updatedAt.getTime() !== failedAt.getTime()) return false;
    this.rows.set(id, { ...row, state: 'waiting', errorCode: null, finishedAt: null });
    this.audits.push(audit);
    return true;
  }
  async markCancelled(id: string, finishedAt: Date, audit: AuditEntry): Promise<boolean> {
    this.rows.set(id, { ...this.rows.get(id)!, state: 'cancelled', finishedAt });
    this.audits.push(audit);
    return true;
  }
  async requestStop(id: string, _at: Date, audit: AuditEntry): Promise<boolean> {
    const row = this.rows.get(id)!;
    if (row.state !== 'active') return false;
    this.rows.set(id, { ...row, cancelRequested: true });
    this.audits.push(audit);
    return true;
  }
  async outcomesSince(since: Date): Promise<{ queue: string; state: string; count: number }[]> {
    const counts = new Map<string, { queue: string; state: string; count: number }>();
    for (const row of this.rows.values()) {
      if (!row.finishedAt || row.finishedAt < since || !['completed', 'failed'].includes(row.state)) continue;
      const key = `${row.queue}/${row.state}`;
      const group = counts.get(key) ?? { queue: row.queue, state: row.state, count: 0 };
      counts.set(key, { ...group, count: group.count + 1 });
    }
    return [...counts.values()];
  }
}

/** The per-asset outcomes "retry the failed items" reads. */
class FakeLedger implements JobOutcomes {
  outcomes = new Map<string, AssetOutcome[]>();
  async assetOutcomesOf(jobId: string): Promise<AssetOutcome[]> {
    return this.outcomes.get(jobId) ?? [];
  }
}

/** The part of a BullMQ job retry and cancel use. */
class FakeBullJob {
  retried = false;
  removed = false;
  constructor(private state: string) {}
  async getState(): Promise<string> {
    return this.state;
  }
  async retry(): Promise<void> {
    this.retried = true;
    this.state = 'waiting';
  }
  async remove(): Promise<void> {
    this.removed = true;
  }
}

class FakeQueues {
  added: { queue: QueueName; name: string; data: object; options: JobsOptions }[] = [];
  bull = new Map<string, FakeBullJob>();
  down = false;
  async stats(): Promise<never[]> {
    return [];
  }
  async job(_queue: QueueName, id: string): Promise<Job | undefined> {
    return this.bull.get(id) as unknown as Job | undefined;
  }
  async enqueue(queue: QueueName, name: string, data: object, options: JobsOptions): Promise<void> {
    if (this.down) throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
    this.added.push({ queue, name, data, options });
  }
}

function setup() {
  const records = new FakeRecords();
  const queues = new FakeQueues();
  const ledger = new FakeLedger();
  return { records, queues, ledger, service: new JobsService(records, queues, clock, ledger) };
}

const admin = { username: 'anna.admin', isAdmin: true };
const mario = { username: 'mario.rossi', isAdmin: false };
const luca = { username: 'luca.verdi', isAdmin: false };

describe('JobsService', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new ConsoleLogger()));

  it("counts each queue's jobs finished in the last hour by outcome, for administrators only", async () => {
    const { records, service } = setup();
    const finished = (id: string, state: JobView['state'], minutesAgo: number) =>
      records.rows.set(id, {
        ...records.rows.get(id)!,
        state,
        finishedAt: new Date(NOW.getTime() - minutesAgo * 60_000),
      });
    for (const id of ['a', 'b', 'c', 'd', 'e'])
      await records.create({ id, queue: 'workflow', name: 'workflow-accept', payload: {}, createdBy: 'x' });
    finished('a', 'completed', 5);
    finished('b', 'completed', 59);
    finished('c', 'failed', 30);
    finished('d', 'failed', 61);
    finished('e', 'cancelled', 1);

    const answer = await service.recentOutcomes(admin);
    expect(answer.windowMinutes).toBe(60);
    expect(answer.items.find((i) => i.queue === 'workflow')).toEqual({
      queue: 'workflow',
      completed: 2,
      failed: 1,
    });
    expect(answer.items.find((i) => i.queue === 'maintenance')).toEqual({
      queue: 'maintenance',
      completed: 0,
      failed: 0,
    });
    await expect(service.recentOutcomes(mario)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('records a submitted job as waiting and enqueues it under the record id, with the catalogue policy', async () => {
    const { records, queues, service } = setup();
    const { jobId } = await service.submit(JobName.PurgeExpiredSessions, {}, 'anna.admin');

    expect(records.rows.get(jobId)).toMatchObject({
      queue: 'maintenance',
      name: 'purge-expired-sessions',
      state: 'waiting',
      payload: {},
      createdBy: 'anna.admin',
    });
    expect(queues.added).toEqual([
      {
        queue: QueueName.Maintenance,
        name: JobName.PurgeExpiredSessions,
        data: {},
        options: expect.objectContaining({
          jobId,
          attempts: 3,
          backoff: { type: 'exponential', delay: 30_000 },
        }),
      },
    ]);
  });

  it('dedupes by an explicit job id', async () => {
    const { queues, service } = setup();
    await service.submit(JobName.PurgeExpiredSessions, {}, 'anna.admin', { jobId: 'purge-2026-11-21' });
    await service.submit(JobName.PurgeExpiredSessions, {}, 'anna.admin', { jobId: 'purge-2026-11-21' });
    expect(queues.added).toHaveLength(1);
  });

  it('refuses job ids BullMQ cannot take', async () => {
    const { service } = setup();
    for (const jobId of ['12345', 'a:b', '', 'x'.repeat(129)])
      await expect(service.submit(JobName.PurgeExpiredSessions, {}, 'a', { jobId })).rejects.toMatchObject({
        status: 400,
      });
  });

  it('refuses a payload the catalogue does not accept, recording nothing', async () => {
    const { records, service } = setup();
    const payload: JobPayloads[JobName.PurgeExpiredSessions] = JSON.parse('{"sessionId":1}');
    await expect(service.submit(JobName.PurgeExpiredSessions, payload, 'a')).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(records.rows.size).toBe(0);
  });

  it('fails fast with 503 while Redis is down, and enqueues the same job id once it is back', async () => {
    const { records, queues, service } = setup();
    queues.down = true;
    await expect(
      service.submit(JobName.PurgeExpiredSessions, {}, 'a', { jobId: 'purge-x' }),
    ).rejects.toMatchObject({
      status: 503,
    });
    expect(records.rows.get('purge-x')).toMatchObject({
      state: 'failed',
      errorCode: JOB_ERROR_CODES.QUEUE_UNAVAILABLE,
      finishedAt: NOW,
    });

    queues.down = false;
    await service.submit(JobName.PurgeExpiredSessions, {}, 'a', { jobId: 'purge-x' });
    expect(records.rows.get('purge-x')).toMatchObject({ state: 'waiting', errorCode: null });
    expect(queues.added).toHaveLength(1);
  });

  it('shows a job to its submitter and to administrators only', async () => {
    const { service } = setup();
    const { jobId } = await service.submit(JobName.PurgeExpiredSessions, {}, 'mario.rossi');

    await expect(service.getFor(jobId, mario)).resolves.toMatchObject({ id: jobId });
    await expect(service.getFor(jobId, admin)).resolves.toMatchObject({ id: jobId });
    await expect(service.getFor(jobId, luca)).rejects.toMatchObject({ status: 403 });
    await expect(service.getFor('nope', admin)).rejects.toMatchObject({ status: 404 });
  });

  it('lets only administrators list jobs and purge sessions, within the list limits', async () => {
    const { records, service } = setup();
    await expect(service.list(mario)).rejects.toMatchObject({ status: 403 });
    await expect(service.submitPurgeExpiredSessions(mario)).rejects.toMatchObject({ status: 403 });

    await service.list(admin, { state: 'failed', limit: 10_000 });
    expect(records.lastFilter).toEqual({ state: 'failed', limit: 200 });
    await service.list(admin);
    expect(records.lastFilter).toEqual({ state: undefined, limit: 50 });

    const { jobId } = await service.submitPurgeExpiredSessions(admin);
    expect(records.rows.get(jobId)?.createdBy).toBe('anna.admin');
  });

  describe('retry and cancel (dashboard)', () => {
    async function jobIn(recordState: JobView['state'], bullState?: string) {
      const fixture = setup();
      const { jobId } = await fixture.service.submit(JobName.PurgeExpiredSessions, {}, 'mario.rossi');
      fixture.records.rows.set(jobId, { ...fixture.records.rows.get(jobId)!, state: recordState });
      const bull = bullState ? new FakeBullJob(bullState) : undefined;
      if (bull) fixture.queues.bull.set(jobId, bull);
      return { ...fixture, jobId, bull };
    }

    it("lets only administrators retry and see queue counts, and nobody cancel another's job", async () => {
      const { service, jobId } = await jobIn('waiting', 'waiting');
      await expect(service.retry(jobId, mario)).rejects.toMatchObject({ status: 403 });
      await expect(service.cancel(jobId, luca)).rejects.toMatchObject({ status: 403 });
      await expect(service.queueStats(mario)).rejects.toMatchObject({ status: 403 });
    });

    it('retries a failed job through BullMQ, the record waiting again, audited with who did it', async () => {
      const { service, records, jobId, bull } = await jobIn('failed', 'failed');
      await expect(service.retry(jobId, admin)).resolves.toMatchObject({ state: 'waiting' });
      expect(bull?.retried).toBe(true);
      expect(records.audits.at(-1)).toMatchObject({ jobId, actor: 'anna.admin', action: 'job-retry' });
    });

    it('enqueues the recorded payload again when Redis no longer keeps the failed job', async () => {
      const { service, queues, jobId } = await jobIn('failed');
      queues.added = [];
      await service.retry(jobId, admin);
      expect(queues.added).toEqual([
        expect.objectContaining({ name: JobName.PurgeExpiredSessions, data: {} }),
      ]);
      expect(queues.added[0].options.jobId).toBe(jobId);
    });

    it.each(['waiting', 'active', 'completed', 'cancelled'] as const)(
      'refuses to retry a %s job (409)',
      async (state) => {
        const { service, records, jobId } = await jobIn(state, 'waiting');
        await expect(service.retry(jobId, admin)).rejects.toMatchObject({
          status: 409,
          code: 'JOB_NOT_RETRYABLE',
        });
        expect(records.audits).toEqual([]);
      },
    );

    it('cancels a delayed job: removed from its queue, recorded cancelled, audited', async () => {
      const { service, records, jobId, bull } = await jobIn('retrying', 'delayed');
      await expect(service.cancel(jobId, admin)).resolves.toMatchObject({
        state: 'cancelled',
        finishedAt: NOW,
      });
      expect(bull?.removed).toBe(true);
      expect(records.audits.at(-1)).toMatchObject({ jobId, actor: 'anna.admin', action: 'job-cancel' });
    });

    it('refuses to cancel a running job, saying why (409), and leaves it alone', async () => {
      const { service, records, jobId, bull } = await jobIn('waiting', 'active');
      await expect(service.cancel(jobId, admin)).rejects.toMatchObject({
        status: 409,
        code: 'JOB_NOT_CANCELLABLE',
        message: expect.stringContaining('cannot be stopped safely'),
      });
      expect(bull?.removed).toBe(false);
      expect(records.rows.get(jobId)?.state).toBe('waiting');
    });

    it('refuses to cancel a job that has ended', async () => {
      const { service, jobId } = await jobIn('completed', 'completed');
      await expect(service.cancel(jobId, admin)).rejects.toMatchObject({ code: 'JOB_NOT_CANCELLABLE' });
    });
  });

  describe('my jobs: the list, retry the failed items, cancel while running', () => {
    const A = '00000000-0000-4000-8000-00000000000a';
    const B = '00000000-0000-4000-8000-00000000000b';
    const C = '00000000-0000-4000-8000-00000000000c';
    const move: JobPayloads[JobName.WorkflowMove] = {
      folderId: 'work',
      junkFolderId: 'junk',
      plan: [A, B, C].map((contentId) => ({ contentId, from: 'work', to: 'archive' })),
    };

    async function moveIn(state: JobView['state']) {
      const fixture = setup();
      const { jobId } = await fixture.service.submit(JobName.WorkflowMove, move, 'mario.rossi');
      fixture.records.rows.set(jobId, { ...fixture.records.rows.get(jobId)!, state });
      return { ...fixture, jobId };
    }

    const outcome = (contentId: string, kind: AssetOutcome['outcome']): AssetOutcome => ({
      contentId,
      outcome: kind,
      fromFolderId: 'work',
      toFolderId: null,
      errorCode: kind === 'failed' ? 'E046' : null,
    });

    it("lists only the caller's own jobs, within the page limits", async () => {
      const { service, records } = setup();
      await service.mine(luca, { limit: 500 });
      expect(records.lastFilter).toMatchObject({ createdBy: 'luca.verdi', limit: MY_JOBS_PAGE.max });
      await service.mine(admin);
      expect(records.lastFilter).toMatchObject({ createdBy: 'anna.admin', limit: MY_JOBS_PAGE.default });
    });

    it('retries only the failed items and those never reached, as a new job linked to the first', async () => {
      const { service, ledger, queues, jobId } = await moveIn('completed');
      ledger.outcomes.set(jobId, [outcome(A, 'done'), outcome(B, 'failed')]);
      queues.added = [];
      const retry = await service.retryFailed(jobId, mario);
      expect(retry).toMatchObject({ retryOf: jobId, createdBy: 'mario.rossi', state: 'waiting' });
      expect(retry.id).not.toBe(jobId);
      expect(retry.payload).toEqual({ ...move, plan: move.plan.filter((s) => s.contentId !== A) });
      expect(queues.added).toEqual([expect.objectContaining({ name: JobName.WorkflowMove })]);
    });

    it('refuses, with a clear code, a job still running, one without failed items, and one not over assets', async () => {
      const running = await moveIn('active');
      await expect(running.service.retryFailed(running.jobId, mario)).rejects.toMatchObject({
        status: 409,
        code: 'JOB_STILL_RUNNING',
      });
      const fine = await moveIn('completed');
      fine.ledger.outcomes.set(fine.jobId, [outcome(A, 'done'), outcome(B, 'unchanged'), outcome(C, 'junk')]);
      await expect(fine.service.retryFailed(fine.jobId, mario)).rejects.toMatchObject({
        status: 409,
        code: 'JOB_NO_FAILED_ITEMS',
      });
      const purge = setup();
      const { jobId } = await purge.service.submit(JobName.PurgeExpiredSessions, {}, 'mario.rossi');
      purge.records.rows.set(jobId, { ...purge.records.rows.get(jobId)!, state: 'failed' });
      await expect(purge.service.retryFailed(jobId, mario)).rejects.toMatchObject({
        code: 'JOB_NO_FAILED_ITEMS',
      });
      expect(fine.records.rows.size + purge.records.rows.size).toBe(2);
    });

    it("refuses another user's job (403) and lets an administrator retry it", async () => {
      const { service, ledger, jobId } = await moveIn('failed');
      await expect(service.retryFailed(jobId, luca)).rejects.toMatchObject({ status: 403 });
      await expect(service.retryFailed('no-such-job', luca)).rejects.toMatchObject({ status: 404 });
      ledger.outcomes.set(jobId, []);
      await expect(service.retryFailed(jobId, admin)).resolves.toMatchObject({
        retryOf: jobId,
        createdBy: 'anna.admin',
      });
    });

    it('asks a running job over assets to stop, audited; refuses a running job that cannot stop', async () => {
      const { service, records, jobId } = await moveIn('active');
      await expect(service.cancel(jobId, mario)).resolves.toMatchObject({
        state: 'active',
        cancelRequested: true,
      });
      expect(records.audits.at(-1)).toMatchObject({ jobId, actor: 'mario.rossi', action: 'job-cancel' });
      const purge = setup();
      const { jobId: purgeId } = await purge.service.submit(JobName.PurgeExpiredSessions, {}, 'mario.rossi');
      purge.records.rows.set(purgeId, { ...purge.records.rows.get(purgeId)!, state: 'active' });
      await expect(purge.service.cancel(purgeId, mario)).rejects.toMatchObject({
        code: 'JOB_NOT_CANCELLABLE',
      });
      expect(purge.records.audits).toEqual([]);
    });
  });
});
