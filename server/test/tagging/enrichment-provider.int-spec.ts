import { ENRICHMENT_CLASSIFICATIONS } from '@paddock/rules';
import axios from 'axios';
import { HttpEnrichmentGateway } from '../../src/provider/enrichment.gateway';
import { HttpProviderGateway, createProviderHttp } from '../../src/provider/http-provider.gateway';
import {
  DEMO_ENRICHMENT_TAGS,
  DEMO_METADATA_DEFINITIONS,
  DemoEnrichmentSeeder,
} from '../../src/seed/demo-enrichment';
import { FOLDER_PASSWORD, seedUser } from '../folders/folder-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { CLASSIFICATION, seedTaggingWorld } from './tagging-fixtures';

/**
 * Issue 13 on the built-in provider: imetadatadefinition/list, imetadata insert / update / multi
 * targets, itag bulk insert and remove on one content, tag fetch by ids — each with THRON's ACL:
 * a caller without `write` on the content is refused and nothing changes; the workflow's reserved
 * tags and keys stay the service account's.
 */
describe('built-in provider: enrichment calls and their ACLs', () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof seedTaggingWorld>>;
  let writer: string;
  const call = (path: string, token: string, data: unknown) =>
    axios.post(`${t.config.providerUrl}/xintelligence/resources/${path}`, data, {
      headers: { 'X-TOKENID': token },
      validateStatus: () => true,
    });
  const targets = (ids: string[]) => ids.map((id) => ({ id, entityType: 'CONTENT' }));
  const values = (key: string) =>
    world.prisma.contentMetadata.findMany({
      where: { key },
      orderBy: { contentId: 'asc' },
      select: { contentId: true, value: true },
    });

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedTaggingWorld(t, 4);
    await new DemoEnrichmentSeeder(world.prisma).run();
    // A user who writes in the folder but is not the service account.
    await seedUser(t, 'writer.user', ['EDITORS']);
    const identity = new HttpProviderGateway(createProviderHttp(t.config.providerUrl), {
      CLIENT_ID: t.config.CLIENT_ID,
    });
    writer = (await identity.login('writer.user', FOLDER_PASSWORD)).token;
  });
  afterAll(() => t.close());

  it('lists the demo definitions by key, in THRON shape, with the mandatory constraint and options', async () => {
    const all = await call(
      `imetadatadefinition/list/paddock/${ENRICHMENT_CLASSIFICATIONS.metadata}`,
      world.tokens.reader,
      {},
    );
    expect(all.status).toBe(200);
    expect(all.data.totalResults).toBe(DEMO_METADATA_DEFINITIONS.length);
    const some = await call(
      `imetadatadefinition/list/paddock/${ENRICHMENT_CLASSIFICATIONS.metadata}`,
      world.tokens.reader,
      {
        criteria: { keys: ['utilizzo', 'vin-1'] },
      },
    );
    expect(some.data.items).toEqual([
      expect.objectContaining({
        key: 'utilizzo',
        metadataType: 'ALTERNATIVE_S',
        constraints: expect.objectContaining({ alternativeSConstraint: { mandatory: true } }),
        options: {
          alternativeSOption: {
            values: expect.arrayContaining([
              { value: 'stampa', selected: false, lang: 'EN', label: 'Press' },
            ]),
          },
        },
      }),
      expect.objectContaining({
        key: 'vin-1',
        metadataType: 'STRING',
        constraints: expect.objectContaining({ stringConstraint: { mandatory: false } }),
      }),
    ]);
    const elsewhere = await call('imetadatadefinition/list/paddock/zzzzzz', world.tokens.reader, {});
    expect(elsewhere.data).toMatchObject({ items: [], totalResults: 0 });
  });

  it('fetches tags by ids and prettyIds, leaving unknown ones out', async () => {
    const spider = await world.prisma.tagDefinition.findUniqueOrThrow({ where: { prettyId: 'prd-spider' } });
    const res = await call(
      `itagdefinition/list/paddock/${ENRICHMENT_CLASSIFICATIONS.products}`,
      world.tokens.reader,
      {
        criteria: { ids: [spider.id, 'prd-berlina', 'nope', 'tag-exterior'] },
      },
    );
    expect(res.status).toBe(200);
    expect(res.data.items.map((i: { prettyId: string }) => i.prettyId).sort()).toEqual([
      'prd-berlina',
      'prd-spider',
    ]);
    expect(DEMO_ENRICHMENT_TAGS.length).toBeGreaterThan(5);
  });

  it("lists a classification's tags a page at a time when no ids are given", async () => {
    const url = `itagdefinition/list/paddock/${ENRICHMENT_CLASSIFICATIONS.products}`;
    const first = await call(url, world.tokens.reader, { limit: 3 });
    const rest = await call(url, world.tokens.reader, { limit: 3, offset: 3 });
    expect(first.status).toBe(200);
    const products = DEMO_ENRICHMENT_TAGS.filter(
      (t) => t.classificationId === ENRICHMENT_CLASSIFICATIONS.products,
    );
    expect(first.data.totalResults).toBe(products.length);
    const listed = [...first.data.items, ...rest.data.items].map((i: { prettyId: string }) => i.prettyId);
    expect(listed.sort()).toEqual(products.map((p) => p.prettyId).sort());
  });

  it('bulkInsertMultiTargets: a reader is refused and nothing changes; a writer sets the value once per content', async () => {
    const body = {
      value: { imetadata: { key: 'vin-1', value: 'ZFA31200000123456' }, targets: targets(world.contentIds) },
    };
    const refused = await call(
      `imetadata/bulkInsertMultiTargets/paddock/${CLASSIFICATION}`,
      world.tokens.reader,
      body,
    );
    expect(refused.status).toBe(418);
    expect(refused.data.resultCode).toBe('ACCESS_DENIED');
    expect(await values('vin-1')).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const done = await call(`imetadata/bulkInsertMultiTargets/paddock/${CLASSIFICATION}`, writer, body);
      expect(done.status).toBe(200);
      expect(done.data).toMatchObject({ resultCode: 'OK', targetsInIssue: [] });
    }
    // Twice the same call: still one value per content.
    expect(await values('vin-1')).toHaveLength(world.contentIds.length);

    const removeRefused = await call(
      `imetadata/bulkRemoveMultiTargets/paddock/${CLASSIFICATION}`,
      world.tokens.reader,
      {
        value: { imetadata: { key: 'vin-1' }, targets: targets(world.contentIds.slice(0, 2)) },
      },
    );
    expect(removeRefused.status).toBe(418);
    expect(await values('vin-1')).toHaveLength(world.contentIds.length);
    const removed = await call(`imetadata/bulkRemoveMultiTargets/paddock/${CLASSIFICATION}`, writer, {
      value: { imetadata: { key: 'vin-1' }, targets: targets(world.contentIds.slice(0, 2)) },
    });
    expect(removed.status).toBe(200);
    expect(await values('vin-1')).toHaveLength(world.contentIds.length - 2);
  });

  it('lists an unknown content in targetsInIssue and changes the others', async () => {
    const res = await call(`imetadata/bulkInsertMultiTargets/paddock/${CLASSIFICATION}`, writer, {
      value: {
        imetadata: { key: 'location', value: 'Torino' },
        targets: targets([world.contentIds[0]!, '00000000-0000-4000-8000-000000000000']),
      },
    });
    expect(res.data.targetsInIssue).toEqual([
      { id: '00000000-0000-4000-8000-000000000000', entityType: 'CONTENT' },
    ]);
    expect(await values('location')).toEqual([{ contentId: world.contentIds[0], value: 'Torino' }]);
  });

  it('keeps the workflow keys the service account’s, for a writer too', async () => {
    const res = await call(`imetadata/bulkInsertMultiTargets/paddock/${CLASSIFICATION}`, writer, {
      value: { imetadata: { key: 'accepted_by', value: 'writer.user' }, targets: targets(world.contentIds) },
    });
    expect(res.status).toBe(418);
    expect(await values('accepted_by')).toEqual([]);
  });

  it('imetadata/insert refuses a key already there (KEY_ALREADY_DEFINED); update replaces it', async () => {
    const target = { id: world.contentIds[3], entityType: 'CONTENT' };
    const first = await call(`imetadata/insert/paddock/${CLASSIFICATION}`, writer, {
      imetadata: { key: 'bodycolor', value: 'Rosso' },
      target,
    });
    expect(first.status).toBe(200);
    const again = await call(`imetadata/insert/paddock/${CLASSIFICATION}`, writer, {
      imetadata: { key: 'bodycolor', value: 'Blu' },
      target,
    });
    expect(again.status).toBe(418);
    expect(again.data.resultCode).toBe('KEY_ALREADY_DEFINED');
    const byReader = await call(`imetadata/update/paddock/${CLASSIFICATION}`, world.tokens.reader, {
      imetadata: { key: 'bodycolor', value: 'Nero' },
      target,
    });
    expect(byReader.status).toBe(418);
    expect(await values('bodycolor')).toEqual([{ contentId: world.contentIds[3], value: 'Rosso' }]);
    const updated = await call(`imetadata/update/paddock/${CLASSIFICATION}`, writer, {
      imetadata: { key: 'bodycolor', value: 'Blu' },
      target,
    });
    expect(updated.status).toBe(200);
    expect(await values('bodycolor')).toEqual([{ contentId: world.contentIds[3], value: 'Blu' }]);
  });

  it('itag/bulkInsert and bulkRemove on one content: all tags checked first, a reserved one refuses the call', async () => {
    const classification = ENRICHMENT_CLASSIFICATIONS.products;
    const target = { id: world.contentIds[1], entityType: 'CONTENT' };
    const tagsOf = () =>
      world.prisma.contentTag
        .findMany({ where: { contentId: world.contentIds[1] }, include: { tag: true } })
        .then((rows) => rows.map((r) => r.tag.prettyId).sort());

    const byReader = await call(`itag/bulkInsert/paddock/${classification}`, world.tokens.reader, {
      value: { tagIds: [{ id: 'prd-spider' }], target },
    });
    expect(byReader.status).toBe(418);
    expect(await tagsOf()).toEqual([]);

    const wrongClass = await call(`itag/bulkInsert/paddock/${classification}`, writer, {
      value: { tagIds: [{ id: 'prd-spider' }, { id: 'wf-accepted' }], target },
    });
    expect(wrongClass.status).toBe(418);
    expect(await tagsOf()).toEqual([]);

    const reserved = await call(`itag/bulkInsert/paddock/${CLASSIFICATION}`, writer, {
      value: { tagIds: [{ id: 'wf-accepted' }], target },
    });
    expect(reserved.data.resultCode).toBe('ACCESS_DENIED');

    const added = await call(`itag/bulkInsert/paddock/${classification}`, writer, {
      value: { tagIds: [{ id: 'prd-spider' }, { id: 'prd-berlina' }], target },
    });
    expect(added.status).toBe(200);
    expect(await tagsOf()).toEqual(['prd-berlina', 'prd-spider']);

    const removed = await call(`itag/bulkRemove/paddock/${classification}`, writer, {
      value: { tagIds: [{ id: 'prd-spider' }], target },
    });
    expect(removed.status).toBe(200);
    expect(await tagsOf()).toEqual(['prd-berlina']);
  });

  it('gives the hub each product with its tags by classification (SPEC §3), through the enrichment gateway', async () => {
    const gateway = new HttpEnrichmentGateway(createProviderHttp(t.config.providerUrl), {
      CLIENT_ID: t.config.CLIENT_ID,
    });
    const page = await gateway.products(world.tokens.reader);
    expect(page.items.length).toBeGreaterThan(0);
    for (const product of page.items)
      expect(product.tags).toEqual([
        { classificationId: ENRICHMENT_CLASSIFICATIONS.products, ids: [product.id] },
      ]);
  });

  it('lists the products a page at a time with paging.next, and a content’s products for a caller who sees it', async () => {
    const get = (path: string, token: string) =>
      axios.get(`${t.config.providerUrl}/productdata/resources/${path}`, {
        headers: { 'X-TOKENID': token },
        validateStatus: () => true,
      });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(
        `products/paddock?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        world.tokens.reader,
      );
      expect(res.status).toBe(200);
      seen.push(...res.data.items.map((p: { prettyId: string }) => p.prettyId));
      cursor = res.data.paging.next;
      pages += 1;
    } while (cursor);
    const products = DEMO_ENRICHMENT_TAGS.filter(
      (d) => d.classificationId === ENRICHMENT_CLASSIFICATIONS.products,
    );
    expect(seen.sort()).toEqual(products.map((p) => p.prettyId).sort());
    expect(pages).toBe(Math.ceil(products.length / 3));

    const byIds = await get('products/paddock?ids=prd-spider,prd-suv,tag-exterior', world.tokens.reader);
    expect(byIds.data.items.map((p: { name: { en: string } }) => p.name.en).sort()).toEqual([
      'SUV Compatto',
      'Spider',
    ]);

    // The content tagged prd-berlina above (itag/bulkInsert test).
    const linked = await get(`contents/paddock/${world.contentIds[1]}/products`, writer);
    expect(linked.data.items.map((p: { prettyId: string }) => p.prettyId)).toEqual(['prd-berlina']);
    const unknown = await get('contents/paddock/00000000-0000-4000-8000-000000000000/products', writer);
    expect(unknown.status).toBe(418);
  });
});
