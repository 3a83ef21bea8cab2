import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASSET_ERROR_CODES, type AssetDetail, type UploadResult } from '@paddock/rules';
import sharp from 'sharp';
import { FolderSeeder } from '../../src/builtin-provider/folders/folder.seeder';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { TokenService } from '../../src/builtin-provider/identity/token.service';
import { createApp } from '../../src/app.factory';
import { freePort } from '../support/free-port';
import { startTestApp, type TestApp } from '../support/test-app';
import { headersOf, PASSWORD, providerDb, signIn, type SignedIn } from '../auth/auth-fixtures';
import { tusUpload } from '../support/tus-client';

let t: TestApp;
let blobDir: string;
let writer: SignedIn;
let reader: SignedIn;
let folders: Map<string, string>;

/** Every upload of this file goes in two PATCHes: the second continues at a non-zero offset. */
const tusInTwo = (s: SignedIn, bytes: Buffer, metadata: Record<string, string>) =>
  tusUpload(t, s, bytes, metadata, 2);

async function get(s: SignedIn, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${path}`, { headers: { ...headersOf(s), ...headers } });
  return res;
}

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .toBuffer();
}

beforeAll(async () => {
  blobDir = await mkdtemp(join(tmpdir(), 'paddock-blobs-'));
  t = await startTestApp({ BLOB_DIR: blobDir });
  const identity = t.app.get(BuiltinIdentitySeeder);
  await identity.upsertUser({ username: 'writer.one', password: PASSWORD, groups: ['L/MARKETING'] });
  await identity.upsertUser({ username: 'reader.one', password: PASSWORD, groups: ['L/SALES'] });
  // New versions are stored by the hub's service account after its SPEC §6 check (docs/security.md).
  await identity.upsertUser({
    username: t.config.PROVIDER_SERVICE_USERNAME,
    password: t.config.PROVIDER_SERVICE_PASSWORD,
    groups: ['PADDOCK.WORKFLOW'],
  });
  const groupId = async (name: string) =>
    (await providerDb(t).group.findUniqueOrThrow({ where: { name }, select: { id: true } })).id;
  const marketing = await groupId('L/MARKETING');
  const sales = await groupId('L/SALES');
  const service: [string, { write?: boolean }] = [await groupId('PADDOCK.WORKFLOW'), { write: true }];
  folders = await new FolderSeeder(providerDb(t)).upsertFolders([
    // A department archive (SPEC §3 arch04), where SPEC §6 lets its writers rename.
    {
      prettyId: 'arch04-marketing',
      parent: null,
      names: { IT: 'Marketing', EN: 'Marketing' },
      acl: new Map([[marketing, { write: true }], [sales, {}], service]),
    },
    {
      prettyId: 'read-only',
      parent: 'arch04-marketing',
      names: { IT: 'Sola lettura', EN: 'Read only' },
      acl: new Map([[marketing, {}], service]),
    },
    {
      prettyId: 'frnt01-marketing',
      parent: 'arch04-marketing',
      names: { IT: 'Fornitori', EN: 'Suppliers' },
      isSupplier: true,
      acl: new Map([[marketing, { write: true }], service]),
    },
    // A supplier work folder (SPEC §3 lvrr02), received on the maker's side: SPEC §6 lets its
    // writers update a file there.
    {
      prettyId: 'lvrr02-marketing',
      parent: 'frnt01-marketing',
      names: { IT: 'Consegne', EN: 'Deliveries' },
      isSupplier: true,
      acl: new Map([[marketing, { write: true }], service]),
    },
  ]);
  writer = await signIn(t, 'writer.one', PASSWORD, '198.51.100.11');
  reader = await signIn(t, 'reader.one', PASSWORD, '198.51.100.12');
});

afterAll(async () => {
  await t?.close();
  await rm(blobDir, { recursive: true, force: true });
});

describe('assets: upload, detail, rename, bytes, versions, trash', () => {
  let image: Buffer;
  let contentId: string;

  it('uploads a JPEG through tus and shows it with both IT and EN names', async () => {
    image = await jpeg();
    const { create, result } = await tusInTwo(writer, image, {
      filename: 'red car.jpg',
      filetype: 'image/jpeg',
      folderId: folders.get('arch04-marketing') as string,
    });
    expect(create.status).toBe(201);
    expect(result?.status).toBe(200);
    const uploaded = result?.body as UploadResult;
    expect(uploaded.version).toBe(1);
    contentId = uploaded.contentId;

    const res = await get(writer, `/api/assets/${contentId}`);
    expect(res.status).toBe(200);
    const detail = (await res.json()) as AssetDetail;
    const inItalian = (await (await get(writer, `/api/assets/${contentId}?lang=it`)).json()) as AssetDetail;
    expect(inItalian.folders.map((f) => f.name)).toEqual(['Archivio di reparto']);
    expect(detail).toMatchObject({
      id: contentId,
      type: 'IMAGE',
      extension: 'jpg',
      names: { IT: 'red car.jpg', EN: 'red car.jpg' },
      version: 1,
      size: image.length,
      mimeType: 'image/jpeg',
      // A department's special folder goes by the product's name for it (@paddock/rules folderNameIn).
      folders: [{ id: folders.get('arch04-marketing'), name: 'Department archive' }],
      rights: { rename: true, newVersion: true, download: true },
    });
  });

  it("answers an upload's outcome from another api process, and only to its owner", async () => {
    const { result, id } = await tusInTwo(writer, await jpeg(), {
      filename: 'second process.jpg',
      filetype: 'image/jpeg',
      folderId: folders.get('arch04-marketing') as string,
    });
    expect(result?.status).toBe(200);
    const port = await freePort();
    const other = await createApp({ ...t.config, PORT: port });
    await other.listen(port, '127.0.0.1');
    try {
      const ask = (s: SignedIn) =>
        fetch(`http://127.0.0.1:${port}/api/uploads/${id}/result`, { headers: headersOf(s) });
      const answer = await ask(writer);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual(result?.body);
      const stranger = await ask(reader);
      expect(stranger.status).toBe(404);
      expect(await stranger.json()).toMatchObject({ code: ASSET_ERROR_CODES.UPLOAD_NOT_FINISHED });
    } finally {
      await other.close();
    }
  });

  it('answers the original byte-identical, and a Range with 206', async () => {
    const res = await get(writer, `/api/assets/${contentId}/original`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
    const body = Buffer.from(await res.arrayBuffer());
    expect(createHash('sha256').update(body).digest('hex')).toBe(
      createHash('sha256').update(image).digest('hex'),
    );

    const ranged = await get(writer, `/api/assets/${contentId}/original`, { range: 'bytes=0-9' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-9/${image.length}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(image.subarray(0, 10));

    const again = await get(writer, `/api/assets/${contentId}/original`, {
      'if-none-match': res.headers.get('etag') as string,
    });
    expect(again.status).toBe(304);
  });

  it('names the original by content and version in its ETag, and answers no one who may not read it with a 304', async () => {
    const etag = `"${contentId}.1"`;
    const res = await get(writer, `/api/assets/${contentId}/original`);
    expect(res.headers.get('etag')).toBe(etag);
    // The ETag can be guessed from the id: the read check comes first, on both front doors.
    const seeder = t.app.get(BuiltinIdentitySeeder);
    const outsider = await seeder.upsertUser({
      username: 'outsider.one',
      password: PASSWORD,
      groups: ['L/ELSEWHERE'],
    });
    const hub = await get(
      await signIn(t, 'outsider.one', PASSWORD, '198.51.100.13'),
      `/api/assets/${contentId}/original`,
      {
        'if-none-match': etag,
      },
    );
    expect(hub.status).toBe(404);
    expect(hub.headers.get('etag')).not.toBe(etag);
    const provider = await fetch(
      `${t.url}/provider/xcontents/resources/content/stream/${t.config.CLIENT_ID}/${contentId}/source`,
      { headers: { 'X-TOKENID': await t.app.get(TokenService).issueToken(outsider), 'if-none-match': etag } },
    );
    expect(provider.status).not.toBe(304);
    expect(provider.headers.get('etag')).not.toBe(etag);
    expect(await provider.json()).toMatchObject({ resultCode: 'CONTENT_NOT_EXISTS' });
  });

  it('answers an image for the thumbnail (the derivative, or a typed placeholder until it exists)', async () => {
    const res = await get(writer, `/api/assets/${contentId}/thumbnail?size=320x240`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    // Issue 23: the addresses the hub hands out name the version, so a new one is a new URL.
    expect((await get(writer, `/api/assets/${contentId}/thumbnail?size=340x340&v=2`)).status).toBe(200);
    expect((await get(writer, `/api/assets/${contentId}/thumbnail?v=two`)).status).toBe(400);
  });

  it('lets a user of a group that may see the folder read the asset, but not rename it', async () => {
    expect((await get(reader, `/api/assets/${contentId}`)).status).toBe(200);
    const res = await fetch(`${t.url}/api/assets/${contentId}`, {
      method: 'PATCH',
      headers: { ...headersOf(reader), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'stolen' }),
    });
    expect(res.status).toBe(403);
  });

  it('ignores an empty rename and saves a non-empty one in IT and EN', async () => {
    const rename = (name: string) =>
      fetch(`${t.url}/api/assets/${contentId}`, {
        method: 'PATCH',
        headers: { ...headersOf(writer), 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    const empty = await rename('   ');
    expect(empty.status).toBe(200);
    expect(((await empty.json()) as AssetDetail).names).toEqual({ IT: 'red car.jpg', EN: 'red car.jpg' });

    const renamed = await rename('Rossa');
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as AssetDetail).names).toEqual({ IT: 'Rossa', EN: 'Rossa' });

    // SPEC §5: only Latin-1 text; the refusal changes nothing.
    const foreign = await rename('Łódź 東京');
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    const detail = await fetch(`${t.url}/api/assets/${contentId}`, { headers: headersOf(writer) });
    expect(((await detail.json()) as AssetDetail).names).toEqual({ IT: 'Rossa', EN: 'Rossa' });

    // Typographic punctuation (Mac, iOS, Word) is saved as its Latin-1 equivalent; what has none is named.
    const typographic = await rename('L’auto “rossa” – 2024…');
    expect(typographic.status).toBe(200);
    expect(((await typographic.json()) as AssetDetail).names).toEqual({
      IT: `L'auto "rossa" - 2024...`,
      EN: `L'auto "rossa" - 2024...`,
    });
    const snowman = await rename('Neve ☃');
    expect(snowman.status).toBe(400);
    expect(JSON.stringify(await snowman.json())).toContain('not allowed: ☃');
  });

  it('adds a new version that keeps the id and bumps the version', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    // SPEC §6 "Update file": with write in a received supplier folder, where a delivery is.
    const received = folders.get('lvrr02-marketing')!;
    await providerDb(t).contentCategory.create({ data: { contentId, categoryId: received } });
    const { result } = await tusInTwo(writer, png, {
      filename: 'blue.png',
      filetype: 'image/png',
      contentId,
      folderId: received,
    });
    expect(result?.status).toBe(200);
    // Checked before approval like every version (issue 27); this one waits for nothing else.
    expect(result?.body).toEqual({ contentId, version: 2, preflightJobId: `preflight-${contentId}-2` });
    const detail = (await (await get(writer, `/api/assets/${contentId}`)).json()) as AssetDetail;
    expect(detail).toMatchObject({
      id: contentId,
      version: 2,
      extension: 'png',
      size: png.length,
      // Issue 23: new addresses for the new version's renditions, so no cache serves version 1.
      thumbnailUrl: `/api/assets/${contentId}/thumbnail?v=2`,
      previewUrl: `/api/assets/${contentId}/preview?v=2`,
    });
    const original = Buffer.from(
      await (await get(writer, `/api/assets/${contentId}/original`)).arrayBuffer(),
    );
    expect(original).toEqual(png);
  });

  it('refuses an upload into a folder without write, and creates nothing', async () => {
    const before = await providerDb(t).content.count();
    const { create } = await tusInTwo(writer, image, {
      filename: 'nope.jpg',
      folderId: folders.get('read-only') as string,
    });
    expect(create.status).toBe(403);
    expect(((await create.json()) as { code: string }).code).toBe(ASSET_ERROR_CODES.UPLOAD_FORBIDDEN);
    expect(await providerDb(t).content.count()).toBe(before);
  });

  it('refuses an upload into the suppliers folder with its code', async () => {
    const { create } = await tusInTwo(writer, image, {
      filename: 'nope.jpg',
      folderId: folders.get('frnt01-marketing') as string,
    });
    expect(create.status).toBe(403);
    expect(((await create.json()) as { code: string }).code).toBe(ASSET_ERROR_CODES.UPLOAD_DENIED_SUPPLIERS);
  });

  it('trashes, then removes the content and its files', async () => {
    // Through the provider with the writer's provider token, as the hub's later trash feature will.
    const providerToken = await providerTokenOf('writer.one');
    const trash = await fetch(`${t.url}/provider/xadmin/resources/content/trash/${t.config.CLIENT_ID}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tokenid': providerToken },
      body: JSON.stringify({ contentList: { contentsToTrash: [{ xcontentId: contentId }] } }),
    });
    expect(trash.status).toBe(200);
    expect(((await trash.json()) as { contentsInIssue: string[] }).contentsInIssue).toEqual([]);
    expect((await get(writer, `/api/assets/${contentId}`)).status).toBe(404);

    const remove = (token: string) =>
      fetch(`${t.url}/provider/xadmin/resources/content/remove/${t.config.CLIENT_ID}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tokenid': token },
        body: JSON.stringify({ xcontentId: contentId }),
      });
    // In the trash the content is in no folder: owning it gives no right, only the hub's service account removes it.
    expect((await remove(providerToken)).status).toBe(418);
    expect(await providerDb(t).content.count({ where: { id: contentId } })).toBe(1);
    await t.app.get(BuiltinIdentitySeeder).upsertUser({
      username: t.config.PROVIDER_SERVICE_USERNAME,
      password: PASSWORD,
    });
    expect((await remove(await providerTokenOf(t.config.PROVIDER_SERVICE_USERNAME))).status).toBe(200);
    expect(await providerDb(t).content.count({ where: { id: contentId } })).toBe(0);
  });
});

/** A provider token of `username`, signed in at the provider directly. */
async function providerTokenOf(username: string): Promise<string> {
  const login = await fetch(`${t.url}/provider/xsso/resources/accessmanager/login/${t.config.CLIENT_ID}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: PASSWORD }).toString(),
  });
  return ((await login.json()) as { tokenId: string }).tokenId;
}
