import { ENRICHMENT_CLASSIFICATIONS, ERROR_CODES, WORKFLOW_TAGS as TAGS } from '@paddock/rules';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentAtStep,
  contentIn,
  demoProvider,
  userOf,
} from '../../test/support/workflow-factories';
import { systemClock } from '../common/clock';
import { AssetLookupCache } from '../places/listing-cache';
import { PLACES_PROVIDERS } from '../places/places.module';
import { AssetsService } from './assets.service';

let provider: InMemoryProvider;
let assets: AssetsService;
const mario = userOf('mario.rossi');
const anna = userOf('anna.bianchi');
const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;
const namesOf = (contentId: string) => provider.contents.get(contentId)!.locales;

beforeEach(async () => {
  provider = demoProvider();
  const module = await provider.compile([AssetsService, ...PLACES_PROVIDERS]);
  assets = module.get(AssetsService);
});

describe('detail', () => {
  it("with a folder of the asset: its place there and SPEC §6's actions", async () => {
    const c = contentAtStep(provider, 1);
    const detail = await assets.detail(anna, c, 'en', id(FOLDERS.step1));
    expect(detail.place).toMatchObject({ view: 'approver', step: 1 });
    expect(detail.actions).toMatchObject({ accept: true, reject: true, move: false, rename: false });
    expect(detail.workflow.step).toBe(1);
  });

  it('from the approval folder above the steps, the asset’s own step decides', async () => {
    const c = contentIn(provider, [FOLDERS.approval, FOLDERS.step1]);
    const detail = await assets.detail(anna, c, 'en', id(FOLDERS.approval));
    expect(detail.place).toMatchObject({ view: 'approver', step: 1, department: 'marketing' });
    expect(detail.actions?.accept).toBe(true);
  });

  it('the supplier may send a new version of its rejected delivery from the supplier work folder', async () => {
    const c = contentIn(provider, [FOLDERS.supplierWork], { tags: [TAGS.refused], owner: 'foto.studio' });
    const detail = await assets.detail(userOf('foto.studio'), c, 'en', id(FOLDERS.supplierWork));
    expect(detail.place?.view).toBe('supplierSent');
    expect(detail.actions?.updateFile).toBe(true);
  });

  it('without a folder, or from a folder the asset is not in, there is no place', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    expect((await assets.detail(mario, c)).place).toBeUndefined();
    expect((await assets.detail(mario, c, 'en', id(FOLDERS.rejected))).place).toBeUndefined();
  });

  it("its products are the content's product links, not the tags of the products classification", async () => {
    const spider = {
      id: 'prd-spider',
      classificationId: ENRICHMENT_CLASSIFICATIONS.products,
      names: { en: 'Spider' },
      tags: [{ classificationId: ENRICHMENT_CLASSIFICATIONS.products, ids: ['prd-spider'] }],
    };
    const c = contentIn(provider, [FOLDERS.archive]);
    provider.contents
      .get(c)!
      .itags.push({ id: 'prd-berlina', classificationId: ENRICHMENT_CLASSIFICATIONS.products });
    provider.enrichment.catalogue.push(spider);
    provider.enrichment.productLinks.set(c, [spider.id]);
    expect((await assets.detail(mario, c)).products).toEqual([
      { id: spider.id, classificationId: spider.classificationId, names: spider.names },
    ]);
  });

  it('asked again, it is read once until a change is announced, for each person apart', async () => {
    let generation = '1.0';
    const kept = new AssetLookupCache({ generation: () => generation }, systemClock);
    const module = await provider.compile([
      AssetsService,
      ...PLACES_PROVIDERS,
      { provide: AssetLookupCache, useValue: kept },
    ]);
    const service = module.get(AssetsService);
    const c = contentIn(provider, [FOLDERS.archive]);
    const lookups = () => provider.calls.length;
    const first = await service.detail(mario, c);
    const before = lookups();
    expect(await service.detail(mario, c, 'it')).toMatchObject({ id: c, version: first.version });
    expect(lookups()).toBe(before);
    // Another person's rights are their own: a supplier gets no answer kept for mario.
    await expect(service.detail(userOf('foto.studio'), c)).rejects.toMatchObject({
      code: ERROR_CODES.NOT_FOUND,
    });
    expect(lookups()).toBeGreaterThan(before);
    provider.contents.get(c)!.locales = [{ locale: 'EN', name: 'Renamed' }];
    expect((await service.detail(mario, c)).name).not.toBe('Renamed');
    generation = '1.1';
    expect((await service.detail(mario, c)).name).toBe('Renamed');
  });

  it('an asset the user cannot see is NOT_FOUND', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    await expect(assets.detail(userOf('foto.studio'), c)).rejects.toMatchObject({
      code: ERROR_CODES.NOT_FOUND,
    });
  });
});

describe('rename (SPEC §5, §6 "edit name")', () => {
  it('saves the name in IT and EN, updating the locale that exists and adding the missing one, IT first', async () => {
    const c = contentIn(provider, [FOLDERS.archive], { names: { EN: 'old' } });
    const detail = await assets.rename(mario, c, '  Cofano rosso ');
    expect(detail.names).toEqual({ IT: 'Cofano rosso', EN: 'Cofano rosso' });
    expect(provider.calls.filter((x) => x.call.endsWith('Locale')).map((x) => [x.call, x.args[2]])).toEqual([
      ['addLocale', 'IT'],
      ['updateLocale', 'EN'],
    ]);
  });

  it('an empty name is ignored: nothing changes', async () => {
    const c = contentIn(provider, [FOLDERS.archive], { names: { IT: 'a', EN: 'b' } });
    expect((await assets.rename(mario, c, '   ')).names).toEqual({ IT: 'a', EN: 'b' });
    expect(provider.count('updateLocale') + provider.count('addLocale')).toBe(0);
  });

  it.each([
    ['without write on the asset', 'mario.rossi', FOLDERS.internalShared],
    ['in the approver view, even with write there', 'anna.bianchi', FOLDERS.step1],
    ['received from a supplier, even with write there', 'mario.rossi', FOLDERS.supplierWork],
  ] as const)('is forbidden %s', async (_, user, folder) => {
    if (folder === FOLDERS.supplierWork)
      provider.folderByPrettyId(folder).acl.set('L/MARKETING', { write: true });
    const c = contentIn(provider, [folder], { names: { IT: 'a', EN: 'b' } });
    await expect(assets.rename(userOf(user), c, 'nuovo')).rejects.toMatchObject({
      code: ERROR_CODES.FORBIDDEN,
    });
    expect(namesOf(c)).toEqual([
      { locale: 'IT', name: 'a' },
      { locale: 'EN', name: 'b' },
    ]);
  });

  it('asked from a folder, that folder decides; without one, any folder of the asset that allows it', async () => {
    const c = contentIn(provider, [FOLDERS.step1, FOLDERS.archive], { names: { IT: 'a', EN: 'b' } });
    await expect(assets.rename(anna, c, 'nuovo', 'en', id(FOLDERS.step1))).rejects.toMatchObject({
      code: ERROR_CODES.FORBIDDEN,
    });
    expect((await assets.rename(anna, c, 'nuovo')).names).toEqual({ IT: 'nuovo', EN: 'nuovo' });
  });

  it('a refused step answers its own E-code (SPEC §8: E067 for the IT update)', async () => {
    const c = contentIn(provider, [FOLDERS.archive], { names: { IT: 'a', EN: 'b' } });
    provider.fail('updateLocale', 'E067');
    await expect(assets.rename(mario, c, 'nuovo')).rejects.toMatchObject({ code: 'E067' });
  });
});

describe('bytes', () => {
  it('a thumbnail or preview not made yet is the placeholder of the asset type', async () => {
    const c = contentIn(provider, [FOLDERS.archive], { contentType: 'VIDEO' });
    provider.fail('stream', ERROR_CODES.NOT_FOUND, { times: 2 });
    expect(await assets.bytes(mario, c, 'thumbnail', {})).toEqual({ placeholder: 'VIDEO' });
    expect(await assets.bytes(mario, c, 'preview', {})).toEqual({ placeholder: 'VIDEO' });
  });

  it('a missing original is NOT_FOUND, never a placeholder', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    provider.fail('stream', ERROR_CODES.NOT_FOUND);
    await expect(assets.bytes(mario, c, 'original', {})).rejects.toMatchObject({
      code: ERROR_CODES.NOT_FOUND,
    });
  });

  it('no placeholder for an asset the user cannot see', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    await expect(assets.bytes(userOf('foto.studio'), c, 'thumbnail', {})).rejects.toMatchObject({
      code: ERROR_CODES.NOT_FOUND,
    });
  });
});
