import { ConsoleLogger, Logger } from '@nestjs/common';
import type { JobsOptions } from 'bullmq';
import type { Clock } from '../common/clock';
import { JobName, QueueName, SYSTEM_ACTOR, type JobPayloads } from './job-catalogue';
import { JOB_ERROR_CODES } from './job-errors';
import type { AuditEntry, JobFilter, JobView, NewJobRecord } from './job-record';
import { JobsService, type JobRecords } from './jobs.service';

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
      finishedAt: null,
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
  async insertAudit(entry: AuditEntry): Promise<void> {
    this.audits.push(entry);
  }
}

class FakeQueues {
  added: { queue: QueueName; name: string; data: object; options: JobsOptions }[] = [];
  down = false;
  async enqueue(queue: QueueName, name: string, data: object, options: JobsOptions): Promise<void> {
    if (this.down) throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
    this.added.push({ queue, name, data, options });
  }
}

function setup() {
  const records = new FakeRecords();
  const queues = new FakeQueues();
  return { records, queues, service: new JobsService(records, queues, clock) };
}

const admin = { username: 'anna.admin', isAdmin: true };
const mario = { username: 'mario.rossi', isAdmin: false };
const luca = { username: 'luca.verdi', isAdmin: false };

describe('JobsService', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new ConsoleLogger()));

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
        kind: 'invalid',
      });
  });

  it('refuses a payload the catalogue does not accept, recording nothing', async () => {
    const { records, service } = setup();
    const payload: JobPayloads[JobName.PurgeExpiredSessions] = JSON.parse('{"sessionId":1}');
    await expect(service.submit(JobName.PurgeExpiredSessions, payload, 'a')).rejects.toMatchObject({
      kind: 'invalid',
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
      kind: 'unavailable',
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
    await expect(service.getFor(jobId, luca)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(service.getFor('nope', admin)).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('lets only administrators list jobs and purge sessions, within the list limits', async () => {
    const { records, service } = setup();
    await expect(service.list(mario)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(service.submitPurgeExpiredSessions(mario)).rejects.toMatchObject({ kind: 'forbidden' });

    await service.list(admin, { state: 'failed', limit: 10_000 });
    expect(records.lastFilter).toEqual({ state: 'failed', limit: 200 });
    await service.list(admin);
    expect(records.lastFilter).toEqual({ state: undefined, limit: 50 });

    const { jobId } = await service.submitPurgeExpiredSessions(admin);
    expect(records.rows.get(jobId)?.createdBy).toBe('anna.admin');
  });

  it('writes audit rows for handlers', async () => {
    const { records, service } = setup();
    const entry: AuditEntry = {
      actor: SYSTEM_ACTOR,
      action: 'purge-expired-sessions',
      outcome: 'success',
      after: {},
    };
    await service.audit(entry);
    expect(records.audits).toEqual([entry]);
  });
});
