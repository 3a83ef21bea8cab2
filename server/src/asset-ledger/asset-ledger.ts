import type { AssetOutcome, AssetOutcomeKind, AuditAction } from '@paddock/rules';
import type { AuditRepository } from '../audit/audit.repository';
import type { AssetSnapshot } from '../audit/audit-record';
import type { JobContext } from '../jobs/job-handler';

/** What the ledger needs of the audit (AuditRepository in the app, a recording fake in tests). */
export type LedgerStore = Pick<
  AuditRepository,
  'assetOutcomesOf' | 'recordAssetOutcomes' | 'recordJobOutcome'
>;

/** One content's outcome with its state before and after its step, as a batch records it. */
export interface LedgerEntry {
  outcome: AssetOutcome;
  before: AssetSnapshot | null;
  after: AssetSnapshot | null;
}

/** How many contents of a job ended each way. */
export type OutcomeTally = { total: number } & Record<AssetOutcomeKind, number>;

/** A job's counts as it reports them: any content failed or sent to the junk fails the job's row. */
export interface JobCounts {
  failed: number;
  junk?: number;
}

/**
 * One job's per-content ledger in the audit: what an earlier try of the job already recorded
 * (read by `resume`, so a retry after a crash skips those contents), one row per content and action
 * with its state before and after (a second record of the same content updates its row), the
 * counts, and the job's own row at the end. The handler brings only its step and the snapshots.
 *
 * A job records its contents in batches (`recordMany`, one transaction each) once their provider
 * steps are done: a crash before a batch is written leaves its contents without an outcome, and the
 * resumed job does their steps again, which is why every step is idempotent at the provider.
 */
export class AssetLedger {
  private readonly outcomes = new Map<string, AssetOutcome>();
  private readonly earlierTry = new Set<string>();

  constructor(
    private readonly store: LedgerStore,
    private readonly action: AuditAction,
    private readonly context: Pick<JobContext, 'jobId' | 'actor'>,
  ) {}

  /** Reads the outcomes an earlier try of this job recorded. */
  async resume(): Promise<this> {
    for (const outcome of await this.store.assetOutcomesOf(this.context.jobId)) {
      this.outcomes.set(outcome.contentId, outcome);
      this.earlierTry.add(outcome.contentId);
    }
    return this;
  }

  /** Whether an earlier try recorded the content: its work is done, the retry skips it. */
  recordedEarlier(contentId: string): boolean {
    return this.earlierTry.has(contentId);
  }

  /** How the content ended, by this try or an earlier one; `undefined` while it has no outcome. */
  outcomeOf(contentId: string): AssetOutcomeKind | undefined {
    return this.outcomes.get(contentId)?.outcome;
  }

  async record(
    outcome: AssetOutcome,
    before: AssetSnapshot | null,
    after: AssetSnapshot | null,
  ): Promise<AssetOutcome> {
    await this.recordMany([{ outcome, before, after }]);
    return outcome;
  }

  /** Records a batch of contents' outcomes in one write: all of them or, on a failure, none. */
  async recordMany(entries: readonly LedgerEntry[]): Promise<void> {
    const { jobId, actor } = this.context;
    await this.store.recordAssetOutcomes(
      entries.map((entry) => ({ jobId, actor, action: this.action, ...entry })),
    );
    for (const { outcome } of entries) this.outcomes.set(outcome.contentId, outcome);
  }

  /** The contents' counts by their recorded outcome; a content without one counts as failed. */
  tally(contentIds: readonly string[]): OutcomeTally {
    const tally: OutcomeTally = { total: contentIds.length, done: 0, unchanged: 0, junk: 0, failed: 0 };
    for (const id of contentIds) tally[this.outcomeOf(id) ?? 'failed'] += 1;
    return tally;
  }

  /** Writes the job's own row with its counts, and hands them back as the job's result. */
  async close<R extends JobCounts & Record<string, number>>(result: R): Promise<R> {
    await this.store.recordJobOutcome({
      jobId: this.context.jobId,
      actor: this.context.actor,
      action: this.action,
      outcome: result.failed || result.junk ? 'failure' : 'success',
      after: { ...result },
    });
    return result;
  }
}
