import type { AuditRecordSummary } from '@paddock/rules';
import type { TFunction } from 'i18next';
import { jobNameLabel } from './format';

/** The workflow actions the log tells as a sentence of their own ('workflow-move' and 'move' alike). */
const SENTENCES = [
  'accept',
  'reject',
  'move',
  'delete',
  'restore',
  'permanent-delete',
  'supplier-remove',
  'resubmit',
] as const;
type Sentence = (typeof SENTENCES)[number];
const isSentence = (verb: string): verb is Sentence => (SENTENCES as readonly string[]).includes(verb);

/**
 * One audit row as a sentence ("mario.rossi moved “Foto 12” to Department archive"): names where
 * the hub found them, the id where the provider no longer has the asset.
 */
export function auditSentence(t: TFunction, row: AuditRecordSummary): string {
  const verb = row.action.replace(/^workflow-/, '');
  const folder = (name: string | null, id: string | null) =>
    name ?? (id ? t('manage.audit.unknownFolder') : '—');
  const values = {
    actor: row.actor,
    asset: row.assetName ?? row.assetId ?? '',
    from: folder(row.fromFolderName, row.fromFolderId),
    to: folder(row.toFolderName, row.toFolderId),
    action: t(`manage.auditActions.${row.action}`, { defaultValue: jobNameLabel(t, row.action) }),
  };
  if (row.assetId && isSentence(verb)) return t(`manage.auditSentences.${verb}`, values);
  return t(row.assetId ? 'manage.auditSentences.otherAsset' : 'manage.auditSentences.other', values);
}
