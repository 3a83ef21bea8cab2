import sharp from 'sharp';
import { ERROR_CODES, FOLDER_CODES, type AssetListResponse } from '@paddock/rules';
import { headersOf, providerDb } from '../auth/auth-fixtures';
import { insertContent as insertFile, makeDerivatives } from '../derivatives/derivatives-fixtures';
import { hubMatrix } from './hub-matrix-fixtures';
import { marketing } from './security-fixtures';

jest.setTimeout(180_000);

const PRESS = 'channel-marketing-press';
const DEPARTMENT = 'dept-marketing';

/**
 * Issue 22 point b: a reader of a channel (the observer paola.neri in Marketing's press channel)
 * sees its published contents only, whichever door they knock on: a text search with no folder,
 * the department's top folder listed with its sub-folders, and the bytes of a guessed id.
 */
describe('an unpublished content in a channel, hunted by its reader', () => {
  const hub = hubMatrix(['paola.neri', 'mario.rossi']);
  const { folder, send, contentIn } = hub;
  const ids = (body: unknown) => ((body as AssetListResponse).items ?? []).map((a) => a.id);

  it('is not found by a text search without a folder, though a writer finds it', async () => {
    const id = await contentIn(PRESS, 'Comunicato riservato');
    const search = '/api/assets?q=riservato&limit=100';
    expect(ids((await send('mario.rossi', 'GET', search)).body)).toContain(id);
    const answer = await send('paola.neri', 'GET', search);
    expect([answer.status, ids(answer.body)]).toEqual([200, expect.not.arrayContaining([id])]);
  });

  it("is not listed in the department's top folder with its sub-folders", async () => {
    const id = await contentIn(PRESS, 'Bozza stampa');
    const archived = await contentIn(marketing(FOLDER_CODES.departmentArchive), 'Archiviata');
    const query = `folderId=${folder(DEPARTMENT)}&subfolders=true`;
    const listed = async (username: string) =>
      ids((await send(username, 'GET', `/api/assets?${query}&limit=100`)).body);
    expect(await listed('mario.rossi')).toEqual(expect.arrayContaining([id, archived]));
    const seen = await listed('paola.neri');
    expect(seen).toContain(archived);
    expect(seen).not.toContain(id);
  });

  it('gives no bytes of it, thumbnail, sized thumbnail or preview, to the reader who guesses its id', async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const id = await insertFile(hub.t, 'press-photo.png', png);
    await providerDb(hub.t).contentCategory.create({ data: { contentId: id, categoryId: folder(PRESS) } });
    expect((await makeDerivatives(hub.t, id)).state).toBe('completed');
    // Bytes, not JSON: read as the browser would, the type telling a picture from a refusal.
    const bytes = async (username: string, url: string) => {
      const res = await fetch(`${hub.t.url}${url}`, { headers: headersOf(hub.session(username)) });
      const type = res.headers.get('content-type') ?? '';
      return {
        status: res.status,
        type,
        body: type.includes('json') ? await res.json() : await res.arrayBuffer(),
      };
    };
    for (const path of ['thumbnail', 'thumbnail?size=200x200', 'preview']) {
      const url = `/api/assets/${id}/${path}`;
      const writer = await bytes('mario.rossi', url);
      expect([path, writer.status, writer.type]).toEqual([
        path,
        200,
        expect.stringMatching(/^image\/(?!svg)/),
      ]);
      const reader = await bytes('paola.neri', url);
      expect([path, reader.status, (reader.body as { code?: string }).code]).toEqual([
        path,
        404,
        ERROR_CODES.NOT_FOUND,
      ]);
    }
  });
});
