import { randomUUID } from 'node:crypto';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { TokenService } from '../../src/builtin-provider/identity/token.service';
import { ChangeFeed } from '../../src/database/change-feed';
import { demoImage } from '../../src/seed/demo-content';
import { insertContent, providerDb } from '../derivatives/derivatives-fixtures';
import { heardAfter, listening } from '../support/change-notices';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(120_000);

const GROUP = 'L/ACL-ONLY';
const CLASSIFICATION = 'ggdyqo';

/**
 * A group's ACL is all a user has: once the group is deactivated, no built-in provider call grants
 * anything through it — folders, contents by id, bytes, search, thumbnails, tags, metadata and
 * archives alike (issue 10 §2; before, only the folder calls knew). The same calls by the same
 * user with the group active answer, so the refusals come from the deactivation alone.
 */
describe('built-in provider access after a group is deactivated (PostgreSQL + Redis)', () => {
  let t: TestApp;
  let token: string;
  let folderId: string;
  let contentId: string;
  let tagId: string;

  const url = (path: string) => `${t.url}/provider/${path}`;
  const client = () => t.config.CLIENT_ID;

  async function post(path: string, body: unknown): Promise<Response> {
    return fetch(url(path), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-TOKENID': token },
      body: JSON.stringify(body),
    });
  }

  async function get(path: string): Promise<Response> {
    return fetch(url(path), { headers: { 'X-TOKENID': token } });
  }

  async function json(res: Response): Promise<Record<string, unknown>> {
    return (await res.json()) as Record<string, unknown>;
  }

  /** Every kind of call the user makes on the folder and its one content, summed up as what it answered. */
  async function probe() {
    const category = await get(
      `xcontents/resources/category/getCategory?clientId=${client()}&categoryId=${folderId}`,
    );
    const folders = await json(
      await post('xcontents/resources/category/findByProperties2', {
        client: { clientId: client() },
        properties: { categoryIds: [folderId] },
      }),
    );
    const linked = await json(
      await get(
        `xcontents/resources/contentcategory/getLinkedCategory?clientId=${client()}&contentId=${contentId}`,
      ),
    );
    const byIds = await json(
      await post(`xcontents/resources/content/getContentsByIds/${client()}`, { contentIds: [contentId] }),
    );
    const bytes = await get(`xcontents/resources/content/stream/${client()}/${contentId}/source`);
    const search = await json(
      await post(`xcontents/resources/content/search/${client()}`, { criteria: { ids: [contentId] } }),
    );
    const found = await json(
      await post('xcontents/resources/content/findByProperties', {
        client: { clientId: client() },
        criteria: { contentIds: [contentId] },
      }),
    );
    const thumbnail = await fetch(
      url(`xcontents/resources/delivery/getThumbnail/${client()}/100x100/${contentId}?tokenId=${token}`),
    );
    const tag = await json(
      await post(`xintelligence/resources/itag/bulkInsertMultiTargets/${client()}/${CLASSIFICATION}`, {
        value: { tagId: { id: tagId }, targets: [{ id: contentId, entityType: 'CONTENT' }] },
      }),
    );
    const metadata = await post(
      `xintelligence/resources/imetadata/bulkInsert/${client()}/${CLASSIFICATION}`,
      {
        value: {
          imetadata: [{ key: 'note', value: 'seen' }],
          target: { id: contentId, entityType: 'CONTENT' },
        },
      },
    );
    const prepare = await post(`xcontents/resources/archive/prepare/${client()}`, {
      criteria: { xcontentIds: [contentId] },
    });
    return {
      category: category.status,
      folders: (folders.categories as unknown[]).length,
      linked: linked.linkedCategory,
      byIds: (byIds.contents as unknown[]).length,
      bytes: bytes.status,
      search: (search.items as unknown[]).length,
      found: (found.contents as unknown[]).length,
      thumbnail: thumbnail.status,
      tagNotApplied: tag.targetsInIssue,
      metadata: (await json(metadata)).resultCode,
      prepare: (await json(prepare)).resultCode,
    };
  }

  /** The ZIP of an archive prepared earlier, downloaded with the form's tokenId as the portal does. */
  async function download(downloadId: string): Promise<Buffer> {
    const res = await fetch(url(`xcontents/resources/archive/download/${client()}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ tokenId: token, downloadId, saveAs: 'acl' }).toString(),
    });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  beforeAll(async () => {
    t = await startTestApp();
    const db = providerDb(t);
    const userId = await t.app
      .get(BuiltinIdentitySeeder)
      .upsertUser({ username: 'acl.reader', groups: [GROUP] });
    token = await t.app.get(TokenService).issueToken(userId);
    const group = await db.group.findUniqueOrThrow({ where: { name: GROUP } });
    const folder = await db.category.create({
      data: {
        prettyId: `acl-${randomUUID()}`,
        locales: [{ locale: 'EN', name: 'Only through the group' }],
        acl: { create: [{ groupId: group.id, show: true, write: true, share: true }] },
      },
    });
    folderId = folder.id;
    const photo = await demoImage({
      width: 64,
      height: 48,
      from: '#000',
      to: '#fff',
      title: 'x',
      format: 'jpeg',
    });
    // Owned by someone else: the owner rule must not be what lets the user in.
    contentId = await insertContent(t, 'riservata.jpg', photo);
    await db.contentCategory.create({ data: { categoryId: folderId, contentId } });
    tagId = (await db.tagDefinition.create({ data: { classificationId: CLASSIFICATION, names: [] } })).id;
  });
  afterAll(() => t.close());

  it('refuses every call once the only group is deactivated, and answered each one before', async () => {
    const before = await probe();
    expect(before).toEqual({
      category: 200,
      folders: 1,
      linked: [folderId],
      byIds: 1,
      bytes: 200,
      search: 1,
      found: 1,
      thumbnail: 200,
      tagNotApplied: [],
      metadata: 'OK',
      prepare: 'OK',
    });
    const prepared = await post(`xcontents/resources/archive/prepare/${client()}`, {
      criteria: { xcontentIds: [contentId] },
    });
    const { downloadId } = (await prepared.json()) as { downloadId: string };
    expect((await download(downloadId)).includes('riservata')).toBe(true);

    // Deactivated in SQL, as an administrator of the provider would: who the token is stays kept
    // until the provider hears of the change, as every api process does.
    const feed = t.app.get(ChangeFeed);
    const heard = await listening(feed, 'callers');
    await providerDb(t).group.update({ where: { name: GROUP }, data: { active: false } });
    await heardAfter(feed, 'callers', heard);

    expect(await probe()).toEqual({
      category: 418,
      folders: 0,
      linked: [],
      byIds: 0,
      bytes: 418,
      search: 0,
      found: 0,
      thumbnail: 404,
      tagNotApplied: [{ id: contentId, entityType: 'CONTENT' }],
      metadata: 'BAD_REQUEST',
      prepare: 'CONTENT_NOT_EXISTS',
    });
    // The archive prepared while the group was active leaves out what the user can no longer see.
    expect((await download(downloadId)).includes('riservata')).toBe(false);
    // Only the first, allowed itag call wrote a tag; the refused one changed nothing.
    expect(await providerDb(t).contentTag.count({ where: { contentId } })).toBe(1);
  });
});
