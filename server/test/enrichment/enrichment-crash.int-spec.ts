import { ENRICHMENT_CLASSIFICATIONS, LIMITS } from '@paddock/rules';
import { hubDb, providerDb } from '../auth/auth-fixtures';
import { crashWorld, exited, progressReached, type CrashWorld } from '../support/worker-process';
import { contentsIn, finished, post, stateOf } from '../workflow/workflow-fixtures';
import { MANDATORY, seedEnrichmentWorld } from './enrichment-fixtures';

jest.setTimeout(300_000);

const ASSETS = LIMITS.taggingMaxAssets;
const ENRICHMENT = 'arrc03-marketing';

/**
 * Issue 13 "must show": the worker dies (SIGKILL) in the middle of an enrichment of 200 assets; a
 * new worker resumes it; every asset ends fully enriched, with no tag or metadata value twice, and
 * the audit has exactly one row per asset.
 */
describe('a worker killed mid enrichment', () => {
  let world: CrashWorld;

  beforeAll(async () => {
    world = await crashWorld(['mario.rossi'], { seed: seedEnrichmentWorld });
  });
  afterAll(() => world?.stop());

  it('resumes: 200 assets fully enriched, none with a duplicate, one audit row each', async () => {
    const {
      t,
      folders,
      people: [mario],
    } = world;
    const ids = await contentsIn(t, folders, [ENRICHMENT], ASSETS);
    const tags = ['prd-spider', 'prd-berlina', 'prd-suv'].map((id) => ({
      id,
      classificationId: ENRICHMENT_CLASSIFICATIONS.products,
    }));
    const res = await post<{ jobId: string }>(t, mario!, '/api/enrichment', {
      contentIds: ids,
      folderId: folders.get(ENRICHMENT),
      tags: { add: tags },
      vinTarga: [
        { vin: '1G4AH59H45G118341', targa: 'AB123CD' },
        { vin: 'KM8K2CAB4PU001140', targa: 'AA-001-AB' },
        { vin: 'WVWZZZ1KZ8W123456', targa: 'M-AB 1234' },
      ],
      copyright: [
        { kind: 'landscape', state: 'presente', perpetual: true, country: 'worldwide' },
        { kind: 'people', state: 'presente', toDate: '2031-01-31', country: 'united-states' },
        { kind: 'people', state: 'assente' },
        { kind: 'landscape', state: 'non_necessario' },
      ],
      copyrightNotes: 'Scatti di Studio Foto',
      metadata: [
        ...MANDATORY,
        { key: 'location', value: 'Torino' },
        { key: 'eventdate', value: '12/05/2026' },
      ],
    });
    expect(res.status).toBe(202);
    const { jobId } = res.body;

    const first = world.startWorker();
    await progressReached(t, jobId, 10);
    first.kill('SIGKILL');
    await exited(first);
    const record = await hubDb(t).jobRecord.findUniqueOrThrow({ where: { id: jobId } });
    expect(record.state).toBe('active');
    expect(record.progress).toBeLessThan(95);
    // Half-way: the first changes are in, the last (the copyright note) not on every asset.
    const count = (key: string) =>
      providerDb(t).contentMetadata.count({ where: { contentId: { in: ids }, key } });
    expect(await providerDb(t).contentTag.count({ where: { contentId: { in: ids } } })).toBeGreaterThan(0);
    expect(await count('notes-copyright')).toBeLessThan(ASSETS);

    world.startWorker();
    const job = await finished(t, mario!, jobId, 240_000);
    expect(job.state).toBe('completed');
    expect(job.result).toMatchObject({ total: ASSETS, done: ASSETS, failed: 0 });

    const expected = {
      'vin-1': '1G4AH59H45G118341',
      'targa-3': 'M-AB 1234',
      'landscape-perpetual': 'true',
      'people-todate': '2031-01-31',
      'people-state-2': 'assente',
      'landscape-state-2': 'non_necessario',
      'notes-copyright': 'Scatti di Studio Foto',
      eventdate: '2026-05-12',
      utilizzo: 'stampa',
    };
    for (const id of ids) {
      const state = await stateOf(t, id);
      // The products, and the copyright tags its copyright options call for (copyrightTagsOf).
      expect(state?.tags).toEqual([
        'cr-copyright',
        'cr-landscape',
        'cr-people',
        'prd-berlina',
        'prd-spider',
        'prd-suv',
      ]);
      expect(state?.meta).toMatchObject(expected);
    }
    const duplicates = await providerDb(t).contentMetadata.groupBy({
      by: ['contentId', 'key'],
      where: { contentId: { in: ids } },
      _count: true,
      having: { contentId: { _count: { gt: 1 } } },
    });
    expect(duplicates).toEqual([]);
    const rows = await hubDb(t).auditRecord.findMany({ where: { jobId, assetId: { not: null } } });
    expect(rows.map((r) => r.assetId).sort()).toEqual([...ids].sort());
    expect(job.outcomes).toHaveLength(ASSETS);
  });
});
