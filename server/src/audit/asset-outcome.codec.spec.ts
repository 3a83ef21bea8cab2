import {
  ASSET_OUTCOME_KINDS,
  type AssetOutcome,
  type AssetOutcomeKind,
  type AuditOutcome,
} from '@paddock/rules';
import { decodeAssetOutcome, encodeAssetOutcome } from './asset-outcome.codec';

const AUDIT_LOG_READS: Record<AssetOutcomeKind, AuditOutcome> = {
  done: 'success',
  unchanged: 'success',
  junk: 'failure',
  failed: 'failure',
};

function outcome(kind: AssetOutcomeKind): AssetOutcome {
  return {
    contentId: 'c-1',
    outcome: kind,
    fromFolderId: 'f-step1',
    toFolderId: kind === 'failed' ? null : 'f-step2',
    errorCode: kind === 'junk' || kind === 'failed' ? 'E046' : null,
  };
}

describe('asset outcome in an audit row', () => {
  it.each(ASSET_OUTCOME_KINDS)(
    'reads back a %s outcome as written, with or without the content after',
    (kind) => {
      const snapshot = { folderIds: ['f-step2'], tags: ['wf-accepted'] };
      expect(decodeAssetOutcome(encodeAssetOutcome(outcome(kind), snapshot))).toEqual(outcome(kind));
      expect(decodeAssetOutcome(encodeAssetOutcome(outcome(kind), null))).toEqual(outcome(kind));
    },
  );

  it.each(ASSET_OUTCOME_KINDS)('writes a %s outcome in the audit log as its success or failure', (kind) => {
    expect(encodeAssetOutcome(outcome(kind), null).outcome).toBe(AUDIT_LOG_READS[kind]);
  });

  it('keeps the content after its step beside the kind', () => {
    const row = encodeAssetOutcome(outcome('done'), { folderIds: ['f-step2'], tags: ['wf-accepted'] });
    expect(row.after).toEqual({ folderIds: ['f-step2'], tags: ['wf-accepted'], outcome: 'done' });
  });

  it('reads a row without a kind of its own as done or failed, from the audit outcome', () => {
    const row = { assetId: 'c-1', fromFolderId: null, toFolderId: null, errorCode: null };
    expect(decodeAssetOutcome({ ...row, outcome: 'success', after: null }).outcome).toBe('done');
    expect(decodeAssetOutcome({ ...row, outcome: 'failure', after: { outcome: 'gone' } }).outcome).toBe(
      'failed',
    );
  });
});
