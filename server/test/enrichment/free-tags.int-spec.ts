import {
  ENRICHMENT_ERROR_CODES as CODES,
  ENRICHMENT_CLASSIFICATIONS,
  WORKFLOW_TAGS,
  type FreeTag,
  type TagOptionsResponse,
} from '@paddock/rules';
import axios from 'axios';
import { HttpProviderGateway, createProviderHttp } from '../../src/provider/http-provider.gateway';
import { DEMO_PASSWORD } from '../../src/config/config.schema';
import { providerDb, type SignedIn } from '../auth/auth-fixtures';
import type { TestApp } from '../support/test-app';
import { as, contentsIn, finished, get, post, stateOf } from '../workflow/workflow-fixtures';
import { MANDATORY, recordProviderCalls, startEnrichmentWorld } from './enrichment-fixtures';

jest.setTimeout(120_000);

const FREE = ENRICHMENT_CLASSIFICATIONS.tags;
const ENRICHMENT = 'arrc03-marketing';

/**
 * Issue 22 point 3 on real PostgreSQL, Redis and the built-in provider: a user who may tag creates
 * a free tag by typing it (`POST /api/tags`, SPEC §7 itagdefinition/insert then detail), a name
 * taken in any case is refused, the wizard adds it and removes it (`tags.remove`), and the
 * provider itself refuses what the hub would never send.
 */
describe('free tags', () => {
  let t: TestApp;
  let folders: Map<string, string>;
  let mario: SignedIn;
  let calls: ReturnType<typeof recordProviderCalls>;

  beforeAll(async () => {
    ({ t, folders, mario } = await startEnrichmentWorld());
    calls = recordProviderCalls(t);
  });
  afterAll(() => t?.close());

  const create = (who: SignedIn, names: Record<string, string>) =>
    post<FreeTag & { code?: string; details?: unknown }>(t, who, '/api/tags', { names });
  const freeTagsOf = async (lang: string) =>
    (await get<TagOptionsResponse>(t, mario, `/api/tags/definitions?lang=${lang}`)).body.items.filter(
      (i) => i.classificationId === FREE,
    );

  /** The built-in provider's itagdefinition/insert, called as `username` with their own token. */
  async function insertAtProvider(username: string, classificationId: string, value: object) {
    const identity = new HttpProviderGateway(createProviderHttp(t.config.providerUrl), {
      CLIENT_ID: t.config.CLIENT_ID,
    });
    const { token } = await identity.login(username, DEMO_PASSWORD);
    return axios.post<{ resultCode: string }>(
      `${t.config.providerUrl}/xintelligence/resources/itagdefinition/insert/${t.config.CLIENT_ID}/${classificationId}`,
      { value },
      { headers: { 'X-TOKENID': token }, validateStatus: () => true },
    );
  }

  it('creates a free tag named in the languages given, through insert then detail, and lists it', async () => {
    const at = calls.length;
    const res = await create(mario, { it: ' Rally storico ', en: 'Historic rally', fr: '' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      prettyId: null,
      classificationId: FREE,
      names: { it: 'Rally storico', en: 'Historic rally' },
    });
    expect(calls.slice(at).map((c) => c.path)).toEqual(
      expect.arrayContaining([
        `/xintelligence/resources/itagdefinition/insert/${t.config.CLIENT_ID}/${FREE}`,
        `/xintelligence/resources/itagdefinition/detail/${t.config.CLIENT_ID}/${FREE}/${res.body.id}`,
      ]),
    );
    // Named in each language, the fallback where none was given (FR reads EN).
    expect((await freeTagsOf('it')).find((i) => i.id === res.body.id)?.label).toBe('Rally storico');
    expect((await freeTagsOf('fr')).find((i) => i.id === res.body.id)?.label).toBe('Historic rally');
  });

  it('refuses a name a free tag bears in any language and case (409), and names that are none (400)', async () => {
    const exterior = await providerDb(t).tagDefinition.findUniqueOrThrow({
      where: { prettyId: 'tag-exterior' },
    });
    const before = await providerDb(t).tagDefinition.count();
    const taken = await create(mario, { fr: 'nouveau', en: 'EXTERIOR' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: CODES.TAG_EXISTS, details: { ids: [exterior.id] } });
    const invalid: Record<string, string>[] = [{}, { it: '   ' }, { it: 'Rally ☀' }, { en: 'x'.repeat(151) }];
    for (const names of invalid) {
      const bad = await create(mario, names);
      expect({ status: bad.status, code: bad.body.code }).toEqual({
        status: 400,
        code: CODES.TAG_NAME_INVALID,
      });
    }
    const unknown = await create(mario, { de: 'Rallye' });
    expect(unknown.status).toBe(400);
    expect(await providerDb(t).tagDefinition.count()).toBe(before);
  });

  it('refuses an observer, who tags nowhere (403)', async () => {
    const paola = await as(t, 'paola.neri');
    const res = await create(paola, { it: 'Osservato' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(CODES.NOT_ALLOWED);
  });

  it('adds the new tag with the wizard, then removes it with `tags.remove`', async () => {
    const ids = await contentsIn(t, folders, [ENRICHMENT], 2);
    const folderId = folders.get(ENRICHMENT);
    const tag = (await create(mario, { it: 'Notturna', en: 'Night shot' })).body;
    const ref = { id: tag.id, classificationId: FREE };
    const added = await post<{ jobId: string }>(t, mario, '/api/enrichment', {
      contentIds: ids,
      folderId,
      tags: { add: [ref] },
      metadata: MANDATORY,
    });
    expect((await finished(t, mario, added.body.jobId)).state).toBe('completed');
    for (const id of ids) expect((await stateOf(t, id))?.tags).toEqual([tag.id]);

    const removed = await post<{ jobId: string }>(t, mario, '/api/enrichment', {
      contentIds: ids,
      folderId,
      tags: { remove: [ref] },
    });
    expect(removed.status).toBe(202);
    expect((await finished(t, mario, removed.body.jobId)).state).toBe('completed');
    for (const id of ids) expect((await stateOf(t, id))?.tags).toEqual([]);
  });

  describe('the built-in provider, called directly', () => {
    it('refuses a second tag of a name, in another case and language, and keeps one when two race', async () => {
      const twice = await Promise.all(
        ['Pista bagnata', 'PISTA BAGNATA'].map((label) =>
          insertAtProvider('mario.rossi', FREE, { names: [{ lang: 'IT', label }] }),
        ),
      );
      expect(twice.map((r) => r.status).sort()).toEqual([200, 418]);
      expect(twice.find((r) => r.status === 418)?.data).toMatchObject({ resultCode: 'ITAG_ALREADY_DEFINED' });
      const again = await insertAtProvider('mario.rossi', FREE, {
        names: [{ lang: 'EN', label: 'pista Bagnata' }],
      });
      expect(again.data).toMatchObject({ resultCode: 'ITAG_ALREADY_DEFINED' });
      const named = await providerDb(t).tagDefinition.findMany({ where: { searchText: 'pista bagnata' } });
      expect(named).toHaveLength(1);
    });

    it('lets a user define free tags only: not a product, not a workflow tag, not as an observer', async () => {
      const before = await providerDb(t).tagDefinition.count();
      const refused = [
        await insertAtProvider('mario.rossi', ENRICHMENT_CLASSIFICATIONS.products, {
          names: [{ lang: 'EN', label: 'My product' }],
        }),
        await insertAtProvider('mario.rossi', FREE, {
          names: [{ lang: 'EN', label: 'Accepted again' }],
          prettyId: WORKFLOW_TAGS.accepted,
        }),
        await insertAtProvider('mario.rossi', WORKFLOW_TAGS.classification, {
          names: [{ lang: 'EN', label: 'Approved' }],
        }),
        await insertAtProvider('paola.neri', FREE, { names: [{ lang: 'IT', label: 'Guardato' }] }),
      ];
      for (const res of refused)
        expect({ status: res.status, ...res.data }).toMatchObject({
          status: 418,
          resultCode: 'ACCESS_DENIED',
        });
      // A supplier may tag in its own views: it may define a free tag.
      const supplier = await insertAtProvider('foto.studio', FREE, {
        names: [{ lang: 'IT', label: 'Studio' }],
      });
      expect(supplier.status).toBe(200);
      expect(await providerDb(t).tagDefinition.count()).toBe(before + 1);
    });
  });
});
