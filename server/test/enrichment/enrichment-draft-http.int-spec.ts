import { ENRICHMENT_ERROR_CODES as CODES, LIMITS, type EnrichmentDraft } from '@paddock/rules';
import { randomUUID } from 'node:crypto';
import { call, headersOf, providerDb, type SignedIn } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { as, contentsIn, finished, get, post } from '../workflow/workflow-fixtures';
import { MANDATORY, seedEnrichmentWorld } from './enrichment-fixtures';

jest.setTimeout(120_000);

const ENRICHMENT = 'arrc03-marketing';

/**
 * Issue 13 item 6 on real PostgreSQL, Redis and the built-in provider: the wizard's working state
 * saved as the user's content drafts (`PUT /api/enrichment/draft`) and read back on exactly the
 * same selection (`GET`), under SPEC §6's tagging check; the enrichment job spends it.
 */
describe('the enrichment wizard’s draft', () => {
  let t: TestApp;
  let folders: Map<string, string>;
  let mario: SignedIn;
  const folderId = () => folders.get(ENRICHMENT)!;
  const state = (step: string) => ({ step, vinTarga: [{ vin: 'ZFA31200000123456', targa: '' }] });

  const save = (who: SignedIn, body: unknown) =>
    call<{ code?: string }>(t, 'PUT', '/api/enrichment/draft', { json: body, headers: headersOf(who) });
  const load = (who: SignedIn, ids: string[], folder = folderId()) =>
    get<EnrichmentDraft & { code?: string }>(
      t,
      who,
      `/api/enrichment/draft?folderId=${encodeURIComponent(folder)}&ids=${ids.join(',')}`,
    );
  const draftRows = (ids: string[]) =>
    providerDb(t).contentDraft.findMany({ where: { contentId: { in: ids } }, select: { contentId: true } });

  beforeAll(async () => {
    t = await startTestApp();
    folders = await seedEnrichmentWorld(t);
    mario = await as(t, 'mario.rossi');
  });
  afterAll(() => t?.close());

  it('saves a selection’s state on each content and gives it back on exactly that selection, in any order', async () => {
    const [a, b, c] = await contentsIn(t, folders, [ENRICHMENT], 3);
    const res = await save(mario, { folderId: folderId(), contentIds: [a, b], state: state('copyright') });
    expect(res.status).toBe(204);
    expect((await draftRows([a!, b!])).length).toBe(2);

    const back = await load(mario, [b!, a!]);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ state: state('copyright'), savedAt: expect.any(String) });
    // Another selection sharing a content is another working state.
    expect((await load(mario, [a!])).body).toEqual({ state: null, savedAt: null });
    expect((await load(mario, [a!, b!, c!])).body).toEqual({ state: null, savedAt: null });

    // A later, overlapping selection replaces the draft on `a`; `b` still holds the first one.
    expect(
      (await save(mario, { folderId: folderId(), contentIds: [a, c], state: state('tag') })).status,
    ).toBe(204);
    expect((await load(mario, [a!, b!])).body.state).toEqual(state('copyright'));
    expect((await load(mario, [c!, a!])).body.state).toEqual(state('tag'));

    expect((await save(mario, { folderId: folderId(), contentIds: [a, b], state: null })).status).toBe(204);
    expect((await load(mario, [a!, b!])).body).toEqual({ state: null, savedAt: null });
  });

  it('is spent by the confirmed enrichment on the assets it enriched', async () => {
    const ids = await contentsIn(t, folders, [ENRICHMENT], 2);
    await save(mario, { folderId: folderId(), contentIds: ids, state: state('summary') });
    expect((await draftRows(ids)).length).toBe(2);
    const job = await post<{ jobId: string }>(t, mario, '/api/enrichment', {
      contentIds: ids,
      folderId: folderId(),
      metadata: MANDATORY,
    });
    expect(job.status).toBe(202);
    expect((await finished(t, mario, job.body.jobId)).state).toBe('completed');
    expect(await draftRows(ids)).toEqual([]);
    expect((await load(mario, ids)).body).toEqual({ state: null, savedAt: null });
  });

  describe('refuses, saving nothing', () => {
    let ids: string[];
    beforeAll(async () => {
      ids = await contentsIn(t, folders, [ENRICHMENT], 1);
    });

    it('outside the SPEC §6 tagging places (an approval step), both ways', async () => {
      const anna = await as(t, 'anna.bianchi');
      const waiting = await contentsIn(t, folders, ['appstp1-marketing'], 1);
      const body = {
        folderId: folders.get('appstp1-marketing'),
        contentIds: waiting,
        state: state('product'),
      };
      const saved = await save(anna, body);
      expect(saved.status).toBe(403);
      expect(saved.body.code).toBe(CODES.NOT_ALLOWED);
      const read = await load(anna, waiting, folders.get('appstp1-marketing'));
      expect(read.status).toBe(403);
      expect(read.body.code).toBe(CODES.NOT_ALLOWED);
      expect(await draftRows(waiting)).toEqual([]);
    });

    it('an asset of another department, and an observer', async () => {
      const theirs = await contentsIn(t, folders, ['arrc03-heritage'], 1);
      const other = await save(mario, {
        folderId: folders.get('arrc03-heritage'),
        contentIds: theirs,
        state: state('product'),
      });
      const paola = await as(t, 'paola.neri');
      const observer = await save(paola, { folderId: folderId(), contentIds: ids, state: state('product') });
      for (const res of [other, observer, await load(paola, ids)]) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body.code).toBeDefined();
      }
      expect(await draftRows([...theirs, ...ids])).toEqual([]);
    });

    it.each([
      ['no folder', () => ({ contentIds: ids, state: {} }), 400, 'VALIDATION_FAILED'],
      ['no state', () => ({ folderId: folderId(), contentIds: ids }), 400, 'VALIDATION_FAILED'],
      [
        'an id that is no uuid',
        () => ({ folderId: folderId(), contentIds: ['x'], state: {} }),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a state that is text',
        () => ({ folderId: folderId(), contentIds: ids, state: 'step 2' }),
        400,
        'VALIDATION_FAILED',
      ],
      [
        `${LIMITS.taggingMaxAssets + 1} assets`,
        () => ({
          folderId: folderId(),
          contentIds: Array.from({ length: LIMITS.taggingMaxAssets + 1 }, () => randomUUID()),
          state: {},
        }),
        400,
        CODES.TOO_MANY_ASSETS,
      ],
      [
        'a state over the bound',
        () => ({
          folderId: folderId(),
          contentIds: ids,
          state: { copyrightNotes: 'x'.repeat(LIMITS.enrichmentDraftMaxBytes) },
        }),
        400,
        CODES.DRAFT_TOO_LARGE,
      ],
    ])('PUT with %s', async (_what, body, status, code) => {
      const res = await save(mario, body());
      expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
      expect(await draftRows(ids)).toEqual([]);
    });

    it.each([
      ['no ids', () => `/api/enrichment/draft?folderId=${folderId()}`],
      ['no folder', () => `/api/enrichment/draft?ids=${ids.join(',')}`],
      ['an id that is no uuid', () => `/api/enrichment/draft?folderId=${folderId()}&ids=a,b`],
      ['an unknown parameter', () => `/api/enrichment/draft?folderId=${folderId()}&ids=${ids[0]}&x=1`],
    ])('GET with %s: 400', async (_what, path) => {
      const res = await get<{ code: string }>(t, mario, path());
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    });

    it(`GET with ${LIMITS.taggingMaxAssets + 1} ids: ${CODES.TOO_MANY_ASSETS}`, async () => {
      const many = Array.from({ length: LIMITS.taggingMaxAssets + 1 }, () => randomUUID());
      const res = await load(mario, many);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(CODES.TOO_MANY_ASSETS);
    });

    it('without a session', async () => {
      const res = await call(t, 'GET', `/api/enrichment/draft?folderId=${folderId()}&ids=${ids[0]}`);
      expect(res.status).toBe(401);
    });
  });
});
