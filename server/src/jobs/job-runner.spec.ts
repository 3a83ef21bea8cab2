import { ConsoleLogger, Logger } from '@nestjs/common';
import { E_CODES } from '@paddock/rules';
import { UnrecoverableError } from 'bullmq';
import { DomainError } from '../common/domain-error';
import type { Clock } from '../common/clock';
import { JobName, QueueName, SYSTEM_ACTOR } from './job-catalogue';
import { JOB_ERROR_CODES, JobStoppedError, PermanentJobError, TransientJobError } from './job-errors';
import type { JobContext, JobHandler } from './job-handler';
import { JobHandlerRegistry } from './job-handler.registry';
import type { AuditEntry } from '../audit/audit-record';
import type { JsonValue } from '../common/json';
import type { JobRecordStore, JobView, NewJobRecord } from './job-record';
import { JobRunner, type RunnableJob } from './job-runner';
import { Metrics } from '../metrics/metrics';

const NOW = new Date('2026-11-21T03:00:00.000Z');
const clock: Clock = { now: () => NOW };

/** An in-memory JobRecordStore that remembers every call. */
class FakeRecords implements JobRecordStore {
  readonly records = new Map<string, JobView>();
  readonly calls: string[] = [];
  readonly audits: AuditEntry[] = [];
  failOn = new Set<string>();

  seed(view: Partial<JobView> & { id: string }): void {
    this.records.set(view.id, { ...this.blank(view.id), ...view });
  }

  private blank(id: string): JobView {
    return {
      id,
      queue: QueueName.Maintenance,
      name: JobName.PurgeExpiredSessions,
      state: 'waiting',
      progress: 0,
      attempts: 0,
      payload: {},
      result: null,
      errorCode: null,
      createdBy: SYSTEM_ACTOR,
      createdAt: NOW,
      updatedAt: NOW,
      startedAt: null,
      finishedAt: null,
      cancelRequested: false,
      retryOf: null,
    };
  }

  private touch(call: string, id: string, change: Partial<JobView>): void {
    this.calls.push(call);
    if (this.failOn.has(call)) throw new Error(`database down during ${call}`);
    const current = this.records.get(id) ?? this.blank(id);
    this.records.set(id, { ...current, ...change });
  }

  async completedResult(id: string): Promise<{ result: JsonValue } | null> {
    const record = this.records.get(id);
    return record?.state === 'completed' ? { result: record.result } : null;
  }

  async markActive(job: NewJobRecord & { attempt: number; startedAt: Date }): Promise<JobView> {
    const existing = this.records.get(job.id);
    this.touch('markActive', job.id, {
      ...(existing
        ? {}
        : { queue: job.queue, name: job.name, payload: job.payload, createdBy: job.createdBy }),
      state: 'active',
      attempts: job.attempt,
      startedAt: job.startedAt,
    });
    return this.records.get(job.id)!;
  }

  async stopRequested(id: string): Promise<boolean> {
    return this.records.get(id)?.cancelRequested ?? false;
  }

  async markStopped(id: string, result: JsonValue, finishedAt: Date): Promise<void> {
    this.touch('markStopped', id, { state: 'cancelled', result, finishedAt });
  }

  async markProgress(id: string, progress: number): Promise<void> {
    this.touch(`markProgress(${progress})`, id, { progress });
  }

  async markCompleted(id: string, result: JsonValue, finishedAt: Date): Promise<void> {
    this.touch('markCompleted', id, {
      state: 'completed',
      progress: 100,
      result,
      errorCode: null,
      finishedAt,
    });
  }

  async markRetrying(id: string, errorCode: string, attempts: number): Promise<void> {
    this.touch('markRetrying', id, { state: 'retrying', errorCode, attempts });
  }

  async markFailed(
    id: string,
    failure: { errorCode: string; attempts: number; finishedAt: Date },
    audit: AuditEntry,
  ): Promise<void> {
    this.touch('markFailed', id, { state: 'failed', ...failure });
    this.audits.push(audit);
  }
}

class FakeJob implements RunnableJob {
  readonly progressReported: number[] = [];
  constructor(
    public data: unknown,
    public attemptsMade = 0,
    public opts: { attempts?: number } = { attempts: 3 },
    public name: string = JobName.PurgeExpiredSessions,
    public id: string | undefined = 'job-1',
    public attemptsStarted = attemptsMade + 1,
  ) {}

  async updateProgress(progress: number): Promise<void> {
    this.progressReported.push(progress);
  }
}

type Work = (context: JobContext) => Promise<{ deleted: number }>;

function setup(work: Work = async () => ({ deleted: 3 })) {
  const records = new FakeRecords();
  const registry = new JobHandlerRegistry();
  const contexts: JobContext[] = [];
  const handler: JobHandler<JobName.PurgeExpiredSessions> = {
    handle: (_payload, context) => {
      contexts.push(context);
      return work(context);
    },
  };
  registry.register([{ name: JobName.PurgeExpiredSessions, handler, source: 'test' }]);
  const metrics = new Metrics({ PROCESS_ROLE: 'all' });
  const runner = new JobRunner(records, registry, clock, metrics);
  return { records, runner, contexts, metrics };
}

describe('JobRunner, the record-keeping wrapper', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new ConsoleLogger()));

  it('does not run again a job its record says completed (a worker killed before BullMQ heard of it)', async () => {
    let runs = 0;
    const { records, runner } = setup(async () => {
      runs += 1;
      return { deleted: runs };
    });
    await expect(runner.run(QueueName.Maintenance, new FakeJob({}))).resolves.toEqual({ deleted: 1 });
    // BullMQ's stall check hands the same job to another worker.
    await expect(
      runner.run(QueueName.Maintenance, new FakeJob({}, 0, { attempts: 3 }, undefined, 'job-1', 2)),
    ).resolves.toEqual({
      deleted: 1,
    });
    expect(runs).toBe(1);
    expect(records.calls).toEqual(['markActive', 'markCompleted']);
  });

  it('records a job active, its progress, and its result when it completes', async () => {
    const { records, runner } = setup(async (context) => {
      await context.progress(10);
      await context.progress(10.2); // same rounded value: not reported again
      await context.progress(55.5);
      await context.progress(140); // clamped
      return { deleted: 3 };
    });
    const job = new FakeJob({});

    await expect(runner.run(QueueName.Maintenance, job)).resolves.toEqual({ deleted: 3 });

    expect(records.calls).toEqual([
      'markActive',
      'markProgress(10)',
      'markProgress(56)',
      'markProgress(100)',
      'markCompleted',
    ]);
    expect(job.progressReported).toEqual([10, 56, 100]);
    expect(records.records.get('job-1')).toMatchObject({
      state: 'completed',
      progress: 100,
      attempts: 1,
      result: { deleted: 3 },
      errorCode: null,
      finishedAt: NOW,
      createdBy: SYSTEM_ACTOR,
    });
  });

  it('counts a retried attempt and a final failure by error code, and times each attempt by outcome', async () => {
    const { runner, metrics } = setup(async () => {
      throw new TransientJobError('PROVIDER_UNAVAILABLE', 'down');
    });
    const job = new FakeJob({}, 0, { attempts: 2 });
    Object.assign(job, { timestamp: 1_000, processedOn: 3_500 });

    await expect(runner.run(QueueName.Maintenance, job)).rejects.toThrow('down');
    await expect(runner.run(QueueName.Maintenance, new FakeJob({}, 1, { attempts: 2 }))).rejects.toThrow(
      'down',
    );

    const labels = { queue: QueueName.Maintenance, job_name: JobName.PurgeExpiredSessions };
    const valuesOf = async (counter: typeof metrics.jobsFailed) =>
      (await counter.get()).values.map((v) => [v.labels, v.value]);
    expect(await valuesOf(metrics.jobsRetried)).toEqual([
      [{ ...labels, error_code: 'PROVIDER_UNAVAILABLE' }, 1],
    ]);
    expect(await valuesOf(metrics.jobsFailed)).toEqual([
      [{ ...labels, error_code: 'PROVIDER_UNAVAILABLE' }, 1],
    ]);
    const counts = (await metrics.jobDuration.get()).values
      .filter((v) => v.metricName === 'paddock_job_duration_seconds_count')
      .map((v) => [v.labels.outcome, v.value]);
    expect(counts).toEqual([
      ['retrying', 1],
      ['failed', 1],
    ]);
    // The wait is the first attempt's, from when the job was added to when it started.
    const waits = (await metrics.jobWait.get()).values.filter(
      (v) => v.metricName === 'paddock_job_wait_seconds_sum',
    );
    expect(waits.map((v) => v.value)).toEqual([2.5]);
  });

  it("stamps a schedule's last run by outcome, and not a job no schedule enqueued", async () => {
    const { runner, metrics } = setup();
    await runner.run(QueueName.Maintenance, new FakeJob({}));
    const scheduled = Object.assign(
      new FakeJob({}, 0, { attempts: 3 }, JobName.PurgeExpiredSessions, 'job-2'),
      {
        repeatJobKey: 'nightly-purge-expired-sessions',
      },
    );
    await runner.run(QueueName.Maintenance, scheduled);

    expect((await metrics.scheduleLastRun.get()).values.map((v) => [v.labels, v.value])).toEqual([
      [{ schedule: 'nightly-purge-expired-sessions', outcome: 'completed' }, NOW.getTime() / 1000],
    ]);
  });

  it('gives the handler the submitter of a recorded job, and the attempt number', async () => {
    const { records, runner, contexts } = setup();
    records.seed({ id: 'job-1', createdBy: 'anna.admin' });

    await runner.run(QueueName.Maintenance, new FakeJob({}, 2));

    expect(contexts[0]).toMatchObject({
      jobId: 'job-1',
      actor: 'anna.admin',
      attempt: 3,
      startedBefore: true,
    });
    expect(records.records.get('job-1')?.attempts).toBe(3);
  });

  it('tells the handler of a first attempt whether a worker died with an earlier start of it', async () => {
    const { runner, contexts } = setup();
    await runner.run(QueueName.Maintenance, new FakeJob({}, 0));
    // Another job, whose worker died while it ran (not yet completed): BullMQ counts a second start.
    await runner.run(
      QueueName.Maintenance,
      new FakeJob({}, 0, { attempts: 3 }, JobName.PurgeExpiredSessions, 'job-2', 2),
    );
    expect(contexts.map((c) => [c.attempt, c.startedBefore])).toEqual([
      [1, false],
      [1, true],
    ]);
  });

  it('records a job its user stopped as cancelled with its counts, never retried nor failed', async () => {
    const { records, runner } = setup(async (context) => {
      if (await context.stopRequested()) throw new JobStoppedError({ deleted: 1 });
      return { deleted: 3 };
    });
    records.seed({ id: 'job-1', createdBy: 'anna.admin', cancelRequested: true });

    await expect(runner.run(QueueName.Maintenance, new FakeJob({}))).rejects.toBeInstanceOf(
      UnrecoverableError,
    );
    expect(records.records.get('job-1')).toMatchObject({
      state: 'cancelled',
      result: { deleted: 1 },
      finishedAt: NOW,
      startedAt: NOW,
    });
    expect(records.calls).toEqual(['markActive', 'markStopped']);
    expect(records.audits).toEqual([]);
  });

  it('fails a permanent error at once: record failed, audit row, UnrecoverableError', async () => {
    const { records, runner } = setup(async () => {
      throw new PermanentJobError(E_CODES.ACCEPT_LINK_FAILED, 'the asset is gone');
    });
    records.seed({ id: 'job-1', createdBy: 'anna.admin' });

    const run = runner.run(QueueName.Maintenance, new FakeJob({}));

    await expect(run).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(run).rejects.toThrow('E046: the asset is gone');
    expect(records.records.get('job-1')).toMatchObject({
      state: 'failed',
      errorCode: E_CODES.ACCEPT_LINK_FAILED,
      attempts: 1,
      finishedAt: NOW,
    });
    expect(records.audits).toEqual([
      {
        jobId: 'job-1',
        actor: 'anna.admin',
        action: JobName.PurgeExpiredSessions,
        outcome: 'failure',
        errorCode: E_CODES.ACCEPT_LINK_FAILED,
      },
    ]);
  });

  it('logs a deliberate refusal by its reason, and keeps the stack for what nobody expected', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      const refused = setup(async () => {
        throw new PermanentJobError('MEDIA_TOOL_MISSING', 'ffmpeg is not installed (apt-get install ffmpeg)');
      });
      await expect(refused.runner.run(QueueName.Maintenance, new FakeJob({}))).rejects.toThrow();
      const crashed = setup(async () => {
        throw new Error('socket hang up');
      });
      await expect(crashed.runner.run(QueueName.Maintenance, new FakeJob({}))).rejects.toThrow();

      const [refusal, crash] = warn.mock.calls.map(([fields]) => fields as Record<string, unknown>);
      expect(refusal).toMatchObject({ reason: 'ffmpeg is not installed (apt-get install ffmpeg)' });
      expect(refusal).not.toHaveProperty('err');
      expect(crash.err).toBeInstanceOf(Error);
    } finally {
      warn.mockRestore();
    }
  });

  it('treats a domain error about the request itself as permanent', async () => {
    const { records, runner } = setup(async () => {
      throw DomainError.notFound('No such folder');
    });

    await expect(runner.run(QueueName.Maintenance, new FakeJob({}))).rejects.toBeInstanceOf(
      UnrecoverableError,
    );
    expect(records.records.get('job-1')).toMatchObject({ state: 'failed', errorCode: 'NOT_FOUND' });
  });

  it('rethrows a transient error as it is while attempts remain, the record waiting for the retry', async () => {
    const error = new TransientJobError('PROVIDER_UNAVAILABLE', 'provider timed out');
    const { records, runner } = setup(async () => {
      throw error;
    });

    await expect(runner.run(QueueName.Maintenance, new FakeJob({}, 0, { attempts: 3 }))).rejects.toBe(error);

    expect(records.records.get('job-1')).toMatchObject({
      state: 'retrying',
      errorCode: 'PROVIDER_UNAVAILABLE',
      attempts: 1,
      finishedAt: null,
    });
    expect(records.audits).toEqual([]);
  });

  it('retries an unknown error (it may be a crash of the database) and fails it on the last attempt', async () => {
    const error = new Error('connection reset');
    const { records, runner } = setup(async () => {
      throw error;
    });

    await expect(runner.run(QueueName.Maintenance, new FakeJob({}, 2, { attempts: 3 }))).rejects.toBe(error);

    expect(records.records.get('job-1')).toMatchObject({
      state: 'failed',
      errorCode: 'INTERNAL',
      attempts: 3,
    });
    expect(records.audits).toHaveLength(1);
  });

  it('never swallows the error, even when the failure cannot be recorded', async () => {
    const error = new TransientJobError('PROVIDER_UNAVAILABLE', 'down');
    const { records, runner } = setup(async () => {
      throw error;
    });
    records.failOn.add('markRetrying');

    await expect(runner.run(QueueName.Maintenance, new FakeJob({}))).rejects.toBe(error);
  });

  it('turns a thrown non-Error into an Error so BullMQ keeps a reason', async () => {
    const { runner } = setup(async () => {
      throw 'plain string';
    });

    await expect(runner.run(QueueName.Maintenance, new FakeJob({}))).rejects.toThrow('plain string');
  });

  it('retries when the result cannot be recorded (the handler is idempotent)', async () => {
    const { records, runner } = setup();
    records.failOn.add('markCompleted');

    await expect(runner.run(QueueName.Maintenance, new FakeJob({}))).rejects.toThrow(
      'database down during markCompleted',
    );
    expect(records.records.get('job-1')?.state).toBe('retrying');
  });

  it('rejects a payload the catalogue does not accept, without calling the handler', async () => {
    const { records, runner, contexts } = setup();

    await expect(runner.run(QueueName.Maintenance, new FakeJob({ sessionId: 42 }))).rejects.toBeInstanceOf(
      UnrecoverableError,
    );

    expect(contexts).toEqual([]);
    expect(records.records.get('job-1')).toMatchObject({
      state: 'failed',
      errorCode: JOB_ERROR_CODES.INVALID_PAYLOAD,
      attempts: 1,
      payload: { sessionId: 42 },
    });
  });

  it('fails a job that is not in the catalogue of its queue', async () => {
    const { records, runner } = setup();

    await expect(
      runner.run(QueueName.Maintenance, new FakeJob({}, 0, {}, 'reticulate-splines', 'job-2')),
    ).rejects.toThrow(`${JOB_ERROR_CODES.UNKNOWN_JOB}: No job "reticulate-splines" in queue "maintenance"`);
    expect(records.records.get('job-2')).toMatchObject({
      state: 'failed',
      errorCode: JOB_ERROR_CODES.UNKNOWN_JOB,
    });
  });

  it('refuses a job without an id before touching any record', async () => {
    const { records, runner } = setup();

    const job = new FakeJob({});
    job.id = undefined;

    await expect(runner.run(QueueName.Maintenance, job)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(records.calls).toEqual([]);
  });
});
