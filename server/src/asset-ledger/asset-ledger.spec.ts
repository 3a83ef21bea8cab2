import type { AssetOutcome, AssetOutcomeKind } from '@paddock/rules';
import { recordingAudit } from '../../test/support/workflow-factories';
import { AssetLedger } from './asset-ledger';

const context = { jobId: 'job-1', actor: 'anna.bianchi' };
const outcome = (contentId: string, kind: AssetOutcomeKind): AssetOutcome => ({
  contentId,
  outcome: kind,
  fromFolderId: 'f-1',
  toFolderId: kind === 'junk' ? 'f-junk' : null,
  errorCode: kind === 'failed' ? 'NOT_FOUND' : null,
});
const snapshot = { folderIds: ['f-1'], tags: [] };

let audit: ReturnType<typeof recordingAudit>;
beforeEach(() => {
  audit = recordingAudit();
});

describe('the per-asset job ledger', () => {
  it('on resume knows the contents an earlier try of the same job recorded, and only those', async () => {
    await new AssetLedger(audit, 'accept', context).record(outcome('c-1', 'done'), snapshot, snapshot);
    await new AssetLedger(audit, 'accept', { ...context, jobId: 'job-2' }).record(
      outcome('c-2', 'done'),
      snapshot,
      snapshot,
    );

    const resumed = await new AssetLedger(audit, 'accept', context).resume();
    expect(['c-1', 'c-2', 'c-3'].map((id) => resumed.recordedEarlier(id))).toEqual([true, false, false]);
    expect(resumed.outcomeOf('c-1')).toBe('done');

    await resumed.record(outcome('c-3', 'unchanged'), snapshot, snapshot);
    expect(resumed.recordedEarlier('c-3')).toBe(false);
    expect(resumed.outcomeOf('c-3')).toBe('unchanged');
  });

  it('without resume knows nothing of an earlier try', async () => {
    await new AssetLedger(audit, 'accept', context).record(outcome('c-1', 'done'), snapshot, snapshot);
    const fresh = new AssetLedger(audit, 'accept', context);
    expect([fresh.recordedEarlier('c-1'), fresh.outcomeOf('c-1')]).toEqual([false, undefined]);
  });

  it('records one row per content with the job, actor, action and snapshots, the last outcome winning', async () => {
    const ledger = new AssetLedger(audit, 'move', context);
    const after = { folderIds: ['f-2'], tags: ['t'] };
    await ledger.record(outcome('c-1', 'failed'), snapshot, null);
    await ledger.record(outcome('c-1', 'done'), snapshot, after);

    expect(audit.assets).toEqual([
      {
        jobId: 'job-1',
        actor: 'anna.bianchi',
        action: 'move',
        outcome: outcome('c-1', 'done'),
        before: snapshot,
        after,
      },
    ]);
    expect(ledger.tally(['c-1'])).toEqual({ total: 1, done: 1, unchanged: 0, junk: 0, failed: 0 });
  });

  it('tallies each content by its outcome, earlier or now, and one without an outcome as failed', async () => {
    await new AssetLedger(audit, 'accept', context).record(outcome('c-1', 'junk'), snapshot, snapshot);
    const ledger = await new AssetLedger(audit, 'accept', context).resume();
    await ledger.record(outcome('c-2', 'done'), snapshot, snapshot);
    await ledger.record(outcome('c-3', 'unchanged'), snapshot, snapshot);

    expect(ledger.tally(['c-1', 'c-2', 'c-3', 'c-4'])).toEqual({
      total: 4,
      done: 1,
      unchanged: 1,
      junk: 1,
      failed: 1,
    });
  });

  it.each([
    [{ total: 2, done: 2, unchanged: 0, junk: 0, failed: 0 }, 'success'],
    [{ total: 2, done: 1, unchanged: 0, junk: 1, failed: 0 }, 'failure'],
    [{ trashed: 0, kept: 3, failed: 1 }, 'failure'],
    [{ trashed: 1, kept: 3, failed: 0 }, 'success'],
  ])('closes with the job row %j as %s and hands the counts back', async (counts, expected) => {
    const ledger = new AssetLedger(audit, 'accept', context);
    expect(await ledger.close(counts)).toBe(counts);
    expect(audit.jobs).toEqual([
      { jobId: 'job-1', actor: 'anna.bianchi', action: 'accept', outcome: expected, after: counts },
    ]);
  });
});
