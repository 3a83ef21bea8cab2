import {
  LIMITS,
  isAuditAssetAction,
  isJobName,
  type AuditRecordSummary,
  type JobName,
  type JobStory,
} from '@paddock/rules';
import type { TFunction } from 'i18next';
import { jobNameLabel } from './format';
import { auditActionLabel } from '../../i18n/enum-labels';

/** Who acted: a username, or the schedules ('system') in the reader's words. */
function actorOf(t: TFunction, actor: string): string {
  return actor === 'system' ? t('manage.story.system') : actor;
}

const conjunction = (lang: string) => new Intl.ListFormat(lang, { type: 'conjunction' });

/** A list in the reader's language: "A, B and C" / "A, B e C" / "A, B et C". */
function listOf(items: readonly string[], lang: string): string {
  return conjunction(lang).format(items);
}

const quoted = (t: TFunction, name: string) => t('manage.story.quoted', { name });

/** Names the provider no longer shows, in the reader's words. */
function namesOf(t: TFunction, names: readonly (string | null)[], unknown: string): string[] {
  return names.map((name) => (name === null ? unknown : quoted(t, name)));
}

/** A piece of an assets phrase: text, or a visible asset's quoted name with its id (a link on screen). */
export type AssetsPhrasePart = string | { assetId: string; text: string };

/** Where the names go in the phrase's translation: one character no name or translation holds. */
const NAMES_SLOT = '\u0000';

/** assetsPhrase in pieces, each visible name apart with its asset's id. */
export function assetsPhraseParts(
  t: TFunction,
  lang: string,
  assets: NonNullable<JobStory['assets']>,
): AssetsPhrasePart[] {
  const visible = assets.names.filter((name) => name !== null);
  if (!visible.length) return [t('manage.story.assets', { count: assets.total })];
  const shown = namesOf(t, assets.names, t('manage.story.unknownAsset'));
  const rest = assets.total - shown.length;
  const items = rest > 0 ? [...shown, t('manage.story.more', { count: rest })] : shown;
  let element = 0;
  const names = conjunction(lang)
    .formatToParts(items)
    .map((part) => {
      if (part.type === 'literal') return part.value;
      const i = element++;
      const assetId = assets.ids[i];
      return assets.names[i] != null && assetId ? { assetId, text: part.value } : part.value;
    });
  const [before = '', after = ''] = t('manage.story.assetsNamed', {
    count: assets.total,
    names: NAMES_SLOT,
  }).split(NAMES_SLOT);
  return [before, ...names, after].filter((part) => part !== '');
}

/** "“Foto 12”", or "3 assets (“A”, “B” and 1 more)", or "3 assets" when none is visible any more. */
export function assetsPhrase(t: TFunction, lang: string, assets: NonNullable<JobStory['assets']>): string {
  return assetsPhraseParts(t, lang, assets)
    .map((part) => (typeof part === 'string' ? part : part.text))
    .join('');
}

/** What an enrichment or bulk tag job changes: "tags added: Exterior; values set: Typology". */
function changesPhrase(t: TFunction, lang: string, story: JobStory): string {
  const unknownTag = t('manage.story.unknownTag');
  const label = (m: { key: string; label: string | null }) =>
    t(`metadataKeys.${m.key}`, { defaultValue: m.label ?? m.key });
  const parts: ['tagsAdded' | 'tagsRemoved' | 'metadataSet' | 'metadataRemoved', string[]][] = [
    ['tagsAdded', story.tags.added.map((tag) => tag ?? unknownTag)],
    ['tagsRemoved', story.tags.removed.map((tag) => tag ?? unknownTag)],
    ['metadataSet', story.metadata.set.map(label)],
    ['metadataRemoved', story.metadata.removed.map(label)],
  ];
  return parts
    .filter(([, items]) => items.length)
    .map(([key, items]) => t(`manage.story.${key}`, { count: items.length, list: listOf(items, lang) }))
    .join(t('manage.story.separator'));
}

/** How the job ended, from its counts: "12 of 12 done, 1 failed"; '' while it runs (job null: not of this release). */
function resultPhrase(t: TFunction, job: JobName | null, story: JobStory): string {
  const c = story.counts;
  const n = (key: string) => c[key] ?? 0;
  const parts: string[] = [];
  const some = (key: string, text: () => string) => {
    if (n(key) > 0) parts.push(text());
  };
  switch (job) {
    case 'purge-expired-sessions':
      if ('deleted' in c) parts.push(t('manage.results.sessions', { count: n('deleted') }));
      break;
    case 'purge-expired-uploads':
    case 'purge-incoming-orphans':
      if ('removed' in c) parts.push(t('manage.results.removed', { count: n('removed') }));
      some('kept', () => t('manage.results.inTime', { count: n('kept') }));
      break;
    case 'purge-junk':
      if ('trashed' in c) parts.push(t('manage.results.trashed', { count: n('trashed') }));
      some('kept', () => t('manage.results.kept', { count: n('kept') }));
      some('held', () => t('manage.results.held', { count: n('held') }));
      some('failed', () => t('manage.results.failed', { count: n('failed') }));
      break;
    case 'expire-external-shares':
      if ('expired' in c) parts.push(t('manage.results.expired', { count: n('expired') }));
      break;
    case 'rights-notices':
      if ('claimed' in c) parts.push(t('manage.results.notices', { count: n('claimed') }));
      break;
    case 'rights-digest':
      if ('mails' in c) parts.push(t('manage.results.digests', { count: n('mails') }));
      break;
    case 'folder-publish':
    case 'folder-unpublish':
      if ('changed' in c)
        parts.push(
          t(job === 'folder-publish' ? 'manage.results.published' : 'manage.results.unpublished', {
            count: n('changed'),
            total: n('total'),
          }),
        );
      break;
    case 'external-share':
      if ('sent' in c && story.share?.type === 'email')
        parts.push(t('manage.results.sent', { count: n('sent') }));
      break;
    case 'make-derivatives':
      if (story.state === 'READY') parts.push(t('manage.results.previewsReady'));
      if (story.state === 'FAILED') parts.push(t('manage.results.previewsFailed'));
      if (story.state === 'skipped') parts.push(t('manage.results.previewsSkipped'));
      break;
    default:
      if ('total' in c) {
        parts.push(t('manage.results.done', { count: n('total'), done: n('done') + n('unchanged') }));
        some('junk', () => t('manage.results.junk', { count: n('junk') }));
        some('failed', () => t('manage.results.failed', { count: n('failed') }));
      }
  }
  return parts.join(', ');
}

/**
 * A job as one sentence with names ("mario.rossi changed the tags of 3 assets (“A”, “B” and
 * “C”) in Enrichment: tags added: Exterior — 3 of 3 done"): the job drawer's headline and the
 * audit log's row of the job alike.
 */
export function jobSentence(t: TFunction, lang: string, actor: string, story: JobStory): string {
  const unknownFolder = t('manage.audit.unknownFolder');
  const values = {
    actor: actorOf(t, actor),
    assets: story.assets ? assetsPhrase(t, lang, story.assets) : '',
    folder: story.folder ?? unknownFolder,
    targets: listOf(
      story.targets.map((target) => target ?? unknownFolder),
      lang,
    ),
    changes: changesPhrase(t, lang, story),
    share: story.share?.name ?? '',
    recipients: listOf(story.share?.recipients ?? [], lang),
    version: story.version ?? '',
    days: LIMITS.junkRetentionDays,
    context: story.share?.type === 'email' ? 'email' : undefined,
  };
  // Every job of the catalogue has a sentence of its own; a job of another release is told by its name.
  const job = isJobName(story.job) ? story.job : null;
  const what = job
    ? t(`manage.jobSentences.${job}`, values)
    : t('manage.auditSentences.other', { ...values, action: jobNameLabel(t, story.job) });
  const result = resultPhrase(t, job, story);
  return result ? t('manage.story.withResult', { what, result }) : what;
}

/**
 * One audit row as a sentence ("Mario Rossi moved “Foto 12” to Department archive"): names where
 * the hub found them, the person's too (the username when the directory has no name); a job's own
 * row tells the job (jobSentence).
 */
export function auditSentence(t: TFunction, lang: string, row: AuditRecordSummary): string {
  if (!row.assetId && row.story && row.action === row.story.job)
    return jobSentence(t, lang, row.actorName, row.story);
  const verb = row.action.replace(/^workflow-/, '');
  const folder = (name: string | null, id: string | null) =>
    name ?? (id ? t('manage.audit.unknownFolder') : '—');
  const values = {
    actor: actorOf(t, row.actorName),
    asset: row.assetName === null ? t('manage.story.unknownAsset') : quoted(t, row.assetName),
    from: folder(row.fromFolderName, row.fromFolderId),
    to: folder(row.toFolderName, row.toFolderId),
    days: LIMITS.junkRetentionDays,
    action: auditActionLabel(t, row.action),
    job: row.story ? jobNameLabel(t, row.story.job) : '',
  };
  // The log tells an asset's action with a sentence of its own ('workflow-move' and 'move' alike).
  if (row.assetId && isAuditAssetAction(verb)) return t(`manage.auditSentences.${verb}`, values);
  if (row.assetId) return t('manage.auditSentences.otherAsset', values);
  return t(row.story ? 'manage.auditSentences.otherJob' : 'manage.auditSentences.other', values);
}

/** Where the screens that meet a code word it, first found first; the code itself otherwise. */
const ERROR_TEXTS = [
  'manage.assetErrors',
  'workflow.errors',
  'error.codes',
  'internalShare.errors',
  'sharing.errors',
];

/** The message of an error code in the reader's language, as the screen that meets it says it. */
export function errorText(t: TFunction, code: string): string {
  return ERROR_TEXTS.reduceRight(
    (fallback, texts) => t(`${texts}.${code}`, { defaultValue: fallback, code }),
    t('manage.story.errorCode', { code }),
  );
}
