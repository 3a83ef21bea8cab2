import type { AuditEntry, AuditWriter } from '../audit/audit-record';
import type { Clock } from '../common/clock';
import type { JobContext } from '../jobs/job-handler';
import { PURGE_BATCH_SIZE, PurgeExpiredSessionsHandler } from './purge-expired-sessions.handler';
import type { ExpiredSessionStore } from './session.repository';

const NOW = new Date('2026-11-21T03:00:00.000Z');

class FakeSessions implements ExpiredSessionStore {
  constructor(public expiries: Map<string, Date>) {}

  async countExpired(cutoff: Date): Promise<number> {
    return [...this.expiries.values()].filter((at) => at < cutoff).length;
  }

  async deleteExpiredBatch(cutoff: Date, limit: number): Promise<{ found: number; deleted: number }> {
    const ids = [...this.expiries].filter(([, at]) => at < cutoff).slice(0, limit);
    for (const [id] of ids) this.expiries.delete(id);
    return { found: ids.length, deleted: ids.length };
  }
}

class FakeAudit implements AuditWriter {
  entries: AuditEntry[] = [];
  async append(entry: AuditEntry): Promise<void> {
    this.entries.push(entry);
  }
}

function sessions(expired: number, live: number): Map<string, Date> {
  const rows = new Map<string, Date>();
  for (let i = 0; i < expired; i += 1) rows.set(`expired-${i}`, new Date(NOW.getTime() - 1_000 * (i + 1)));
  for (let i = 0; i < live; i += 1) rows.set(`live-${i}`, new Date(NOW.getTime() + 1_000 * (i + 1)));
  rows.set('expiring-now', NOW); // not before now: kept
  return rows;
}

function context(actor = 'anna.admin') {
  const reported: number[] = [];
  const ctx: JobContext = {
    jobId: 'job-1',
    actor,
    attempt: 1,
    startedBefore: false,
    progress: async (p) => {
      reported.push(p);
    },
    stopRequested: async () => false,
  };
  return { ctx, reported };
}

describe('PurgeExpiredSessionsHandler', () => {
  const clock: Clock = { now: () => NOW };

  it('deletes only what expired before now, in batches, reporting progress, and audits the count', async () => {
    const store = new FakeSessions(sessions(PURGE_BATCH_SIZE * 2 + 10, 3));
    const audit = new FakeAudit();
    const { ctx, reported } = context();

    const result = await new PurgeExpiredSessionsHandler(store, audit, clock).handle({}, ctx);

    expect(result).toEqual({ deleted: PURGE_BATCH_SIZE * 2 + 10 });
    expect([...store.expiries.keys()].sort()).toEqual(['expiring-now', 'live-0', 'live-1', 'live-2']);
    expect(reported).toHaveLength(4);
    expect(reported.slice(0, 3).every((p) => p > 0 && p < 100)).toBe(true);
    expect(reported).toEqual([...reported].sort((a, b) => a - b));
    expect(reported.at(-1)).toBe(100);
    expect(audit.entries).toEqual([
      {
        jobId: 'job-1',
        actor: 'anna.admin',
        action: 'purge-expired-sessions',
        outcome: 'success',
        after: { deleted: PURGE_BATCH_SIZE * 2 + 10 },
      },
    ]);
  });

  it('is idempotent: the second run deletes nothing and still succeeds and audits', async () => {
    const store = new FakeSessions(sessions(5, 1));
    const audit = new FakeAudit();
    const handler = new PurgeExpiredSessionsHandler(store, audit, clock);
    await handler.handle({}, context().ctx);

    const { ctx, reported } = context('system');
    await expect(handler.handle({}, ctx)).resolves.toEqual({ deleted: 0 });

    expect(reported).toEqual([100]);
    expect(audit.entries.at(-1)).toMatchObject({
      actor: 'system',
      outcome: 'success',
      after: { deleted: 0 },
    });
    expect(store.expiries.size).toBe(2);
  });
});
