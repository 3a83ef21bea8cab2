import { RequestMethod } from '@nestjs/common';
import { FOLDER_CODES, WORKFLOW_METADATA, WORKFLOW_TAGS, departmentFolderPrettyId } from '@paddock/rules';
import { providerDb } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  DEMO_ROLES,
  FOREIGN,
  provider,
  providerRoutes,
  providerState,
  seedSecurityWorld,
  type ProviderAnswer,
  type SecurityWorld,
} from './security-fixtures';

jest.setTimeout(180_000);

const CLASSIFICATION = WORKFLOW_TAGS.classification;
const FREE_TAG = 'matrix-free-tag';

/** What one attack needs: the attacker's token and uploaded file, and the ids at stake. */
interface Target {
  token: string;
  file: { bucket: string; filePath: string };
  /** The foreign department's archive, its empty sub-folder and its content. */
  folder: string;
  empty: string;
  content: string;
  /** A folder the attacker writes, and a content there they may modify. */
  ownFolder: string;
  ownContent: string;
  client: string;
}

/** How the provider must refuse: a THRON business error, or the target listed as not done. */
type Refusal = { status: 418 | 403; resultCode: string } | { inIssue: string };

interface WriteEndpoint {
  name: string;
  call(t: TestApp, x: Target): Promise<ProviderAnswer>;
  refusal: Refusal;
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
    refusal: { inIssue: 'notLinked' },
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
    refusal: { status: 418, resultCode: 'ACCESS_DENIED' },
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
  // Reads with a body.
  'category/findByProperties2',
  'content/findByProperties',
  'content/search',
  'content/getContentsByIds',
  'archive/prepare',
  'archive/download',
  // The rules of insert, checked before a file is sent: writes nothing.
  'content/checkInsert',
  // Into the caller's own incoming area only (content/insert decides where it goes).
  'resources/upload',
  // The caller's own external shares (create, revoke, delivery report) and a share page's password
  // form: no content changes; sharing/external-shares.int-spec.ts refuses another user's share.
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

/**
 * issue 11, point 1 "Show it": every write endpoint of the built-in provider × every demo role's
 * account × what that role must not touch (another department's archive, its content, the
 * workflow's record) → refused with THRON's shape, and the database exactly as before.
 */
describe('built-in provider write matrix (PostgreSQL + Redis, demo organisation)', () => {
  let t: TestApp;
  let world: SecurityWorld;
  const targets = new Map<string, Target>();

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedSecurityWorld(t);
    const folder = (prettyId: string) => world.folders.get(prettyId)!;
    const archive = folder(departmentFolderPrettyId(FOLDER_CODES.departmentArchive, 'MARKETING'));
    const supplierWork = folder(departmentFolderPrettyId(FOLDER_CODES.supplierWork, 'MARKETING'));
    // Modifiable by every demo role: the department's staff write the archive, the supplier its work folder.
    const ownContent = await insertContent(t, { name: 'Nostra', folders: [archive, supplierWork] });
    const db = providerDb(t);
    const tags = await db.tagDefinition.findMany({
      where: { prettyId: { in: [FREE_TAG, WORKFLOW_TAGS.refused] } },
    });
    const free = await db.tagDefinition.create({
      data: { prettyId: FREE_TAG, classificationId: CLASSIFICATION, names: [{ lang: 'EN', label: 'Free' }] },
    });
    const refused = tags.find((tag) => tag.prettyId === WORKFLOW_TAGS.refused)!;
    await db.contentTag.createMany({
      data: [
        { contentId: world.foreignContent, tagId: free.id, classificationId: CLASSIFICATION },
        { contentId: ownContent, tagId: refused.id, classificationId: CLASSIFICATION },
      ],
    });
    await db.contentMetadata.createMany({
      data: [
        { contentId: world.foreignContent, classificationId: CLASSIFICATION, key: 'colour', value: 'blue' },
        {
          contentId: ownContent,
          classificationId: CLASSIFICATION,
          key: WORKFLOW_METADATA.note,
          value: 'Too dark',
        },
      ],
    });
    for (const [role, username] of Object.entries(DEMO_ROLES)) {
      const token = await world.token(username);
      const upload = await provider(
        t,
        token,
        'PUT',
        `xpackager/resources/upload/${t.config.CLIENT_ID}?fileName=stolen.jpg`,
        Buffer.from('bytes of the attacker'),
      );
      targets.set(role, {
        token,
        file: upload.body as Target['file'],
        folder: folder(FOREIGN.archive),
        empty: folder(FOREIGN.empty),
        content: world.foreignContent,
        ownFolder: role === 'supplier' ? supplierWork : archive,
        ownContent,
        client: t.config.CLIENT_ID,
      });
    }
  });
  afterAll(() => t.close());

  const cases = Object.keys(DEMO_ROLES).flatMap((role) => WRITES.map((w) => [role, w.name, w] as const));

  it.each(cases)('%s: %s → refused, nothing changed', async (role, _name, write) => {
    const x = targets.get(role)!;
    const before = await providerState(t);
    const answer = await write.call(t, x);
    expect(await providerState(t)).toEqual(before);
    if ('inIssue' in write.refusal) {
      expect(answer.status).toBe(200);
      const listed = answer.body[write.refusal.inIssue] as unknown[];
      expect(listed.map((item) => (typeof item === 'string' ? item : (item as { id: string }).id))).toEqual([
        x.content,
      ]);
    } else {
      expect(answer).toMatchObject({
        status: write.refusal.status,
        body: { resultCode: write.refusal.resultCode },
      });
    }
  });

  it('covers every write endpoint of the built-in provider controllers', () => {
    const covered = new Set(WRITES.map((w) => w.name.split(' ')[0]));
    const uncovered = providerWriteRoutes(t).filter(
      (route) => !covered.has(route) && !NOT_CONTENT_WRITES.has(route),
    );
    expect(uncovered).toEqual([]);
  });
});
