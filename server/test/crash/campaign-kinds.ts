import { ENRICHMENT_CLASSIFICATIONS } from '@paddock/rules';
import { JobName } from '../../src/jobs/job-catalogue';
import { JobsService } from '../../src/jobs/jobs.service';
import { providerDb, type SignedIn } from '../auth/auth-fixtures';
import { MANDATORY } from '../enrichment/enrichment-fixtures';
import type { TestApp } from '../support/test-app';
import { contentsIn, submitJob } from '../workflow/workflow-fixtures';

/** The people the campaign acts as: a step-1 approver, a Marketing user, the administrator. */
export interface Cast {
  anna: SignedIn;
  mario: SignedIn;
  admin: SignedIn;
}

/** One durable job of the campaign: the assets it works on and how it is submitted. */
export interface JobKind {
  name: JobName;
  /** Seeds the job's assets (`n` of them); `tag` makes names and folders of this job its own. */
  seed(n: number, tag: string): Promise<string[]>;
  /** Submits the job over the assets seeded; answers its id. */
  submit(ids: string[], tag: string): Promise<string>;
}

/** Unix seconds `days` ago: the junk's deletion date (`dataeliminazione`). */
const daysAgo = (days: number) => String(Math.floor(Date.now() / 1000) - days * 86_400);

/** Every job type that changes assets, each submitted as its user does (purge as the nightly schedule). */
export function jobKinds(t: TestApp, folders: Map<string, string>, cast: Cast): JobKind[] {
  const id = (prettyId: string) => folders.get(prettyId)!;
  /** Most jobs are asked for from one folder: `{ contentIds, folderId, ...extra }`. */
  const fromFolder =
    (s: SignedIn, path: string, folder: string, extra: (tag: string) => object = () => ({})) =>
    (contentIds: string[], tag: string) =>
      submitJob(t, s, path, { contentIds, folderId: id(folder), ...extra(tag) });
  const seedIn = (prettyIds: string[], metadata?: { key: string; value: string }[]) => (n: number) =>
    contentsIn(t, folders, prettyIds, n, { metadata });
  const toApprove = seedIn(['lvrr02-marketing', 'appstp1-marketing']);
  // Still in time for the purge (only the purge's own assets are past the retention).
  const inJunk = seedIn(['junk-marketing'], [{ key: 'dataeliminazione', value: daysAgo(1) }]);
  const tags = ['prd-spider', 'prd-suv'].map((tagId) => ({
    id: tagId,
    classificationId: ENRICHMENT_CLASSIFICATIONS.products,
  }));

  return [
    {
      name: JobName.WorkflowAccept,
      seed: toApprove,
      submit: fromFolder(cast.anna, '/api/workflow/accept', 'appstp1-marketing'),
    },
    {
      name: JobName.WorkflowReject,
      seed: toApprove,
      submit: fromFolder(cast.anna, '/api/workflow/reject', 'appstp1-marketing', () => ({
        note: 'Riflesso sul cofano',
      })),
    },
    {
      name: JobName.WorkflowMove,
      seed: seedIn(['arrc03-marketing']),
      submit: fromFolder(cast.mario, '/api/workflow/move', 'arrc03-marketing', () => ({
        toFolderId: id('arch04-marketing'),
      })),
    },
    {
      name: JobName.WorkflowDelete,
      seed: seedIn(['arch04-marketing']),
      submit: fromFolder(cast.mario, '/api/workflow/delete', 'arch04-marketing'),
    },
    {
      name: JobName.WorkflowRestore,
      seed: inJunk,
      submit: fromFolder(cast.admin, '/api/workflow/restore', 'junk-marketing', () => ({
        toFolderId: id('arrc03-marketing'),
      })),
    },
    {
      name: JobName.WorkflowPermanentDelete,
      seed: inJunk,
      submit: fromFolder(cast.admin, '/api/workflow/permanent-delete', 'junk-marketing'),
    },
    {
      // The nightly purge takes every junk content past the retention: the campaign runs one at a time.
      name: JobName.PurgeJunk,
      seed: seedIn(['junk-marketing'], [{ key: 'dataeliminazione', value: daysAgo(90) }]),
      submit: async () => (await t.app.get(JobsService).submit(JobName.PurgeJunk, {}, 'system')).jobId,
    },
    {
      name: JobName.Enrichment,
      seed: seedIn(['arrc03-marketing']),
      submit: fromFolder(cast.mario, '/api/enrichment', 'arrc03-marketing', () => ({
        tags: { add: tags },
        vinTarga: [{ vin: '1G4AH59H45G118341', targa: 'AB123CD' }],
        copyright: [{ kind: 'landscape', state: 'presente', perpetual: true, country: 'worldwide' }],
        copyrightNotes: 'Scatti di Studio Foto',
        metadata: [...MANDATORY, { key: 'location', value: 'Torino' }],
      })),
    },
    {
      name: JobName.TagsBulk,
      seed: seedIn(['arrc03-marketing']),
      submit: fromFolder(cast.mario, '/api/tags/bulk', 'arrc03-marketing', () => ({
        action: 'add',
        tags: [{ id: 'tag-exterior', classificationId: ENRICHMENT_CLASSIFICATIONS.tags }],
      })),
    },
    {
      name: JobName.InternalShare,
      seed: seedIn(['arch04-marketing']),
      submit: fromFolder(cast.mario, '/api/shares', 'arch04-marketing', () => ({
        targetFolderIds: [id('arch06-marketing')],
      })),
    },
    {
      name: JobName.ExternalShare,
      seed: seedIn(['arch04-marketing']),
      submit: fromFolder(cast.mario, '/api/external-shares', 'arch04-marketing', (tag) => ({
        type: 'email',
        name: `Press kit ${tag}`,
        message: 'Per la stampa',
        disclaimer: 'Uso editoriale soltanto',
        password: 'Crash-Campaign-2026!',
        contentDownload: true,
        language: 'en',
        recipients: recipientsOf(tag).join(';'),
      })),
    },
    {
      name: JobName.FolderPublish,
      seed: async (n, tag) => {
        const folder = await publishableFolder(t, folders, `crash-pub-${tag}`);
        return contentsIn(t, folders, [folder], n);
      },
      submit: (_ids, tag) => submitJob(t, cast.mario, `/api/folders/${id(`crash-pub-${tag}`)}/publish`, {}),
    },
  ];
}

/** The two addresses an external share of the campaign mails: each must get exactly one mail. */
export function recipientsOf(tag: string): string[] {
  return [`desk-${tag}@presse.it`, `redazione-${tag}@presse.it`];
}

/** A new folder of the Marketing archive that its writers publish (as internal-shares.int-spec makes one). */
async function publishableFolder(
  t: TestApp,
  folders: Map<string, string>,
  prettyId: string,
): Promise<string> {
  const db = providerDb(t);
  const groups = await db.group.findMany({
    where: { name: { in: ['WRITE.MARKETING', 'PADDOCK.WORKFLOW'] } },
  });
  const rights = (name: string) =>
    name === 'WRITE.MARKETING' ? { share: true, write: true, manage: true } : { write: true };
  const folder = await db.category.create({
    data: {
      prettyId,
      parentId: folders.get('arch04-marketing')!,
      locales: [{ locale: 'EN', name: prettyId }],
      acl: { create: groups.map((g) => ({ groupId: g.id, ...rights(g.name) })) },
    },
  });
  folders.set(prettyId, folder.id);
  return prettyId;
}

/** An asset's state with what differs from run to run by design taken out, to compare with its twin. */
export interface ComparableState {
  trashed: boolean;
  version: number;
  folders: string[];
  tags: string[];
  metadata: string[];
}

/**
 * Reads an asset as the provider holds it. The campaign's own folder names (`crash-pub-<tag>`),
 * unix times (the junk's deletion date) and uuids (folder ids in values) are masked: an
 * uninterrupted run writes the same, only at another time or for another folder.
 */
export async function comparableState(t: TestApp, contentId: string): Promise<ComparableState | null> {
  const content = await providerDb(t).content.findUnique({
    where: { id: contentId },
    include: {
      categories: { include: { category: true } },
      tags: { include: { tag: true } },
      metadata: true,
    },
  });
  if (!content) return null;
  const mask = (value: string) =>
    value
      .replace(/crash-pub-[\w-]+/g, 'crash-pub')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
      .replace(/^\d{10}$/, '<unix time>');
  return {
    trashed: content.trashedAt !== null,
    version: content.version,
    folders: content.categories.map((c) => mask(c.category.prettyId ?? c.categoryId)).sort(),
    tags: content.tags.map((x) => x.tag.prettyId ?? x.tag.id).sort(),
    metadata: content.metadata.map((m) => `${m.key}=${mask(m.value)}`).sort(),
  };
}
