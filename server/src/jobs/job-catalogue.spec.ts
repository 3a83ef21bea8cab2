import { JOB_NAMES, QUEUE_NAMES } from '@paddock/rules';
import {
  ALL_JOBS,
  ALL_QUEUES,
  checkPayload,
  JobName,
  jobOptionsOf,
  JOBS,
  jobsOfQueue,
  QueueName,
  QUEUES,
  SCHEDULES,
  WORKFLOW_JOB_NAMES,
} from './job-catalogue';

describe('the job catalogue', () => {
  it('puts every job on a queue it declares, and every queue has jobs', () => {
    for (const name of ALL_JOBS) expect(ALL_QUEUES).toContain(JOBS[name].queue);
    for (const queue of ALL_QUEUES) expect(jobsOfQueue(queue).length).toBeGreaterThan(0);
  });

  it('names its jobs and queues as @paddock/rules lists them for the web to label', () => {
    expect([...ALL_JOBS].sort()).toEqual([...JOB_NAMES].sort());
    expect([...ALL_QUEUES].sort()).toEqual([...QUEUE_NAMES].sort());
  });

  it('uses queue and job names BullMQ accepts', () => {
    for (const name of [...ALL_QUEUES, ...ALL_JOBS]) expect(name).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('retries with exponential backoff and keeps a bounded history in Redis', () => {
    for (const queue of ALL_QUEUES) {
      const { policy, concurrency } = QUEUES[queue];
      expect(policy.attempts).toBeGreaterThanOrEqual(1);
      expect(policy.backoffMs).toBeGreaterThan(0);
      expect(policy.keepCompleted).toBeGreaterThan(0);
      expect(policy.keepFailed).toBeGreaterThan(0);
      expect(concurrency).toBeGreaterThanOrEqual(1);
    }
    expect(jobOptionsOf(JobName.PurgeExpiredSessions)).toEqual({
      attempts: 3,
      backoff: { type: 'exponential', delay: 30_000 },
      removeOnComplete: { count: 200 },
      removeOnFail: { count: 1_000 },
    });
  });

  it('checks payloads: the purge takes none, anything else is refused with the reason', () => {
    expect(checkPayload(JobName.PurgeExpiredSessions, {})).toEqual({ ok: true, payload: {} });
    const refused = checkPayload(JobName.PurgeExpiredSessions, { sessionId: 42 });
    expect(refused.ok).toBe(false);
    expect(checkPayload(JobName.PurgeExpiredSessions, null).ok).toBe(false);
    expect(checkPayload(JobName.PurgeExpiredSessions, 'x').ok).toBe(false);
  });

  it('checks the derivatives payload: a content uuid and a version from 1, nothing else', () => {
    const contentId = '0b6f3a52-9a4e-4c1e-8f43-6a1c2d3e4f50';
    expect(checkPayload(JobName.MakeDerivatives, { contentId, version: 2 })).toEqual({
      ok: true,
      payload: { contentId, version: 2 },
    });
    expect(checkPayload(JobName.MakeDerivatives, { contentId: 'x', version: 1 }).ok).toBe(false);
    expect(checkPayload(JobName.MakeDerivatives, { contentId, version: 0 }).ok).toBe(false);
    expect(checkPayload(JobName.MakeDerivatives, { contentId, version: 1.5 }).ok).toBe(false);
    expect(checkPayload(JobName.MakeDerivatives, { contentId, version: 1, extra: true }).ok).toBe(false);
    expect(JOBS[JobName.MakeDerivatives].queue).toBe(QueueName.Media);
  });

  it('schedules jobs of the catalogue with valid payloads, once per id, nightly purge included', () => {
    const ids = SCHEDULES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const schedule of SCHEDULES) {
      expect(ALL_JOBS).toContain(schedule.job);
      expect(checkPayload(schedule.job, schedule.payload).ok).toBe(true);
      expect(schedule.pattern.split(' ')).toHaveLength(5);
    }
    expect(SCHEDULES).toContainEqual(
      expect.objectContaining({ job: JobName.PurgeExpiredSessions, pattern: '0 3 * * *' }),
    );
    expect(JOBS[JobName.PurgeExpiredSessions].queue).toBe(QueueName.Maintenance);
  });

  it('reads the workflow jobs off their payload: every workflow-* job, and none other', () => {
    expect([...WORKFLOW_JOB_NAMES].sort()).toEqual(
      ALL_JOBS.filter((name) => name.startsWith('workflow-')).sort(),
    );
  });
});
