import { Injectable } from '@nestjs/common';
import type { AssetOutcome, AuditAction, AuditOutcome, AuditRecordSummary } from '@paddock/rules';
import type { PageCursor } from '../common/page-cursor';
import { HubPrismaService, type HubTransaction } from '../database/hub-prisma.service';
import { jsonInput, type JsonInput } from '../database/json-input';
import { containsPattern } from '../common/like-pattern';
import type { AuditRecord, JobRecord, Prisma } from '../generated/hub/client';
import type { JsonValue } from '../common/json';
import { decodeAssetOutcome, encodeAssetOutcome } from './asset-outcome.codec';
import type { AssetAuditEntry, AuditEntry, JobAuditEntry } from './audit-record';

/** How a content went into the junk, as its audit row says. */
export interface JunkEntry {
  /** The folder it was sent from. */
  fromFolderId: string;
  actor: string;
  /** The workflow action that sent it (`delete`, or a move or accept that failed). */
  action: string;
  at: Date;
}

/** What a search of the audit log may narrow by; every field is optional. */
export interface AuditFilter {
  assetId?: string;
  actor?: string;
  action?: string;
  outcome?: AuditOutcome;
  jobId?: string;
  /** Inclusive lower bound of `at`. */
  from?: Date;
  /** Exclusive upper bound of `at`. */
  to?: Date;
  /** Only rows older than the previous page's last. */
  before?: PageCursor;
  limit: number;
}

function optionalJsonInput(value: JsonValue | undefined): JsonInput | undefined {
  return value === undefined ? undefined : jsonInput(value);
}

function rowOf(entry: AuditEntry): Prisma.AuditRecordUncheckedCreateInput {
  return {
    jobId: entry.jobId ?? null,
    actor: entry.actor,
    action: entry.action,
    assetId: entry.assetId ?? null,
    fromFolderId: entry.fromFolderId ?? null,
    toFolderId: entry.toFolderId ?? null,
    before: optionalJsonInput(entry.before),
    after: optionalJsonInput(entry.after),
    outcome: entry.outcome,
    errorCode: entry.errorCode ?? null,
  };
}

type AssetRowKey = { jobId: string; assetId: string; action: string };

const keyOf = (row: AssetRowKey) => `${row.jobId}\u0000${row.action}\u0000${row.assetId}`;

/** An asset's audit row as the batch insert reads it (jsonb_to_recordset's columns). */
interface AssetRow {
  job_id: string;
  actor: string;
  action: string;
  asset_id: string;
  from_folder_id: string | null;
  to_folder_id: string | null;
  before: unknown;
  after: unknown;
  outcome: string;
  error_code: string | null;
}

/**
 * A row as stored: the names it points at are the provider's, looked up by the service; a job's
 * own row (no asset) comes with what the job was asked and what it reported, for its story.
 */
export type StoredAuditRecord = Omit<
  AuditRecordSummary,
  'actorName' | 'assetName' | 'fromFolderName' | 'toFolderName' | 'story'
> & { job: { name: string; payload: unknown; result: unknown } | null };

type RowWithJob = AuditRecord & { job: Pick<JobRecord, 'name' | 'payload' | 'result'> | null };

function toSummary(row: RowWithJob): StoredAuditRecord {
  return {
    id: row.id.toString(),
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    jobId: row.jobId,
    assetId: row.assetId,
    fromFolderId: row.fromFolderId,
    toFolderId: row.toFolderId,
    outcome: row.outcome === 'success' ? 'success' : 'failure',
    errorCode: row.errorCode,
    job: row.assetId === null && row.job ? row.job : null,
  };
}

/** hub.audit_record: every row written and read here (jobs, workflow and the audit log search). */
@Injectable()
export class AuditRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  /** Adds one row; within `tx` when the caller's own change must land with it or not at all. */
  async append(entry: AuditEntry, tx: HubTransaction = this.prisma): Promise<void> {
    await tx.auditRecord.create({ data: rowOf(entry) });
  }

  /**
   * A batch of per-asset rows in one transaction: one INSERT for the rows that are new, an update
   * of each row an earlier write of the same job, asset and action left (a unique key), so a retried
   * or resumed job never adds a second row. Within a batch the last entry of a content wins.
   */
  async recordAssetOutcomes(entries: readonly AssetAuditEntry[]): Promise<void> {
    const rows = new Map<string, AssetRow>();
    for (const entry of entries) {
      const columns = encodeAssetOutcome(entry.outcome, entry.after);
      const row: AssetRow = {
        job_id: entry.jobId,
        actor: entry.actor,
        action: entry.action,
        asset_id: columns.assetId,
        from_folder_id: columns.fromFolderId,
        to_folder_id: columns.toFolderId,
        before: entry.before ?? null,
        after: columns.after,
        outcome: columns.outcome,
        error_code: columns.errorCode,
      };
      rows.set(keyOf({ jobId: row.job_id, action: row.action, assetId: row.asset_id }), row);
    }
    if (!rows.size) return;
    // One statement for the whole batch (a job's 200 rows were 4 round trips in an interactive
    // transaction, about as long as the provider's changes themselves: issue 26 point 4). A key
    // written before — a resumed job, or a stalled one run twice at once — is updated: still one
    // row per (job, asset, action); a `before` it had is kept when this one has none.
    await this.prisma.$executeRaw`
      INSERT INTO hub.audit_record
        (job_id, actor, action, asset_id, from_folder_id, to_folder_id, before, after, outcome, error_code)
      SELECT r.job_id, r.actor, r.action, r.asset_id, r.from_folder_id, r.to_folder_id, r.before, r.after,
             r.outcome, r.error_code
      FROM jsonb_to_recordset(${JSON.stringify([...rows.values()])}::jsonb) AS r(
        job_id text, actor text, action text, asset_id text, from_folder_id text, to_folder_id text,
        before jsonb, after jsonb, outcome text, error_code text)
      ON CONFLICT (job_id, asset_id, action) DO UPDATE SET
        actor = EXCLUDED.actor,
        from_folder_id = EXCLUDED.from_folder_id,
        to_folder_id = EXCLUDED.to_folder_id,
        before = COALESCE(EXCLUDED.before, audit_record.before),
        after = EXCLUDED.after,
        outcome = EXCLUDED.outcome,
        error_code = EXCLUDED.error_code`;
  }

  /** The job-level row, written once (a resumed job finds it and updates it). */
  async recordJobOutcome(entry: JobAuditEntry): Promise<void> {
    const existing = await this.prisma.auditRecord.findFirst({
      where: { jobId: entry.jobId, action: entry.action, assetId: null },
      select: { id: true },
    });
    const data = { actor: entry.actor, outcome: entry.outcome, after: entry.after };
    if (existing) await this.prisma.auditRecord.update({ where: { id: existing.id }, data });
    else await this.append({ jobId: entry.jobId, action: entry.action, ...data });
  }

  /** Whether the job's own row says it succeeded: an earlier try of the job finished its work. */
  async jobSucceeded(jobId: string, action: AuditAction): Promise<boolean> {
    const row = await this.prisma.auditRecord.findFirst({
      where: { jobId, action, assetId: null, outcome: 'success' },
      select: { id: true },
    });
    return row !== null;
  }

  /** Per-asset outcomes of a job, in the order they were first written. */
  async assetOutcomesOf(jobId: string): Promise<AssetOutcome[]> {
    const rows = await this.prisma.auditRecord.findMany({
      where: { jobId, assetId: { not: null } },
      orderBy: { id: 'asc' },
      select: {
        assetId: true,
        fromFolderId: true,
        toFolderId: true,
        outcome: true,
        errorCode: true,
        after: true,
      },
    });
    return rows.map((row) => decodeAssetOutcome({ ...row, assetId: row.assetId! }));
  }

  /**
   * How each content was last sent into `junkFolderId`: from which folder, by whom, by which job,
   * when — a delete, or a failed step that put it there (the asset rows of the workflow jobs keep
   * both folders). Contents never seen going in are left out.
   */
  async junkEntries(junkFolderId: string, contentIds: readonly string[]): Promise<Map<string, JunkEntry>> {
    const rows = await this.prisma.auditRecord.findMany({
      where: { assetId: { in: [...contentIds] }, toFolderId: junkFolderId, fromFolderId: { not: null } },
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      select: { assetId: true, fromFolderId: true, actor: true, action: true, at: true },
    });
    const entries = new Map<string, JunkEntry>();
    for (const { assetId, fromFolderId, actor, action, at } of rows)
      if (assetId && fromFolderId && !entries.has(assetId))
        entries.set(assetId, { fromFolderId, actor, action, at });
    return entries;
  }

  /**
   * Newest first by time (ids break ties): the (asset_id, at) and (actor, at) indexes serve a
   * search by asset or user in that order, the (at, id) index one by dates alone. A part of a
   * username (issue 12, in any case) is first resolved to the actors it matches, so the search
   * runs on `actor IN (…)`: an ILIKE on the rows themselves could use no index and read them all.
   */
  async search(filter: AuditFilter): Promise<StoredAuditRecord[]> {
    const actors = filter.actor === undefined ? undefined : await this.actorsMatching(filter.actor);
    if (actors?.length === 0) return [];
    const before = filter.before;
    const at: Prisma.DateTimeFilter = {};
    if (filter.from) at.gte = filter.from;
    if (filter.to) at.lt = filter.to;
    // The page bound on `at` alone lets the index stop there; the OR then breaks ties by id.
    if (before) at.lte = before.at;
    const rows = await this.prisma.auditRecord.findMany({
      where: {
        assetId: filter.assetId,
        actor: actors && { in: actors },
        action: filter.action,
        outcome: filter.outcome,
        jobId: filter.jobId,
        ...(Object.keys(at).length ? { at } : {}),
        ...(before && {
          OR: [{ at: { lt: before.at } }, { at: before.at, id: { lt: BigInt(before.id) } }],
        }),
      },
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      take: filter.limit,
      include: { job: { select: { name: true, payload: true, result: true } } },
    });
    return rows.map(toSummary);
  }

  /**
   * The distinct actors whose name contains `part`, in any case. A loose index scan over the
   * (actor, at) index: one probe per distinct actor (a few hundred people), never a read of the rows.
   */
  private async actorsMatching(part: string): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ actor: string }[]>`
      WITH RECURSIVE "actors"("actor") AS (
        (SELECT "actor" FROM "hub"."audit_record" ORDER BY "actor" LIMIT 1)
        UNION ALL
        SELECT (SELECT r."actor" FROM "hub"."audit_record" r
                WHERE r."actor" > a."actor" ORDER BY r."actor" LIMIT 1)
        FROM "actors" a WHERE a."actor" IS NOT NULL
      )
      SELECT "actor" FROM "actors" WHERE "actor" ILIKE ${containsPattern(part)} ESCAPE '\\'`;
    return rows.map((r) => r.actor);
  }
}
