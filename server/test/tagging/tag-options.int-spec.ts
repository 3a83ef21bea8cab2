import {
  ENRICHMENT_CLASSIFICATIONS,
  type AssetDetail,
  type TagOption,
  type TagOptionsResponse,
} from '@paddock/rules';
import type { SignedIn } from '../auth/auth-fixtures';
import { startEnrichmentWorld } from '../enrichment/enrichment-fixtures';
import type { TestApp } from '../support/test-app';
import { contentsIn, finished, get, post } from '../workflow/workflow-fixtures';

const ENRICHMENT = 'arrc03-marketing';

/** The smart bar's tag picker (`GET /api/tags/definitions`) and a bulk add of what it offers. */
describe('tag options', () => {
  let t: TestApp;
  let folders: Map<string, string>;
  let mario: SignedIn;

  beforeAll(async () => {
    ({ t, folders, mario } = await startEnrichmentWorld());
  });
  afterAll(() => t?.close());

  const options = async (lang: string) => {
    const res = await get<TagOptionsResponse>(t, mario, `/api/tags/definitions?lang=${lang}`);
    expect(res.status).toBe(200);
    return res.body.items;
  };
  const find = (items: TagOption[], label: string) => items.find((i) => i.label === label);

  it('lists the product and free tags named in the asked language, not the copyright ones', async () => {
    const fr = await options('fr');
    expect(find(fr, 'Berline')?.classificationId).toBe(ENRICHMENT_CLASSIFICATIONS.products);
    expect(find(fr, 'Extérieur')?.classificationId).toBe(ENRICHMENT_CLASSIFICATIONS.tags);
    expect(fr.some((i) => i.classificationId === ENRICHMENT_CLASSIFICATIONS.copyright)).toBe(false);
    const en = await options('en');
    expect(find(en, 'Saloon')?.id).toBe(find(fr, 'Berline')?.id);
  });

  it('serves the wizard’s free tags too: every name by language, the same in any asked language', async () => {
    const free = (items: TagOption[]) =>
      items.filter((i) => i.classificationId === ENRICHMENT_CLASSIFICATIONS.tags);
    const it = free(await options('it'));
    expect(
      it
        .filter((tag) => !tag.parentId)
        .map((tag) => tag.names.en)
        .sort(),
    ).toEqual(['Event', 'Exterior', 'Interior']);
    // The demo's sub-tags (SPEC §3) each name their parent, as the picker nests them.
    const under = (parent: string) =>
      it
        .filter((tag) => tag.parentId === find(it, parent)?.id)
        .map((tag) => tag.names.en)
        .sort();
    expect(under('Esterni')).toEqual(['Front', 'Rear', 'Side']);
    expect(under('Interni')).toEqual(['Dashboard', 'Seats']);
    expect(under('Evento')).toEqual([]);
    expect(find(it, 'Esterni')?.names).toMatchObject({ it: 'Esterni', en: 'Exterior', fr: 'Extérieur' });
    expect(free(await options('en')).map((tag) => tag.names)).toEqual(
      expect.arrayContaining(it.map((tag) => tag.names)),
    );
  });

  it('refuses a visitor and an unknown language', async () => {
    expect((await fetch(`${t.url}/api/tags/definitions`)).status).toBe(401);
    expect((await get(t, mario, '/api/tags/definitions?lang=xx')).status).toBe(400);
  });

  it('bulk adds two picked tags to three assets; each detail then names them', async () => {
    const it = await options('it');
    const picked = [find(it, 'Spider')!, find(it, 'Evento')!];
    const ids = await contentsIn(t, folders, [ENRICHMENT], 3);
    const res = await post<{ jobId: string }>(t, mario, '/api/tags/bulk', {
      contentIds: ids,
      folderId: folders.get(ENRICHMENT),
      action: 'add',
      tags: picked.map(({ id, classificationId }) => ({ id, classificationId })),
    });
    expect(res.status).toBe(202);
    expect((await finished(t, mario, res.body.jobId)).state).toBe('completed');
    for (const id of ids) {
      const detail = await get<AssetDetail>(t, mario, `/api/assets/${id}?lang=it`);
      expect(detail.body.tags.map((tag) => tag.label).sort()).toEqual(['Evento', 'Spider']);
    }
  });
});
