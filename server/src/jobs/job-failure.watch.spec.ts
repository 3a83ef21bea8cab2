import { ConsoleLogger, Logger } from '@nestjs/common';
import { parseConfig } from '../config/config.schema';
import type { Clock } from '../common/clock';
import { codeOfFailedReason, JobFailureWatch } from './job-failure.watch';

const NOW = new Date('2026-11-21T03:00:00.000Z');
const clock: Clock = { now: () => NOW };
const config = parseConfig({});

describe('JobFailureWatch', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new ConsoleLogger()));

  it('codes a job BullMQ gave up on after stalls apart from other failures', () => {
    expect(codeOfFailedReason('job stalled more than allowable limit')).toBe('JOB_STALLED');
    expect(codeOfFailedReason('JOB_INVALID_PAYLOAD: Invalid payload')).toBe('INTERNAL');
  });

  it('settles the record with the code and the time', async () => {
    const calls: unknown[][] = [];
    const watch = new JobFailureWatch(
      config,
      {
        settleFailed: async (...args) => {
          calls.push(args);
          return true;
        },
      },
      clock,
    );
    await watch.settle('job-1', 'job stalled more than allowable limit');
    expect(calls).toEqual([['job-1', 'JOB_STALLED', NOW]]);
  });

  it('never throws from the event handler, even when the database is down', async () => {
    const watch = new JobFailureWatch(
      config,
      {
        settleFailed: async () => {
          throw new Error('database down');
        },
      },
      clock,
    );
    await expect(watch.settle('job-1', 'x')).resolves.toBeUndefined();
  });
});
