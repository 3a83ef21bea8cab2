import {
  ASSET_OUTCOME_KINDS,
  type AssetOutcome,
  type AssetOutcomeKind,
  type AuditOutcome,
} from '@paddock/rules';
import type { JsonObject } from '../common/json';
import type { AssetSnapshot } from './audit-record';

/**
 * The columns of an audit row that keep one content's outcome in a job. The row's `outcome` reads
 * 'success' or 'failure' (the audit log's terms); the workflow's own kind is kept in `after`.
 */
export interface AssetOutcomeColumns {
  assetId: string;
  fromFolderId: string | null;
  toFolderId: string | null;
  outcome: AuditOutcome;
  errorCode: string | null;
  /** The content after its step, and the kind as `outcome`. */
  after: JsonObject;
}

/** The same columns as read back: the database knows neither type. */
export type StoredAssetOutcome = Omit<AssetOutcomeColumns, 'outcome' | 'after'> & {
  outcome: string;
  after: unknown;
};

function auditOutcomeOf(kind: AssetOutcomeKind): AuditOutcome {
  return kind === 'done' || kind === 'unchanged' ? 'success' : 'failure';
}

function isKind(value: unknown): value is AssetOutcomeKind {
  return (ASSET_OUTCOME_KINDS as readonly unknown[]).includes(value);
}

export function encodeAssetOutcome(outcome: AssetOutcome, after: AssetSnapshot | null): AssetOutcomeColumns {
  return {
    assetId: outcome.contentId,
    fromFolderId: outcome.fromFolderId,
    toFolderId: outcome.toFolderId,
    outcome: auditOutcomeOf(outcome.outcome),
    errorCode: outcome.errorCode,
    after: { ...after, outcome: outcome.outcome },
  };
}

/** A row without a kind in `after` (not written by encodeAssetOutcome) reads as done or failed. */
export function decodeAssetOutcome(row: StoredAssetOutcome): AssetOutcome {
  const kind =
    row.after !== null && typeof row.after === 'object' ? Reflect.get(row.after, 'outcome') : undefined;
  return {
    contentId: row.assetId,
    outcome: isKind(kind) ? kind : row.outcome === 'success' ? 'done' : 'failed',
    fromFolderId: row.fromFolderId,
    toFolderId: row.toFolderId,
    errorCode: row.errorCode,
  };
}
