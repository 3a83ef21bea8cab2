import axios from 'axios';
import { startTestApp, type TestApp } from '../support/test-app';
import { CLASSIFICATION, seedTaggingWorld } from './tagging-fixtures';

/**
 * The built-in provider's getClientInformations (SPEC §7, for connectors) and the tag list of a
 * whole classification (the pickers' list): a live token of this client only.
 */
describe('built-in provider: client information and tag lists', () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof seedTaggingWorld>>;
  const post = (path: string, data: unknown, token?: string) =>
    axios.post(`${t.config.providerUrl}${path}`, data, {
      headers: token ? { 'X-TOKENID': token } : {},
      validateStatus: () => true,
    });
  const CLIENT_INFO = '/xsso/resources/accessmanager/getClientInformations';

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedTaggingWorld(t, 1);
  });
  afterAll(() => t.close());

  it('answers the client information to a signed-in caller of this client', async () => {
    const res = await post(CLIENT_INFO, { clientId: t.config.CLIENT_ID }, world.tokens.reader);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      resultCode: 'OK',
      client: { languages: ['IT', 'EN', 'FR'], contentLocales: ['IT', 'EN'] },
      user: { username: 'reader.user' },
    });
  });

  it('refuses another client, and a caller without a token', async () => {
    for (const res of [
      await post(CLIENT_INFO, { clientId: 'someone-else' }, world.tokens.reader),
      await post(CLIENT_INFO, { clientId: t.config.CLIENT_ID }),
    ]) {
      expect(res.status).not.toBe(200);
      expect((res.data as { resultCode: string }).resultCode).not.toBe('OK');
    }
  });

  it('lists every tag of a classification without ids, a page at a time', async () => {
    const list = (offset: number) =>
      post(
        `/xintelligence/resources/itagdefinition/list/${t.config.CLIENT_ID}/${CLASSIFICATION}`,
        { limit: 1, offset },
        world.tokens.reader,
      );
    const first = await list(0);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ resultCode: 'OK', totalResults: 2 });
    const labels = [];
    for (const offset of [0, 1])
      labels.push(
        ...((await list(offset)).data as { items: { prettyId: string }[] }).items.map((i) => i.prettyId),
      );
    expect(labels.sort()).toEqual(['wf-accepted', 'wf-refused']);
  });
});
