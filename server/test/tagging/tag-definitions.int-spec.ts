import axios from 'axios';
import { HttpEnrichmentGateway } from '../../src/provider/enrichment.gateway';
import { createProviderHttp } from '../../src/provider/http-provider.gateway';
import { startTestApp, type TestApp } from '../support/test-app';
import { CLASSIFICATION, seedTaggingWorld, taggingGateway } from './tagging-fixtures';

/** SPEC §7 itagdefinition/insert and detail on the built-in provider; a new tag is then usable and searchable. */
describe('built-in provider tag definitions', () => {
  let t: TestApp;
  let world: Awaited<ReturnType<typeof seedTaggingWorld>>;
  const call = (method: 'get' | 'post', path: string, token: string, data?: unknown) =>
    axios.request({
      method,
      url: `${t.config.providerUrl}/xintelligence/resources/itagdefinition/${path}`,
      headers: { 'X-TOKENID': token },
      data,
      validateStatus: () => true,
    });

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedTaggingWorld(t, 3);
  });
  afterAll(() => t.close());

  it('defines a tag, answers its item by id and by prettyId, and the tag can be put on contents', async () => {
    const inserted = await call('post', `insert/paddock/${CLASSIFICATION}`, world.tokens.editor, {
      value: {
        names: [
          { lang: 'en', label: 'Mille Miglia' },
          { lang: 'it', label: 'Mille Miglia' },
        ],
        prettyId: 'mm-2026',
        categorized: false,
      },
    });
    expect(inserted.status).toBe(200);
    expect(inserted.data).toMatchObject({
      resultCode: 'OK',
      item: { prettyId: 'mm-2026', classificationId: CLASSIFICATION },
    });
    const id = (inserted.data as { item: { id: string } }).item.id;

    for (const key of [id, 'mm-2026']) {
      const detail = await call('get', `detail/paddock/${CLASSIFICATION}/${key}`, world.tokens.reader);
      expect(detail.status).toBe(200);
      expect(detail.data).toMatchObject({
        item: {
          id,
          names: [
            { lang: 'EN', label: 'Mille Miglia' },
            { lang: 'IT', label: 'Mille Miglia' },
          ],
        },
      });
    }

    await taggingGateway(t).gateway.addTags(world.tokens.editor, world.contentIds, [id], CLASSIFICATION);
    const tagged = await world.prisma.contentTag.count({ where: { tagId: id } });
    expect(tagged).toBe(world.contentIds.length);
    const definition = await world.prisma.tagDefinition.findUniqueOrThrow({ where: { id } });
    expect(definition.searchText).toBe('mille miglia mille miglia');
  });

  it('defines a sub-tag under a tag of its classification, listed with its parent (SPEC §3 sub-tags)', async () => {
    const define = (label: string, parentId?: string, classification = CLASSIFICATION) =>
      call('post', `insert/paddock/${classification}`, world.tokens.editor, {
        value: { names: [{ lang: 'IT', label }], categorized: false, ...(parentId ? { parentId } : {}) },
      });
    const parent = (await define('Esterni')).data as { item: { id: string } };
    const child = await define('Frontale', parent.item.id);
    expect(child.status).toBe(200);
    expect(child.data).toMatchObject({ item: { parentId: parent.item.id, subNodeIds: [] } });
    const childId = (child.data as { item: { id: string } }).item.id;
    const detail = await call(
      'get',
      `detail/paddock/${CLASSIFICATION}/${parent.item.id}`,
      world.tokens.reader,
    );
    expect(detail.data).toMatchObject({ item: { parentId: null, subNodeIds: [childId] } });
    // The hub reads the hierarchy through its gateway, as the tag picker gets it.
    const http = createProviderHttp(t.config.providerUrl);
    const enrichment = new HttpEnrichmentGateway(http, { CLIENT_ID: t.config.CLIENT_ID });
    const tags = await enrichment.tagsOf(world.tokens.reader, CLASSIFICATION);
    expect(tags.find((tag) => tag.id === childId)).toMatchObject({ parentId: parent.item.id });
    expect(tags.find((tag) => tag.id === parent.item.id)).toMatchObject({ parentId: null });

    // A parent that does not exist, or of another classification, creates nothing.
    const before = await world.prisma.tagDefinition.count();
    const unknown = await define('Orfano', '00000000-0000-4000-8000-000000000001');
    expect([unknown.status, unknown.data]).toEqual([
      418,
      expect.objectContaining({ resultCode: 'ITAG_NOT_FOUND' }),
    ]);
    const elsewhere = await define('Altrove', parent.item.id, 'dmuyud');
    expect(elsewhere.data).toMatchObject({ resultCode: 'ITAG_NOT_FOUND' });
    const malformed = await define('Rotto', 'not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(await world.prisma.tagDefinition.count()).toBe(before);
  });

  it('refuses a taken prettyId, a reserved one, an empty label, an unknown tag, a wrong classification and a dead token', async () => {
    const before = await world.prisma.tagDefinition.count();
    const taken = await call('post', `insert/paddock/${CLASSIFICATION}`, world.tokens.editor, {
      value: { names: [{ lang: 'EN', label: 'Again' }], prettyId: 'mm-2026' },
    });
    expect(taken.status).toBe(418);
    expect(taken.data).toMatchObject({ resultCode: 'ITAG_ALREADY_DEFINED' });
    // The workflow's tags exist from the start: not even the service account defines another.
    const reserved = await call('post', `insert/paddock/${CLASSIFICATION}`, world.tokens.editor, {
      value: { names: [{ lang: 'EN', label: 'Accepted again' }], prettyId: 'wf-accepted' },
    });
    expect(reserved.data).toMatchObject({ resultCode: 'ACCESS_DENIED' });
    const empty = await call('post', `insert/paddock/${CLASSIFICATION}`, world.tokens.editor, {
      value: { names: [{ lang: 'EN', label: '  ' }] },
    });
    expect(empty.status).toBe(400);
    const dead = await call('post', `insert/paddock/${CLASSIFICATION}`, 'not-a-token', {
      value: { names: [{ lang: 'EN', label: 'Nope' }] },
    });
    expect(dead.status).not.toBe(200);
    expect(await world.prisma.tagDefinition.count()).toBe(before);

    const unknown = await call('get', `detail/paddock/${CLASSIFICATION}/no-such-tag`, world.tokens.reader);
    expect(unknown.data).toMatchObject({ resultCode: 'ITAG_NOT_FOUND' });
    const elsewhere = await call('get', `detail/paddock/${CLASSIFICATION}/other-class`, world.tokens.reader);
    expect(elsewhere.data).toMatchObject({ resultCode: 'CLASSIFICATION_NOT_FOUND' });
  });
});
