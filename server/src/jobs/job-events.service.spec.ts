import { lastValueFrom, toArray } from 'rxjs';
import type { AppConfig } from '../config/config.module';
import { JobEventsService, type JobEvent } from './job-events.service';
import type { JobState, JobView } from './job-record';
import type { JobsService } from './jobs.service';
import { QueueName } from './job-catalogue';

/** A job record the test moves on, read by the service as JobsService.get would. */
function recordOf(state: JobState, progress: number): Partial<JobView> {
  return { id: 'j1', queue: QueueName.Maintenance, state, progress, result: null, errorCode: null };
}

describe('JobEventsService.watch', () => {
  it("never moves a running job's bar backwards when older progress arrives after a fresher read", async () => {
    let record = recordOf('waiting', 0);
    const jobs = { get: jest.fn(async () => record) } as unknown as JobsService;
    const service = new JobEventsService({} as AppConfig, jobs);
    // The queue's event reader starts slowly, as on a loaded machine; events arrive meanwhile.
    let readerReady!: () => void;
    Reflect.set(service, 'eventsOf', () => new Promise<void>((resolve) => (readerReady = resolve)));
    const dispatch = (signal: unknown) =>
      Reflect.apply(Reflect.get(service, 'dispatch'), service, ['j1', signal]);

    const events = lastValueFrom(service.watch('j1').pipe(toArray()));
    await new Promise((resolve) => setImmediate(resolve));
    dispatch({ kind: 'progress', progress: 45 });
    dispatch({ kind: 'progress', progress: 91 });
    record = recordOf('active', 99);
    readerReady();
    await new Promise((resolve) => setImmediate(resolve));
    dispatch({ kind: 'progress', progress: 100 });
    record = { ...recordOf('completed', 100), result: { deleted: 3 } };
    dispatch({ kind: 'changed' });

    const seen: JobEvent[] = await events;
    expect(seen.map((e) => [e.state, e.progress])).toEqual([
      ['waiting', 0],
      ['active', 99],
      ['active', 100],
      ['completed', 100],
    ]);
  });
});
