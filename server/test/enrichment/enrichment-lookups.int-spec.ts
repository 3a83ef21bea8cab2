import {
  ENRICHMENT_ERROR_CODES as CODES,
  ENRICHMENT_CLASSIFICATIONS,
  type AssetDetail,
  type EnrichmentDefinitions,
  type ProductPage,
} from '@paddock/rules';
import { providerDb } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { as, contentsIn, get } from '../workflow/workflow-fixtures';
import { seedEnrichmentWorld } from './enrichment-fixtures';

jest.setTimeout(120_000);

/**
 * The wizard's lookups on real PostgreSQL, Redis and the built-in provider: the metadata definitions
 * with their mandatory constraints and the free tags (steps 2 and 3), the product listing a page at
 * a time (step 1), and an observer refused; the asset detail naming its metadata by them.
 */
describe('enrichment lookups', () => {
  let t: TestApp;
  let folders: Map<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    folders = await seedEnrichmentWorld(t);
  });
  afterAll(() => t?.close());

  it('lists the metadata definitions, mandatory ones marked (the free tags are the tag listing’s)', async () => {
    const mario = await as(t, 'mario.rossi');
    const res = await get<EnrichmentDefinitions>(t, mario, '/api/enrichment/definitions');
    expect(res.status).toBe(200);
    const usage = res.body.metadata.find((d) => d.key === 'utilizzo');
    expect(usage).toMatchObject({
      type: 'singleEnum',
      mandatory: true,
      names: { it: 'Utilizzo', fr: 'Utilisation' },
    });
    expect(usage?.options.map((o) => o.value)).toEqual(['interno', 'stampa', 'social']);
    expect(res.body.metadata.find((d) => d.key === 'typology')).toMatchObject({ type: 'multiEnum' });
    expect(res.body.metadata.find((d) => d.key === 'location')).toMatchObject({ mandatory: false });
    expect(Object.keys(res.body)).toEqual(['metadata']);
  });

  it("gives each metadata value of the asset detail its definition's type and name in the language asked", async () => {
    const mario = await as(t, 'mario.rossi');
    const [id] = await contentsIn(t, folders, ['arch04-marketing'], 1, {
      metadata: [
        { key: 'eventdate', value: '2026-03-07' },
        { key: 'opportunity-lead', value: 'true' },
        { key: 'typology', value: 'esterni,dettagli' },
        { key: 'utilizzo', value: 'stampa' },
        { key: 'authorinfo', value: 'Studio Foto Srl' },
        // No definition: key and value only; a hidden key not at all (SPEC §3).
        { key: 'dpi', value: '300' },
        { key: 'fingerprint', value: 'abc' },
      ],
    });
    const detail = async (lang: string) =>
      (await get<AssetDetail>(t, mario, `/api/assets/${id}?lang=${lang}`)).body.metadata;
    const sorted = (entries: AssetDetail['metadata']) =>
      [...entries].sort((a, b) => a.key.localeCompare(b.key));
    expect(sorted(await detail('it'))).toEqual(
      [
        { key: 'authorinfo', value: 'Studio Foto Srl', type: 'string', name: 'Autore' },
        { key: 'dpi', value: '300' },
        { key: 'eventdate', value: '2026-03-07', type: 'instant', name: 'Data evento' },
        { key: 'opportunity-lead', value: 'true', type: 'boolean', name: 'Opportunità' },
        { key: 'typology', value: 'esterni,dettagli', type: 'multiEnum', name: 'Tipologia' },
        { key: 'utilizzo', value: 'stampa', type: 'singleEnum', name: 'Utilizzo' },
        // SPEC §3: each entry says its classification, by which the detail groups them.
      ].map((entry) => ({ classificationId: ENRICHMENT_CLASSIFICATIONS.metadata, ...entry })),
    );
    expect((await detail('fr')).find((m) => m.key === 'eventdate')?.name).toBe("Date de l'événement");
  });

  it('pages the product listing with its cursor until `next` is null', async () => {
    const mario = await as(t, 'mario.rossi');
    const first = await get<ProductPage>(t, mario, '/api/enrichment/products');
    expect(first.status).toBe(200);
    expect(first.body.items.map((p) => p.names.en).sort()).toEqual([
      'City EV',
      'SUV Compatto',
      'Saloon',
      'Spider',
    ]);
    expect(first.body.next).toBeNull();
    expect(first.body.items[0]?.classificationId).toBe(ENRICHMENT_CLASSIFICATIONS.products);

    // More products than a page: 50, then the rest from `next`, each product once.
    await providerDb(t).tagDefinition.createMany({
      data: Array.from({ length: 50 }, (_, i) => ({
        classificationId: ENRICHMENT_CLASSIFICATIONS.products,
        prettyId: `prd-model-${i}`,
        names: [{ lang: 'EN', label: `Model ${i}`, description: '' }],
        searchText: `model ${i}`,
      })),
    });
    const page1 = await get<ProductPage>(t, mario, '/api/enrichment/products');
    expect(page1.body.items).toHaveLength(50);
    expect(page1.body.next).toEqual(expect.any(String));
    const page2 = await get<ProductPage>(
      t,
      mario,
      `/api/enrichment/products?cursor=${encodeURIComponent(page1.body.next!)}`,
    );
    expect(page2.body.items).toHaveLength(4);
    expect(page2.body.next).toBeNull();
    expect(new Set([...page1.body.items, ...page2.body.items].map((p) => p.id)).size).toBe(54);
  });

  it('refuses a malformed cursor with 400 and an observer with its code', async () => {
    const mario = await as(t, 'mario.rossi');
    expect((await get(t, mario, '/api/enrichment/products?cursor=%3Cscript%3E')).status).toBe(400);
    const paola = await as(t, 'paola.neri');
    for (const path of ['/api/enrichment/definitions', '/api/enrichment/products']) {
      const res = await get<{ code: string }>(t, paola, path);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(CODES.NOT_ALLOWED);
    }
  });
});
