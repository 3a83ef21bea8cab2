import { LIMITS } from '@paddock/rules';
import axios from 'axios';
import { HttpProviderGateway, createProviderHttp } from '../../src/provider/http-provider.gateway';
import { FOLDER_PASSWORD, folder, insertContents, seedFolders, seedUser } from '../folders/folder-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedTaggingWorld } from '../tagging/tagging-fixtures';

/**
 * content/saveDraft and getDraft on the built-in provider (issue 13 item 6): a user's draft per
 * content, read back by that user only; saving is a content write (write on a folder of it), a
 * content the caller cannot see answers as an unknown id, and a draft has a size bound.
 */
describe('built-in provider: content drafts', () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof seedTaggingWorld>>;
  let writer: string;
  let secret: string;
  const unknown = '00000000-0000-4000-8000-00000000d4af';
  const post = (verb: 'saveDraft' | 'getDraft', token: string, data: unknown) =>
    axios.post(`${t.config.providerUrl}/xcontents/resources/content/${verb}/${t.config.CLIENT_ID}`, data, {
      headers: { 'X-TOKENID': token },
      validateStatus: () => true,
    });
  const rows = () =>
    world.prisma.contentDraft.findMany({ orderBy: [{ contentId: 'asc' }, { userId: 'asc' }] });
  const draftsOf = async (token: string, contentIds: string[]) =>
    (
      (await post('getDraft', token, { contentIds })).data as {
        drafts: { contentId: string; draft: unknown }[];
      }
    ).drafts;

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedTaggingWorld(t, 3);
    const folders = await seedFolders(
      t,
      [folder('secret', null, 'Secret', { SECRET: { write: true } })],
      ['SECRET'],
    );
    [secret] = await insertContents(t, 1, folders.get('secret'));
    await seedUser(t, 'writer.user', ['EDITORS']);
    const identity = new HttpProviderGateway(createProviderHttp(t.config.providerUrl), {
      CLIENT_ID: t.config.CLIENT_ID,
    });
    writer = (await identity.login('writer.user', FOLDER_PASSWORD)).token;
  });
  afterAll(() => t.close());

  beforeEach(() => world.prisma.contentDraft.deleteMany());

  it("saves the caller's draft on each content, reads it back, replaces it and clears it with null", async () => {
    const [a, b] = world.contentIds;
    const saved = await post('saveDraft', writer, { contentIds: [a, b], draft: { step: 'copyright', n: 1 } });
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual({ resultCode: 'OK', contentsInIssue: [], ssoCode: 'OK' });
    const read = await post('getDraft', writer, { contentIds: [a, b, world.contentIds[2]] });
    expect(read.status).toBe(200);
    expect(read.data.drafts).toHaveLength(2);
    expect(read.data.drafts).toEqual(
      expect.arrayContaining([
        { contentId: a, draft: { step: 'copyright', n: 1 }, savedAt: expect.any(String) },
        { contentId: b, draft: { step: 'copyright', n: 1 }, savedAt: expect.any(String) },
      ]),
    );
    // Another user who sees and writes the same contents has no draft there.
    expect(await draftsOf(world.tokens.editor, [a, b])).toEqual([]);

    await post('saveDraft', writer, { contentIds: [a], draft: { step: 'tag', n: 2 } });
    expect((await draftsOf(writer, [a])).map((d) => d.draft)).toEqual([{ step: 'tag', n: 2 }]);
    const cleared = await post('saveDraft', writer, { contentIds: [a, b], draft: null });
    expect(cleared.data).toMatchObject({ resultCode: 'OK', contentsInIssue: [] });
    expect(await rows()).toEqual([]);
  });

  it('refuses a reader (sees, writes no folder of it) with ACCESS_DENIED, saving nothing', async () => {
    const res = await post('saveDraft', world.tokens.reader, {
      contentIds: world.contentIds,
      draft: { step: 'product' },
    });
    expect(res.status).toBe(418);
    expect(res.data).toMatchObject({ resultCode: 'ACCESS_DENIED' });
    expect(await rows()).toEqual([]);
  });

  it('answers a content the caller cannot see exactly as an unknown id, on save and on read', async () => {
    const answers = [];
    for (const id of [secret, unknown]) {
      const res = await post('saveDraft', writer, { contentIds: [id], draft: { step: 'product' } });
      answers.push({ status: res.status, body: res.data, read: await draftsOf(writer, [id]) });
    }
    expect(answers[0]).toEqual({ ...answers[1], body: { ...answers[1]!.body, contentsInIssue: [secret] } });
    expect(answers[1]).toEqual({
      status: 200,
      body: { resultCode: 'OK', contentsInIssue: [unknown], ssoCode: 'OK' },
      read: [],
    });
    // Beside a visible content, the unseen one is listed and the visible one saved.
    const mixed = await post('saveDraft', writer, {
      contentIds: [world.contentIds[0], secret],
      draft: { step: 'summary' },
    });
    expect(mixed.data.contentsInIssue).toEqual([secret]);
    expect((await rows()).map((r) => r.contentId)).toEqual([world.contentIds[0]]);
  });

  it(`refuses a draft over ${LIMITS.contentDraftMaxBytes} bytes with a clear reason, saving nothing`, async () => {
    const big = { notes: 'x'.repeat(LIMITS.contentDraftMaxBytes) };
    const res = await post('saveDraft', writer, { contentIds: [world.contentIds[0]], draft: big });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ resultCode: 'EXCEPTION' });
    expect(res.data.errorDescription).toContain('DRAFT_TOO_BIG');
    expect(await rows()).toEqual([]);
    const fits = { notes: 'x'.repeat(LIMITS.contentDraftMaxBytes - 20) };
    expect((await post('saveDraft', writer, { contentIds: [world.contentIds[0]], draft: fits })).status).toBe(
      200,
    );
  });

  it("lets only the hub's service account clear another user's draft, and never write one", async () => {
    const [a] = world.contentIds;
    await post('saveDraft', writer, { contentIds: [a], draft: { step: 'tag' } });
    const before = await rows();
    for (const [token, draft] of [
      [world.tokens.reader, null],
      [writer, null],
      [world.tokens.editor, { step: 'forged' }],
    ] as const) {
      const username = token === writer ? t.config.PROVIDER_SERVICE_USERNAME : 'writer.user';
      const res = await post('saveDraft', token, { contentIds: [a], draft, username });
      expect(res.status).toBe(418);
      expect(res.data).toMatchObject({ resultCode: 'ACCESS_DENIED' });
    }
    expect(await rows()).toEqual(before);
    const cleared = await post('saveDraft', world.tokens.editor, {
      contentIds: [a],
      draft: null,
      username: 'writer.user',
    });
    expect(cleared.data).toMatchObject({ resultCode: 'OK', contentsInIssue: [] });
    expect(await rows()).toEqual([]);
  });

  it('refuses malformed input as invalid arguments', async () => {
    for (const body of [
      {},
      { contentIds: [], draft: null },
      { contentIds: ['not-a-uuid'], draft: null },
      { contentIds: [world.contentIds[0]], draft: 'text' },
      { contentIds: Array.from({ length: LIMITS.idChunkSize + 1 }, () => unknown), draft: null },
    ]) {
      const res = await post('saveDraft', writer, body);
      expect({ body, status: res.status, code: res.data.resultCode }).toEqual({
        body,
        status: 400,
        code: 'EXCEPTION',
      });
    }
  });
});
