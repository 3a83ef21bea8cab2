import { RequestMethod } from '@nestjs/common';
import {
  FIXED_FOLDER_IDS,
  FOLDER_CODES,
  WORKFLOW_METADATA,
  WORKFLOW_TAGS,
  approvalStepCode,
  departmentFolderPrettyId,
} from '@paddock/rules';
import { providerDb } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import type { TestApp } from '../support/test-app';
import {
  DEMO_ROLES,
  FOREIGN,
  incomingFile,
  marketing,
  provider,
  providerRoutes,
  securitySuite,
  type ProviderAnswer,
} from './security-fixtures';

jest.setTimeout(180_000);

const CLASSIFICATION = WORKFLOW_TAGS.classification;
const ARCHIVE = marketing(FOLDER_CODES.departmentArchive);
const SUPPLIER_WORK = marketing(FOLDER_CODES.supplierWork);
const FREE_TAG = 'matrix-free-tag';

/** What one attack needs: the attacker's token and uploaded file, and the ids at stake. */
interface Target {
  token: string;
  file: { bucket: string; filePath: string };
  /** The foreign department's archive, its empty sub-folder and its content. */
  folder: string;
  empty: string;
  content: string;
  /** A folder the attacker sees and writes if their role writes anywhere, and a content there. */
  ownFolder: string;
  ownContent: string;
  /** Whether the attacker writes `ownFolder` (an observer writes nothing). */
  writes: boolean;
  client: string;
}

/** How the provider must refuse: a THRON business error, or the target listed as not done. */
type Refusal = { status: 418 | 403; resultCode: string } | { inIssue: string };

interface WriteEndpoint {
  name: string;
  call(t: TestApp, x: Target): Promise<ProviderAnswer>;
  /** The refusal, or per attacker when it depends on whether they write any folder. */
  refusal: Refusal | ((x: Target) => Refusal);
}

const post = (t: TestApp, x: Target, path: string, body: unknown) => provider(t, x.token, 'POST', path, body);

/** Every write endpoint of the built-in provider's controllers, aimed where the attacker has no right. */
const WRITES: WriteEndpoint[] = [
  {
    name: 'category/insert under a foreign folder',
    call: (t, x) =>
      post(t, x, `xcontents/resources/category/insert/${x.client}`, {
        category: { upCategoryId: x.folder, locales: [{ locale: 'EN', name: 'Mine now' }] },
      }),
    refusal: { status: 418, resultCode: 'PARENT_CATEGORY_NOT_FOUND' },
  },
  {
    name: 'category/update of a foreign folder',
    call: (t, x) =>
      post(t, x, `xcontents/resources/category/update/${x.client}/${x.folder}`, {
        update: { locales: [{ locale: 'EN', name: 'Renamed' }] },
      }),
    refusal: { status: 418, resultCode: 'CATEGORY_NOT_EXISTS' },
  },
  {
    name: 'category/remove of a foreign empty folder',
    call: (t, x) => post(t, x, `xcontents/resources/category/remove/${x.client}/${x.empty}`, {}),
    refusal: { status: 418, resultCode: 'CATEGORY_NOT_EXISTS' },
  },
  {
    name: 'contentcategory/link of a foreign content into an own folder',
    call: (t, x) =>
      post(t, x, `xcontents/resources/contentcategory/link/${x.client}`, {
        categoryId: x.ownFolder,
        items: { ids: [x.content] },
      }),
    // Unseen contents are reported as not linked; a caller who writes no folder is refused first.
    refusal: (x) => (x.writes ? { inIssue: 'notLinked' } : { status: 418, resultCode: 'ACCESS_DENIED' }),
  },
  {
    name: 'contentcategory/link of an own content into a foreign folder',
    call: (t, x) =>
      post(t, x, `xcontents/resources/contentcategory/link/${x.client}`, {
        categoryId: x.folder,
        items: { ids: [x.ownContent] },
      }),
    refusal: { status: 418, resultCode: 'CATEGORY_NOT_EXISTS' },
  },
  {
    name: 'contentcategory/unlink of a foreign content',
    call: (t, x) =>
      post(t, x, `xcontents/resources/contentcategory/unlink/${x.client}`, {
        categoryId: x.folder,
        items: { ids: [x.content] },
      }),
    refusal: { status: 418, resultCode: 'CATEGORY_NOT_EXISTS' },
  },
  {
    name: 'content/insert into a foreign folder',
    call: (t, x) =>
      post(t, x, `xadmin/resources/content/insert/${x.client}`, {
        param: {
          contentType: 'IMAGE',
          contentOpt: { linkedCategoryIds: [x.folder] },
          sources: [{ s3: x.file }],
        },
      }),
    // A folder the caller cannot see answers as an unknown id (no existence oracle).
    refusal: { status: 418, resultCode: 'CATEGORY_IN_LIST_NOT_EXISTS' },
  },
  {
    name: 'content/updateSource of a foreign content',
    call: (t, x) =>
      post(t, x, `xadmin/resources/content/updateSource/${x.client}`, {
        contentId: x.content,
        sources: [{ s3: x.file }],
      }),
    refusal: { status: 418, resultCode: 'CONTENT_NOT_EXISTS' },
  },
  {
    name: 'content/addContent4Locale on a foreign content',
    call: (t, x) => localeDetail(t, x, 'addContent4Locale', { locale: 'FR', name: 'Volé' }),
    refusal: { status: 418, resultCode: 'CONTENT_NOT_EXISTS' },
  },
  {
    name: 'content/updateContent4Locale (rename) of a foreign content',
    call: (t, x) => localeDetail(t, x, 'updateContent4Locale', { locale: 'EN', name: 'Renamed' }),
    refusal: { status: 418, resultCode: 'CONTENT_NOT_EXISTS' },
  },
  {
    name: 'content/trash of a foreign content',
    call: (t, x) =>
      post(t, x, `xadmin/resources/content/trash/${x.client}`, {
        contentList: { contentsToTrash: [{ xcontentId: x.content }] },
      }),
    refusal: { inIssue: 'contentsInIssue' },
  },
  {
    name: 'content/saveDraft on a foreign content',
    call: (t, x) =>
      post(t, x, `xcontents/resources/content/saveDraft/${x.client}`, {
        contentIds: [x.content],
        draft: { step: 'product' },
      }),
    // Listed exactly as an unknown id would be (no existence oracle).
    refusal: { inIssue: 'contentsInIssue' },
  },
  {
    name: 'content/remove of a foreign content',
    call: (t, x) => post(t, x, `xadmin/resources/content/remove/${x.client}`, { xcontentId: x.content }),
    refusal: { status: 418, resultCode: 'CONTENT_NOT_EXISTS' },
  },
  {
    name: 'itag/bulkInsertMultiTargets on a foreign content',
    call: (t, x) => itag(t, x, 'bulkInsertMultiTargets', FREE_TAG, x.content),
    refusal: { inIssue: 'targetsInIssue' },
  },
  {
    name: 'itag/bulkRemoveMultiTargets on a foreign content',
    call: (t, x) => itag(t, x, 'bulkRemoveMultiTargets', FREE_TAG, x.content),
    refusal: { inIssue: 'targetsInIssue' },
  },
  {
    name: 'imetadata/bulkInsert on a foreign content',
    call: (t, x) => imetadata(t, x, 'bulkInsert', [{ key: 'colour', value: 'red' }], x.content),
    refusal: { status: 418, resultCode: 'BAD_REQUEST' },
  },
  {
    name: 'imetadata/bulkRemove on a foreign content',
    call: (t, x) => imetadata(t, x, 'bulkRemove', [{ key: 'colour' }], x.content),
    refusal: { status: 418, resultCode: 'BAD_REQUEST' },
  },
  {
    name: 'imetadata/insert on a foreign content',
    call: (t, x) => imetadataOne(t, x, 'insert', { key: 'colour', value: 'red' }, x.content),
    refusal: { status: 418, resultCode: 'BAD_REQUEST' },
  },
  {
    name: 'imetadata/update on a foreign content',
    call: (t, x) => imetadataOne(t, x, 'update', { key: 'colour', value: 'red' }, x.content),
    refusal: { status: 418, resultCode: 'BAD_REQUEST' },
  },
  {
    name: 'imetadata/bulkInsertMultiTargets on a foreign content',
    call: (t, x) =>
      imetadataMulti(t, x, 'bulkInsertMultiTargets', { key: 'colour', value: 'red' }, x.content),
    refusal: { inIssue: 'targetsInIssue' },
  },
  {
    name: 'imetadata/bulkRemoveMultiTargets on a foreign content',
    call: (t, x) => imetadataMulti(t, x, 'bulkRemoveMultiTargets', { key: 'colour' }, x.content),
    refusal: { inIssue: 'targetsInIssue' },
  },
  {
    name: 'itag/bulkInsert on a foreign content',
    call: (t, x) => itagOne(t, x, 'bulkInsert', FREE_TAG, x.content),
    refusal: { status: 418, resultCode: 'BAD_REQUEST' },
  },
  {
    name: 'itag/bulkRemove on a foreign content',
    call: (t, x) => itagOne(t, x, 'bulkRemove', FREE_TAG, x.content),
    refusal: { status: 418, resultCode: 'BAD_REQUEST' },
  },
  {
    name: 'imetadata/insert of accepted_by on an own content',
    call: (t, x) =>
      imetadataOne(t, x, 'insert', { key: WORKFLOW_METADATA.acceptedBy, value: 'me' }, x.ownContent),
    refusal: { status: 418, resultCode: 'ACCESS_DENIED' },
  },
  {
    name: 'itag/bulkInsert of the accepted tag on an own content',
    call: (t, x) => itagOne(t, x, 'bulkInsert', WORKFLOW_TAGS.accepted, x.ownContent),
    refusal: { status: 418, resultCode: 'ACCESS_DENIED' },
  },
  {
    name: 'itag/bulkInsertMultiTargets of the accepted tag on an own content',
    call: (t, x) => itag(t, x, 'bulkInsertMultiTargets', WORKFLOW_TAGS.accepted, x.ownContent),
    refusal: { status: 418, resultCode: 'ACCESS_DENIED' },
  },
  {
    name: 'itag/bulkRemoveMultiTargets of the refused tag on an own content',
    call: (t, x) => itag(t, x, 'bulkRemoveMultiTargets', WORKFLOW_TAGS.refused, x.ownContent),
    refusal: { status: 418, resultCode: 'ACCESS_DENIED' },
  },
  {
    name: 'imetadata/bulkInsert of accepted_by on an own content',
    call: (t, x) =>
      imetadata(t, x, 'bulkInsert', [{ key: WORKFLOW_METADATA.acceptedBy, value: 'me' }], x.ownContent),
    refusal: { status: 418, resultCode: 'ACCESS_DENIED' },
  },
  {
    name: 'imetadata/bulkRemove of the rejection note on an own content',
    call: (t, x) => imetadata(t, x, 'bulkRemove', [{ key: WORKFLOW_METADATA.note }], x.ownContent),
    refusal: { status: 418, resultCode: 'ACCESS_DENIED' },
  },
  {
    name: 'itagdefinition/insert of a reserved prettyId',
    call: (t, x) =>
      post(t, x, `xintelligence/resources/itagdefinition/insert/${x.client}/${CLASSIFICATION}`, {
        value: { names: [{ lang: 'EN', label: 'Deleted' }], prettyId: WORKFLOW_TAGS.deleted.toUpperCase() },
      }),
    refusal: { status: 418, resultCode: 'ACCESS_DENIED' },
  },
];

/** POST / PUT routes of the provider that change no folder, content, tag or metadata of anyone. */
const NOT_CONTENT_WRITES = new Set([
  // The caller's own session.
  'accessmanager/login',
  'accessmanager/validateToken',
  'accessmanager/logout',
  'oauth/token',
  // What the tenant offers its caller (client-and-tags.int-spec.ts): a read with a body.
  'accessmanager/getClientInformations',
  // Reads with a body.
  'category/findByProperties2',
  'content/findByProperties',
  'content/search',
  'content/getContentsByIds',
  'content/getDraft',
  'archive/prepare',
  'archive/download',
  // The rules of insert, checked before a file is sent: writes nothing.
  'content/checkInsert',
  // Into the caller's own incoming area only (content/insert decides where it goes).
  'resources/upload',
  // The caller's own external shares (create, revoke, delivery report) and a share page's password
  // form: no content changes; sharing/external-shares.int-spec.ts refuses another user's share.
  'imetadatadefinition/list',
  'itagdefinition/list',
  'externalshares/',
  'externalshares/:id',
  'share/:token',
]);

/** Every POST / PUT / PATCH / DELETE route under /provider, as `{last segment of the controller}/{first of the route}`. */
function providerWriteRoutes(t: TestApp): string[] {
  const writes = new Set<RequestMethod>([
    RequestMethod.POST,
    RequestMethod.PUT,
    RequestMethod.PATCH,
    RequestMethod.DELETE,
  ]);
  return providerRoutes(t)
    .filter((route) => writes.has(route.method))
    .map((route) => `${route.base.split('/').pop()}/${route.route.split('/')[0]}`)
    .sort();
}

function localeDetail(t: TestApp, x: Target, verb: string, detail: { locale: string; name: string }) {
  return post(t, x, `xcontents/resources/content/${verb}`, {
    client: { clientId: x.client },
    contentId: x.content,
    detail,
  });
}

function itag(t: TestApp, x: Target, verb: string, tagId: string, contentId: string) {
  return post(t, x, `xintelligence/resources/itag/${verb}/${x.client}/${CLASSIFICATION}`, {
    value: { tagId: { id: tagId }, targets: [{ id: contentId, entityType: 'CONTENT' }] },
  });
}

function imetadata(t: TestApp, x: Target, verb: string, entries: object[], contentId: string) {
  return post(t, x, `xintelligence/resources/imetadata/${verb}/${x.client}/${CLASSIFICATION}`, {
    value: { imetadata: entries, target: { id: contentId, entityType: 'CONTENT' } },
  });
}

function imetadataOne(t: TestApp, x: Target, verb: string, entry: object, contentId: string) {
  return post(t, x, `xintelligence/resources/imetadata/${verb}/${x.client}/${CLASSIFICATION}`, {
    imetadata: entry,
    target: { id: contentId, entityType: 'CONTENT' },
  });
}

function imetadataMulti(t: TestApp, x: Target, verb: string, entry: object, contentId: string) {
  return post(t, x, `xintelligence/resources/imetadata/${verb}/${x.client}/${CLASSIFICATION}`, {
    value: { imetadata: entry, targets: [{ id: contentId, entityType: 'CONTENT' }] },
  });
}

function itagOne(t: TestApp, x: Target, verb: string, tagId: string, contentId: string) {
  return post(t, x, `xintelligence/resources/itag/${verb}/${x.client}/${CLASSIFICATION}`, {
    value: { tagIds: [{ id: tagId }], target: { id: contentId, entityType: 'CONTENT' } },
  });
}

/**
 * issue 11, point 1 "Show it": every write endpoint of the built-in provider × every demo role's
 * account × what that role must not touch (another department's archive, its content, the
 * workflow's record) → refused with THRON's shape, and the database exactly as before.
 */
describe('built-in provider write matrix (PostgreSQL + Redis, demo organisation)', () => {
  const suite = securitySuite();
  const { folder, client, unchanged } = suite;
  const targets = new Map<string, Target>();
  const uploadAs = (token: string) => incomingFile(suite.t, token, 'stolen.jpg');

  /** The refusal expected, the attack having left the database as it was. */
  function expectRefused(answer: ProviderAnswer, refusal: Refusal, target: string): void {
    if ('inIssue' in refusal) {
      expect(answer.status).toBe(200);
      const listed = answer.body[refusal.inIssue] as unknown[];
      expect(listed.map((item) => (typeof item === 'string' ? item : (item as { id: string }).id))).toEqual([
        target,
      ]);
    } else {
      expect(answer).toMatchObject({ status: refusal.status, body: { resultCode: refusal.resultCode } });
    }
  }

  beforeAll(async () => {
    const archive = folder(ARCHIVE);
    const supplierWork = folder(SUPPLIER_WORK);
    // Modifiable by every role that writes: the department's writers write the archive, the
    // supplier its work folder (a content there only: one also in the archive is not the supplier's).
    const staffContent = await insertContent(suite.t, { name: 'Nostra', folders: [archive] });
    const supplierContent = await insertContent(suite.t, { name: 'Consegna', folders: [supplierWork] });
    const db = providerDb(suite.t);
    const tags = await db.tagDefinition.findMany({
      where: { prettyId: { in: [FREE_TAG, WORKFLOW_TAGS.refused] } },
    });
    const free = await db.tagDefinition.create({
      data: { prettyId: FREE_TAG, classificationId: CLASSIFICATION, names: [{ lang: 'EN', label: 'Free' }] },
    });
    const refused = tags.find((tag) => tag.prettyId === WORKFLOW_TAGS.refused)!;
    await db.contentTag.createMany({
      data: [
        { contentId: suite.world.foreignContent, tagId: free.id, classificationId: CLASSIFICATION },
        ...[staffContent, supplierContent].map((contentId) => ({
          contentId,
          tagId: refused.id,
          classificationId: CLASSIFICATION,
        })),
      ],
    });
    await db.contentMetadata.createMany({
      data: [
        {
          contentId: suite.world.foreignContent,
          classificationId: CLASSIFICATION,
          key: 'colour',
          value: 'blue',
        },
        ...[staffContent, supplierContent].map((contentId) => ({
          contentId,
          classificationId: CLASSIFICATION,
          key: WORKFLOW_METADATA.note,
          value: 'Too dark',
        })),
      ],
    });
    for (const [role, username] of Object.entries(DEMO_ROLES)) {
      const token = await suite.world.token(username);
      const supplier = role === 'supplier';
      targets.set(role, {
        token,
        file: await uploadAs(token),
        folder: folder(FOREIGN.archive),
        empty: folder(FOREIGN.empty),
        content: suite.world.foreignContent,
        ownFolder: supplier ? supplierWork : archive,
        ownContent: supplier ? supplierContent : staffContent,
        writes: role !== 'observer',
        client: client(),
      });
    }
  });

  const cases = Object.keys(DEMO_ROLES).flatMap((role) => WRITES.map((w) => [role, w.name, w] as const));

  it.each(cases)('%s: %s → refused, nothing changed', async (role, _name, write) => {
    const x = targets.get(role)!;
    const answer = await unchanged(() => write.call(suite.t, x));
    expectRefused(answer, typeof write.refusal === 'function' ? write.refusal(x) : write.refusal, x.content);
  });

  /**
   * issue 11 "What must hold" 1, least privilege: inside their own department, the demo accounts
   * write only what their role needs. The workflow's moves are the service account's, so an
   * approver writes no step folder, an observer writes nothing, and a supplier writes its work
   * folder only, not a delivery that went on into approval or the archive.
   */
  describe('least privilege in the demo department', () => {
    const STEP1 = marketing(approvalStepCode(1));
    const STEP2 = marketing(approvalStepCode(2));
    const JUNK = marketing(FOLDER_CODES.junk);
    const SUPPLIER_OWN = `${marketing(FOLDER_CODES.suppliers)}-fotostudio`;
    const DENIED: Refusal = { status: 418, resultCode: 'ACCESS_DENIED' };
    const c = { pending1: '', pending2: '', archived: '', inArchive: '' };

    /** One attack: who, on which content (or folder), and how the provider refuses it. */
    interface Attack {
      who: string;
      name: string;
      target: () => string;
      call(token: string, target: string): Promise<ProviderAnswer>;
      refusal: Refusal;
    }

    const at = (token: string, path: string, body: unknown) => provider(suite.t, token, 'POST', path, body);
    const rename = (token: string, contentId: string) =>
      at(token, 'xcontents/resources/content/updateContent4Locale', {
        client: { clientId: client() },
        contentId,
        detail: { locale: 'EN', name: 'Renamed' },
      });
    const newVersion = async (token: string, contentId: string) =>
      at(token, `xadmin/resources/content/updateSource/${client()}`, {
        contentId,
        sources: [{ s3: await uploadAs(token) }],
      });
    const trash = (token: string, contentId: string) =>
      at(token, `xadmin/resources/content/trash/${client()}`, {
        contentList: { contentsToTrash: [{ xcontentId: contentId }] },
      });
    const links = (verb: 'link' | 'unlink', prettyId: string) => (token: string, contentId: string) =>
      at(token, `xcontents/resources/contentcategory/${verb}/${client()}`, {
        categoryId: folder(prettyId),
        items: { ids: [contentId] },
      });
    const insertInto = async (token: string, folderId: string) =>
      at(token, `xadmin/resources/content/insert/${client()}`, {
        param: {
          contentType: 'IMAGE',
          contentOpt: { linkedCategoryIds: [folderId] },
          sources: [{ s3: await uploadAs(token) }],
        },
      });
    const createFolder = (token: string, parentId: string) =>
      at(token, `xcontents/resources/category/insert/${client()}`, {
        category: { upCategoryId: parentId, locales: [{ locale: 'EN', name: 'Mine' }] },
      });
    const createCoded = (prettyId: string) => (token: string, parentId: string) =>
      at(token, `xcontents/resources/category/insert/${client()}`, {
        category: { upCategoryId: parentId, prettyId, locales: [{ locale: 'EN', name: 'Coded' }] },
      });
    const changeCode = (prettyId: string) => (token: string, folderId: string) =>
      at(token, `xcontents/resources/category/update/${client()}/${folderId}`, { update: { prettyId } });
    const freeMetadata = (token: string, contentId: string) =>
      at(token, `xintelligence/resources/imetadata/bulkInsert/${client()}/${CLASSIFICATION}`, {
        value: {
          imetadata: [{ key: 'colour', value: 'red' }],
          target: { id: contentId, entityType: 'CONTENT' },
        },
      });
    const freeTag = (token: string, contentId: string) =>
      at(token, `xintelligence/resources/itag/bulkInsertMultiTargets/${client()}/${CLASSIFICATION}`, {
        value: { tagId: { id: FREE_TAG }, targets: [{ id: contentId, entityType: 'CONTENT' }] },
      });
    const draft = (token: string, contentId: string) =>
      at(token, `xcontents/resources/content/saveDraft/${client()}`, {
        contentIds: [contentId],
        draft: { step: 'tag' },
      });
    const trashed: Refusal = { inIssue: 'contentsInIssue' };
    // The junk is hidden from everyone but admins (SPEC §6): to them it does not exist.
    const noJunk: Refusal = { status: 418, resultCode: 'CATEGORY_NOT_EXISTS' };

    const ATTACKS: Attack[] = [
      ...(
        [
          ['anna.bianchi', 'pending1', STEP1],
          ['luca.conti', 'pending2', STEP2],
        ] as const
      ).flatMap(([who, content, step]): Attack[] => [
        {
          who,
          name: `renames a delivery in ${step}`,
          target: () => c[content],
          call: rename,
          refusal: DENIED,
        },
        {
          who,
          name: `sends a new version of it`,
          target: () => c[content],
          call: newVersion,
          refusal: DENIED,
        },
        {
          who,
          name: 'deletes it to the junk (link)',
          target: () => c[content],
          call: links('link', JUNK),
          refusal: noJunk,
        },
        {
          who,
          name: `takes it out of ${step} (unlink)`,
          target: () => c[content],
          call: links('unlink', step),
          refusal: DENIED,
        },
        { who, name: 'trashes it', target: () => c[content], call: trash, refusal: trashed },
        { who, name: `uploads into ${step}`, target: () => folder(step), call: insertInto, refusal: DENIED },
      ]),
      ...(['rename', 'new version', 'junk', 'trash', 'metadata', 'tag', 'draft'] as const).map(
        (name): Attack => ({
          who: 'paola.neri',
          name: `${name} of an archived asset`,
          target: () => c.inArchive,
          call: {
            rename,
            'new version': newVersion,
            junk: links('link', JUNK),
            trash,
            metadata: freeMetadata,
            tag: freeTag,
            draft,
          }[name],
          refusal: name === 'trash' ? trashed : name === 'junk' ? noJunk : DENIED,
        }),
      ),
      {
        who: 'paola.neri',
        name: 'creates a folder in the archive',
        target: () => folder(ARCHIVE),
        call: createFolder,
        refusal: DENIED,
      },
      {
        who: 'paola.neri',
        name: 'uploads into the archive',
        target: () => folder(ARCHIVE),
        call: insertInto,
        refusal: DENIED,
      },
      ...(['pending1', 'archived'] as const).flatMap((content): Attack[] => [
        {
          who: 'foto.studio',
          name: `new version of a ${content} delivery`,
          target: () => c[content],
          call: newVersion,
          refusal: DENIED,
        },
        {
          who: 'foto.studio',
          name: `renames a ${content} delivery`,
          target: () => c[content],
          call: rename,
          refusal: DENIED,
        },
        {
          who: 'foto.studio',
          name: `trashes a ${content} delivery`,
          target: () => c[content],
          call: trash,
          refusal: trashed,
        },
        {
          who: 'foto.studio',
          name: `writes metadata on a ${content} delivery`,
          target: () => c[content],
          call: freeMetadata,
          refusal: DENIED,
        },
        {
          who: 'foto.studio',
          name: `tags a ${content} delivery`,
          target: () => c[content],
          call: freeTag,
          refusal: DENIED,
        },
        {
          who: 'foto.studio',
          name: `unlinks a ${content} delivery from its work folder`,
          target: () => c[content],
          call: links('unlink', SUPPLIER_WORK),
          refusal: DENIED,
        },
      ]),
      // SPEC §3 codes and fixed ids place folders in the workflow: `manage` on the archive is no
      // licence to make a folder the junk, the shared archive, or to take the archive's own code.
      ...(
        [
          [
            'a folder coded as the other department’s junk',
            createCoded(departmentFolderPrettyId(FOLDER_CODES.junk, 'HERITAGE')),
          ],
          ['a folder with the shared archive’s fixed id', createCoded(FIXED_FOLDER_IDS.sharedArchive)],
          ['a step folder code on the archive', changeCode(marketing(approvalStepCode(3)))],
          ['a free code on the archive, taking its own', changeCode('campaign-2026')],
        ] as const
      ).map(([name, call]): Attack => ({
        who: 'mario.rossi',
        name: `gives ${name}`,
        target: () => folder(ARCHIVE),
        call,
        refusal: DENIED,
      })),
      {
        who: 'foto.studio',
        name: 'uploads into its supplier folder above the work folder',
        target: () => folder(SUPPLIER_OWN),
        call: insertInto,
        refusal: DENIED,
      },
    ];

    beforeAll(async () => {
      const delivery = (name: string, where: string) =>
        insertContent(suite.t, {
          name,
          folders: [folder(SUPPLIER_WORK), folder(where)],
          owner: 'foto.studio',
        });
      c.pending1 = await delivery('In attesa allo step 1', STEP1);
      c.pending2 = await delivery('In attesa allo step 2', STEP2);
      c.archived = await delivery('Approvata e archiviata', ARCHIVE);
      c.inArchive = await insertContent(suite.t, { name: 'In archivio', folders: [folder(ARCHIVE)] });
    });

    it.each(ATTACKS.map((a) => [a.who, a.name, a] as const))(
      '%s %s → refused, nothing changed',
      async (who, _name, attack) => {
        const target = attack.target();
        const token = await suite.world.token(who);
        const answer = await unchanged(() => attack.call(token, target));
        expectRefused(answer, attack.refusal, target);
      },
    );

    it("still lets the hub's service account make the workflow's moves, and writers write the archive", async () => {
      const service = await suite.world.token(suite.t.config.PROVIDER_SERVICE_USERNAME);
      expect((await links('link', STEP2)(service, c.pending1)).body).toMatchObject({
        resultCode: 'OK',
        notLinked: [],
      });
      expect((await links('unlink', STEP1)(service, c.pending1)).body).toMatchObject({ resultCode: 'OK' });
      const mario = await suite.world.token('mario.rossi');
      expect((await rename(mario, c.inArchive)).status).toBe(200);
      expect((await createCoded('campaign-2026')(mario, folder(ARCHIVE))).body).toMatchObject({
        resultCode: 'OK',
      });
      const links2 = await providerDb(suite.t).contentCategory.findMany({ where: { contentId: c.pending1 } });
      expect(links2.map((l) => l.categoryId).sort()).toEqual([folder(SUPPLIER_WORK), folder(STEP2)].sort());
    });
  });

  it('covers every write endpoint of the built-in provider controllers', () => {
    const covered = new Set(WRITES.map((w) => w.name.split(' ')[0]));
    const uncovered = providerWriteRoutes(suite.t).filter(
      (route) => !covered.has(route) && !NOT_CONTENT_WRITES.has(route),
    );
    expect(uncovered).toEqual([]);
  });
});
