import type { UnfinishedUpload, UnfinishedUploads } from './upload-files';
import type { AuditEntry, AuditWriter } from '../audit/audit-record';
import type { Clock } from '../common/clock';
import type { JobContext } from '../jobs/job-handler';
import { PurgeExpiredUploadsHandler } from './purge-expired-uploads.handler';

const NOW = new Date('2026-11-21T03:17:00.000Z');
const HOUR = 3_600_000;

class FakeUploads implements UnfinishedUploads {
  readonly expiryMs = 24 * HOUR;
  constructor(public uploads: Map<string, Date>) {}

  async *unfinished(): AsyncIterable<UnfinishedUpload> {
    for (const [id, createdAt] of this.uploads) yield { id, createdAt };
  }

  async remove(id: string): Promise<void> {
    this.uploads.delete(id);
  }
}

class FakeAudit implements AuditWriter {
  entries: AuditEntry[] = [];
  async append(entry: AuditEntry): Promise<void> {
    this.entries.push(entry);
  }
}

const context: JobContext = {
  jobId: 'job-1',
  actor: 'system',
  attempt: 1,
  startedBefore: false,
  progress: async () => undefined,
  stopRequested: async () => false,
};

describe('PurgeExpiredUploadsHandler', () => {
  const clock: Clock = { now: () => NOW };

  it('removes the uploads begun more than the expiry ago, keeps the others, audits the counts; again: nothing', async () => {
    const store = new FakeUploads(
      new Map([
        ['old', new Date(NOW.getTime() - 25 * HOUR)],
        ['just-expired', new Date(NOW.getTime() - 24 * HOUR - 1)],
        ['at-expiry', new Date(NOW.getTime() - 24 * HOUR)],
        ['young', new Date(NOW.getTime() - HOUR)],
      ]),
    );
    const audit = new FakeAudit();
    const handler = new PurgeExpiredUploadsHandler(store, audit, clock);

    await expect(handler.handle({}, context)).resolves.toEqual({ removed: 2, kept: 2 });
    expect([...store.uploads.keys()]).toEqual(['at-expiry', 'young']);
    expect(audit.entries).toEqual([
      {
        jobId: 'job-1',
        actor: 'system',
        action: 'purge-expired-uploads',
        outcome: 'success',
        after: { removed: 2, kept: 2 },
      },
    ]);

    await expect(handler.handle({}, context)).resolves.toEqual({ removed: 0, kept: 2 });
    expect(audit.entries).toHaveLength(2);
  });
});
