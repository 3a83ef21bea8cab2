import {
  ENRICHMENT_ERROR_CODES as CODES,
  ENRICHMENT_CLASSIFICATIONS,
  LIMITS,
  type JobStory,
} from '@paddock/rules';
import { randomUUID } from 'node:crypto';
import { call, headersOf, providerDb, type SignedIn } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { as, contentsIn, finished, get, post, stateOf } from '../workflow/workflow-fixtures';
import { MANDATORY, recordProviderCalls, seedEnrichmentWorld } from './enrichment-fixtures';

jest.setTimeout(120_000);

const ENRICHMENT = 'arrc03-marketing';
const products = ENRICHMENT_CLASSIFICATIONS.products;

/**
 * Issue 13 on real PostgreSQL, Redis and the built-in provider: `POST /api/enrichment` and
 * `POST /api/tags/bulk` as jobs (per-asset outcomes, one audit row each, chunks of 50 ids,
 * idempotent), and every bad input refused with a 4xx and its code, nothing changed.
 */
describe('enrichment and bulk tagging', () => {
  let t: TestApp;
  let folders: Map<string, string>;
  let mario: SignedIn;
  let calls: ReturnType<typeof recordProviderCalls>;

  beforeAll(async () => {
    t = await startTestApp();
    folders = await seedEnrichmentWorld(t);
    mario = await as(t, 'mario.rossi');
    calls = recordProviderCalls(t);
  });
  afterAll(() => t?.close());

  const enrich = (body: object) =>
    post<{ jobId: string; code?: string; details?: unknown }>(t, mario, '/api/enrichment', body);

  it('enriches two assets: tags, two VIN/plate pairs, copyright, mandatory metadata; one audit row each', async () => {
    const ids = await contentsIn(t, folders, [ENRICHMENT], 2, {
      metadata: [{ key: 'stateinfo', value: 'CA' }],
    });
    const res = await enrich({
      contentIds: ids,
      folderId: folders.get(ENRICHMENT),
      tags: { add: [{ id: 'prd-spider', classificationId: products }] },
      vinTarga: [
        { vin: '1g4ah59h45g118341', targa: ' ab 123 cd ' },
        // A European VIN whose position 9 is the filler Z: a warning, not a refusal.
        { vin: 'WVWZZZ1KZ8W123456', targa: 'M-AB 1234' },
      ],
      copyright: [
        { kind: 'landscape', state: 'presente', country: 'worldwide', perpetual: true },
        { kind: 'people', state: 'presente', toDate: '31/12/2030' },
      ],
      metadata: [...MANDATORY, { key: 'nationinfo', value: 'italy' }, { key: 'location', value: '' }],
    });
    expect(res.status).toBe(202);
    const job = await finished(t, mario, res.body.jobId);
    expect(job.state).toBe('completed');
    expect(job.result).toMatchObject({ total: 2, done: 2, failed: 0 });
    expect(job.outcomes?.map((o) => [o.contentId, o.outcome]).sort()).toEqual(
      ids.map((id) => [id, 'done']).sort(),
    );

    for (const id of ids) {
      const state = await stateOf(t, id);
      // SPEC §3 copyright tags go with the options: each kind's, and the copyright tag (rights present).
      expect(state?.tags).toEqual(['cr-copyright', 'cr-landscape', 'cr-people', 'prd-spider']);
      expect(state?.meta).toMatchObject({
        'vin-1': '1G4AH59H45G118341',
        'targa-1': 'AB 123 CD',
        'vin-2': 'WVWZZZ1KZ8W123456',
        'targa-2': 'M-AB 1234',
        'landscape-state': 'presente',
        'landscape-country': 'worldwide',
        'landscape-perpetual': 'true',
        'people-state': 'presente',
        'people-todate': '2030-12-31',
        utilizzo: 'stampa',
        authorinfo: 'Studio Foto Srl',
        nationinfo: 'italy',
      });
      // SPEC §5: nation away from united-states clears the state; an empty value is not saved.
      expect(state?.meta).not.toHaveProperty('stateinfo');
      expect(state?.meta).not.toHaveProperty('location');
    }
    const audit = await t.app
      .get((await import('../../src/database/hub-prisma.service')).HubPrismaService)
      .auditRecord.findMany({ where: { jobId: res.body.jobId, assetId: { not: null } } });
    expect(audit).toHaveLength(2);
    expect(audit.every((a) => a.action === 'enrichment' && a.outcome === 'success')).toBe(true);
  });

  it('applies the copyright tags with the options, and overwriting takes off those no option calls for', async () => {
    const [asset, kept] = await contentsIn(t, folders, [ENRICHMENT], 2);
    // An asset that already has a people option: with overwrite off it keeps its options and tags.
    await providerDb(t).contentMetadata.create({
      data: { contentId: kept!, classificationId: 'ggdyqo', key: 'people-state', value: 'assente' },
    });
    const folderId = folders.get(ENRICHMENT);
    const run = async (body: object) => {
      const res = await enrich({ folderId, metadata: MANDATORY, ...body });
      expect(res.status).toBe(202);
      expect((await finished(t, mario, res.body.jobId)).state).toBe('completed');
    };
    await run({
      contentIds: [asset, kept],
      copyright: [
        { kind: 'people', state: 'presente', perpetual: true },
        { kind: 'landscape', state: 'non_necessario' },
      ],
      overwrite: { copyright: false },
    });
    expect((await stateOf(t, asset!))?.tags).toEqual(['cr-copyright', 'cr-landscape', 'cr-people']);
    expect(await stateOf(t, kept!)).toMatchObject({
      tags: ['cr-landscape'],
      meta: { 'people-state': 'assente', 'landscape-state': 'non_necessario' },
    });

    await run({ contentIds: [asset], copyright: [{ kind: 'landscape', state: 'assente' }] });
    expect(await stateOf(t, asset!)).toMatchObject({
      tags: ['cr-landscape'],
      meta: { 'landscape-state': 'assente' },
    });
    expect((await stateOf(t, asset!))?.meta).not.toHaveProperty('people-state');
  });

  it('removes a product already on the assets through the same job, one outcome per asset (the wizard’s step 1)', async () => {
    const ids = await contentsIn(t, folders, [ENRICHMENT], 2, {
      metadata: [{ key: 'registry-id', value: 'reg-mkt-adp-spider' }],
    });
    const folderId = folders.get(ENRICHMENT)!;
    const added = await enrich({
      contentIds: ids,
      folderId,
      tags: { add: [{ id: 'prd-spider', classificationId: products }] },
      metadata: MANDATORY,
    });
    expect((await finished(t, mario, added.body.jobId)).state).toBe('completed');

    // What the wizard reads to offer the removal: the product with its classification, and the record.
    type Detail = { tags: { id: string; classificationId: string; label: string }[]; registryId?: string };
    const detail = await get<Detail>(t, mario, `/api/assets/${ids[0]}?folderId=${folderId}&lang=en`);
    expect(detail.status).toBe(200);
    const spider = detail.body.tags.find((tag) => tag.classificationId === products);
    expect(spider).toMatchObject({ label: 'Spider' });
    expect(detail.body.registryId).toBe('reg-mkt-adp-spider');

    const removed = await enrich({
      contentIds: ids,
      folderId,
      tags: { remove: [{ id: spider!.id, classificationId: products }] },
    });
    expect(removed.status).toBe(202);
    const job = await finished(t, mario, removed.body.jobId);
    expect(job.state).toBe('completed');
    expect(job.outcomes?.map((o) => [o.contentId, o.outcome]).sort()).toEqual(
      ids.map((id) => [id, 'done']).sort(),
    );
    for (const id of ids) expect((await stateOf(t, id))?.tags).toEqual([]);
  });

  it('spares the assets that have a value when an overwrite flag is off, and never duplicates values', async () => {
    const [kept, filled] = await contentsIn(t, folders, [ENRICHMENT], 2);
    await providerDb(t).contentMetadata.create({
      data: { contentId: kept!, classificationId: 'ggdyqo', key: 'vin-1', value: 'ZFA31200000123456' },
    });
    const body = {
      contentIds: [kept, filled],
      folderId: folders.get(ENRICHMENT),
      vinTarga: [{ vin: 'KM8K2CAB4PU001140', targa: 'AB123CD' }],
      metadata: MANDATORY,
      overwrite: { vinTarga: false },
    };
    for (let i = 0; i < 2; i++) {
      const res = await enrich(body);
      expect(res.status).toBe(202);
      expect((await finished(t, mario, res.body.jobId)).state).toBe('completed');
    }
    expect((await stateOf(t, kept!))?.meta['vin-1']).toBe('ZFA31200000123456');
    expect((await stateOf(t, filled!))?.meta['vin-1']).toBe('KM8K2CAB4PU001140');
    const rows = await providerDb(t).contentMetadata.groupBy({
      by: ['contentId', 'key'],
      where: { contentId: { in: [kept!, filled!] } },
      _count: true,
    });
    expect(rows.every((r) => r._count === 1)).toBe(true);
  });

  it('bulk tags 121 assets in provider calls of 50, 50 and 21 ids, then removes the tag the same way', async () => {
    const ids = await contentsIn(t, folders, [ENRICHMENT], 121);
    for (const action of ['add', 'remove'] as const) {
      calls.length = 0;
      const res = await post<{ jobId: string }>(t, mario, '/api/tags/bulk', {
        contentIds: ids,
        folderId: folders.get(ENRICHMENT),
        action,
        tags: [{ id: 'tag-exterior', classificationId: ENRICHMENT_CLASSIFICATIONS.tags }],
      });
      expect(res.status).toBe(202);
      const job = await finished(t, mario, res.body.jobId);
      expect(job.result).toMatchObject({ total: 121, done: 121, providerCalls: 3 });
      const path = action === 'add' ? 'itag/bulkInsertMultiTargets' : 'itag/bulkRemoveMultiTargets';
      expect(calls.filter((c) => c.path.includes(path)).map((c) => c.targets)).toEqual([50, 50, 21]);
      const tagged = await providerDb(t).contentTag.count({ where: { contentId: { in: ids } } });
      expect(tagged).toBe(action === 'add' ? 121 : 0);
    }
  });

  it('bulk adds metadata with key and value, and removes it by key', async () => {
    const ids = await contentsIn(t, folders, [ENRICHMENT], 3);
    const folderId = folders.get(ENRICHMENT);
    const added = await post<{ jobId: string }>(t, mario, '/api/tags/bulk', {
      contentIds: ids,
      folderId,
      action: 'add',
      metadata: [{ key: 'typology', value: 'esterni,dettagli' }],
    });
    expect((await finished(t, mario, added.body.jobId)).state).toBe('completed');
    for (const id of ids) expect((await stateOf(t, id))?.meta.typology).toBe('esterni,dettagli');
    const noValue = await post(t, mario, '/api/tags/bulk', {
      contentIds: ids,
      folderId,
      action: 'add',
      metadata: [{ key: 'typology' }],
    });
    expect(noValue.status).toBe(400);
    const removed = await post<{ jobId: string }>(t, mario, '/api/tags/bulk', {
      contentIds: ids,
      folderId,
      action: 'remove',
      metadata: [{ key: 'typology' }],
    });
    expect((await finished(t, mario, removed.body.jobId)).state).toBe('completed');
    for (const id of ids) expect((await stateOf(t, id))?.meta).not.toHaveProperty('typology');
  });

  describe('bad input: a 4xx with its code, and nothing changes', () => {
    let ids: string[];
    let before: unknown[];
    const valid = () => ({
      contentIds: ids,
      folderId: folders.get(ENRICHMENT),
      vinTarga: [{ vin: '1G4AH59H45G118341', targa: 'AB123CD' }],
      metadata: MANDATORY,
    });

    beforeAll(async () => {
      ids = await contentsIn(t, folders, [ENRICHMENT], 2);
      before = await Promise.all(ids.map((id) => stateOf(t, id)));
    });
    afterEach(async () => {
      expect(await Promise.all(ids.map((id) => stateOf(t, id)))).toEqual(before);
    });

    const pair = { vin: '1G4AH59H45G118341', targa: 'AB123CD' };
    const option = { kind: 'people', state: 'assente' };
    it.each([
      ['a 4th VIN/plate pair', { vinTarga: [pair, pair, pair, pair] }, 400, CODES.TOO_MANY_VIN_PAIRS],
      [
        'a 5th copyright option',
        { copyright: [option, option, option, option, option] },
        400,
        CODES.TOO_MANY_COPYRIGHT_OPTIONS,
      ],
      [
        'a North-American VIN with a wrong check digit',
        { vinTarga: [{ vin: '1HGCM82633A123456', targa: '' }] },
        400,
        CODES.VIN_INVALID,
      ],
      ['a VIN with an O', { vinTarga: [{ vin: 'ZFAO1200000123456', targa: '' }] }, 400, CODES.VIN_INVALID],
      ['a plate outside Latin-1', { vinTarga: [{ vin: '', targa: 'Łódź 123' }] }, 400, CODES.NOT_LATIN1],
      [
        'an unknown metadata key',
        { metadata: [...MANDATORY, { key: 'nope', value: 'x' }] },
        400,
        CODES.UNKNOWN_METADATA_KEY,
      ],
      [
        'an enum value not among the options',
        { metadata: [{ key: 'utilizzo', value: 'billboard' }, MANDATORY[1]] },
        400,
        CODES.BAD_METADATA_VALUE,
      ],
      [
        'a bad date',
        { metadata: [...MANDATORY, { key: 'eventdate', value: '31-02-2026' }] },
        400,
        CODES.INVALID_DATE,
      ],
      ['a missing mandatory field', { metadata: [MANDATORY[1]] }, 400, CODES.MANDATORY_MISSING],
      [
        'an unknown tag',
        { tags: { add: [{ id: 'prd-nope', classificationId: products }] } },
        400,
        CODES.UNKNOWN_TAG,
      ],
      [
        'a reserved workflow tag',
        { tags: { add: [{ id: 'wf-accepted', classificationId: 'ggdyqo' }] } },
        403,
        CODES.NOT_ALLOWED,
      ],
    ])('%s', async (_what, change, status, code) => {
      const res = await enrich({ ...valid(), ...change });
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
    });

    describe(`SPEC §5: more than ${LIMITS.taggingMaxAssets} assets, on every entry point of tagging`, () => {
      const selection = (n: number) => ({
        contentIds: Array.from({ length: n }, () => randomUUID()),
        folderId: folders.get(ENRICHMENT),
      });
      const tagEvent = [{ id: 'tag-event', classificationId: ENRICHMENT_CLASSIFICATIONS.tags }];
      const ENTRY_POINTS: [string, (n: number) => Promise<{ status: number; body: { code?: string } }>][] = [
        ['POST /api/enrichment', (n) => enrich({ ...valid(), ...selection(n) })],
        [
          'POST /api/tags/bulk',
          (n) => post(t, mario, '/api/tags/bulk', { ...selection(n), action: 'add', tags: tagEvent }),
        ],
        [
          'PUT /api/enrichment/draft',
          (n) =>
            call(t, 'PUT', '/api/enrichment/draft', {
              json: { ...selection(n), state: {} },
              headers: headersOf(mario),
            }),
        ],
        [
          'GET /api/enrichment/draft',
          (n) => {
            const { contentIds, folderId } = selection(n);
            return get(t, mario, `/api/enrichment/draft?folderId=${folderId}&ids=${contentIds.join(',')}`);
          },
        ],
      ];

      it.each(ENTRY_POINTS)(
        `%s refuses ${LIMITS.taggingMaxAssets + 1} with ${CODES.TOO_MANY_ASSETS} before asking the provider anything, and takes ${LIMITS.taggingMaxAssets}`,
        async (_entry, send) => {
          const at = calls.length;
          const over = await send(LIMITS.taggingMaxAssets + 1);
          expect({ status: over.status, code: over.body.code }).toEqual({
            status: 400,
            code: CODES.TOO_MANY_ASSETS,
          });
          expect(calls.slice(at)).toEqual([]);
          // 200 unknown ids pass the count and are refused for what they are.
          const at200 = await send(LIMITS.taggingMaxAssets);
          expect({ status: at200.status, code: at200.body.code }).toEqual({
            status: 409,
            code: CODES.NOT_IN_FOLDER,
          });
        },
      );
    });

    it('tagging outside the SPEC §6 places (an approval step)', async () => {
      const anna = await as(t, 'anna.bianchi');
      const waiting = await contentsIn(t, folders, ['appstp1-marketing'], 1);
      const res = await post<{ code: string }>(t, anna, '/api/tags/bulk', {
        contentIds: waiting,
        folderId: folders.get('appstp1-marketing'),
        action: 'add',
        tags: [{ id: 'tag-event', classificationId: ENRICHMENT_CLASSIFICATIONS.tags }],
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(CODES.NOT_ALLOWED);
      expect((await stateOf(t, waiting[0]!))?.tags).toEqual([]);
    });

    it('tagging on the department archive itself, while its subfolder "Campagne 2026" tags (SPEC §6)', async () => {
      const tagEvent = [{ id: 'tag-event', classificationId: ENRICHMENT_CLASSIFICATIONS.tags }];
      const bulkIn = async (prettyId: string) => {
        const [id] = await contentsIn(t, folders, [prettyId], 1);
        const res = await post<{ code?: string; jobId?: string }>(t, mario, '/api/tags/bulk', {
          contentIds: [id],
          folderId: folders.get(prettyId),
          action: 'add',
          tags: tagEvent,
        });
        return { id: id!, res };
      };
      const archive = await bulkIn('arch04-marketing');
      expect([archive.res.status, archive.res.body.code]).toEqual([403, CODES.NOT_ALLOWED]);
      expect((await stateOf(t, archive.id))?.tags).toEqual([]);

      const campaign = await bulkIn('campagne-2026-marketing');
      expect(campaign.res.status).toBe(202);
      expect((await finished(t, mario, campaign.res.body.jobId!)).state).toBe('completed');
      expect((await stateOf(t, campaign.id))?.tags).toEqual(['tag-event']);
    });

    it('an asset of another department', async () => {
      const theirs = await contentsIn(t, folders, ['arrc03-heritage'], 1);
      const res = await enrich({ ...valid(), contentIds: theirs, folderId: folders.get('arrc03-heritage') });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).toBeDefined();
      expect((await stateOf(t, theirs[0]!))?.meta).toEqual({});
    });

    it('an asset not in the folder asked from', async () => {
      const elsewhere = await contentsIn(t, folders, ['arch04-marketing'], 1);
      const res = await enrich({ ...valid(), contentIds: [...ids, ...elsewhere] });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe(CODES.NOT_IN_FOLDER);
    });

    it('an observer', async () => {
      const paola = await as(t, 'paola.neri');
      const res = await post<{ code: string }>(t, paola, '/api/enrichment', valid());
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });
  });

  it('tells a bulk tag job with names in the asked language: assets, folder, tag and metadata labels', async () => {
    const ids = await contentsIn(t, folders, [ENRICHMENT], 4);
    const res = await post<{ jobId: string }>(t, mario, '/api/tags/bulk', {
      contentIds: ids,
      folderId: folders.get(ENRICHMENT),
      action: 'add',
      tags: [{ id: 'tag-exterior', classificationId: ENRICHMENT_CLASSIFICATIONS.tags }],
      metadata: [{ key: 'typology', value: 'esterni' }],
    });
    await finished(t, mario, res.body.jobId);
    const names = await providerDb(t).contentLocale.findMany({
      where: { contentId: { in: ids.slice(0, 3) }, locale: 'EN' },
    });
    const nameOf = (id: string) => names.find((n) => n.contentId === id)?.name;
    const story = async (lang: string) =>
      (await get<{ story: JobStory }>(t, mario, `/api/jobs/${res.body.jobId}?lang=${lang}`)).body.story;
    const fr = await story('fr');
    expect(fr).toEqual({
      job: 'tags-bulk',
      // French readers see the EN names of assets (SPEC §1), the first three of four.
      assets: { total: 4, ids: ids.slice(0, 3), names: ids.slice(0, 3).map(nameOf) },
      folder: 'Enrichissement',
      targets: [],
      tags: { added: ['Extérieur'], removed: [] },
      metadata: { set: [{ key: 'typology', label: 'Typologie' }], removed: [] },
      share: null,
      version: null,
      counts: expect.objectContaining({ total: 4, done: 4, failed: 0 }),
      state: null,
    });
    const it = await story('it');
    expect(it).toMatchObject({ folder: 'Arricchimento', tags: { added: ['Esterni'] } });
    expect(it.metadata.set).toEqual([{ key: 'typology', label: 'Tipologia' }]);
  });

  it('answers the job’s per-asset outcomes to its submitter', async () => {
    const ids = await contentsIn(t, folders, [ENRICHMENT], 1);
    const res = await enrich({ contentIds: ids, folderId: folders.get(ENRICHMENT), metadata: MANDATORY });
    await finished(t, mario, res.body.jobId);
    const job = await get<{ outcomes: unknown[] }>(t, mario, `/api/jobs/${res.body.jobId}`);
    expect(job.body.outcomes).toEqual([
      expect.objectContaining({ contentId: ids[0], outcome: 'done', errorCode: null }),
    ]);
  });
});
