import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './portal';
import type { AssetDetail } from '@paddock/rules';
import {
  TEXTS,
  atWizardStep,
  folderByCode,
  derivedListing,
  inFreshBrowser,
  itemName,
  keepScreenshot,
  type Lang,
} from './support';

const ENRICHMENT_FOLDER = 'arrc03-marketing';

const inContext = (browser: Browser, lang: Lang, steps: (page: Page) => Promise<void>) =>
  inFreshBrowser(browser, 'mario.rossi', lang, steps);

test('the enrichment wizard: four steps, VIN refused then fixed, copyright, mandatory metadata, a tag, confirmed as a job', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const t = TEXTS.it;
  const e = t.enrichment;
  let assetId = '';
  let otherId = '';
  let folderId = '';

  await inContext(browser, 'it', async (page) => {
    folderId = (await folderByCode(page, ENRICHMENT_FOLDER)).id;
    const listing = await derivedListing(page.request, folderId, undefined, 'it');
    const asset = listing.find((a) => a.name.includes('Da arricchire 1'));
    const other = listing.find((a) => a.name.includes('Da arricchire 2'));
    expect(asset && other, 'the demo assets to enrich').toBeTruthy();
    assetId = asset!.id;
    otherId = other!.id;

    // From the listing: select the asset, then Enrich in the smart bar.
    await page.goto(`/home?folder=${folderId}`);
    await page.getByRole('option', { name: itemName(asset!) }).click();
    await page
      .getByRole('region', { name: t.assets.selection.bar })
      .getByRole('button', { name: e.open })
      .click();
    await atWizardStep(page, 'it', 'product');

    // Step 1: a product, two VIN and plate pairs; a North-American VIN refused for its check digit first.
    await page.getByRole('group', { name: e.product.products }).getByText('Spider', { exact: true }).click();
    const vin1 = page.getByLabel('VIN 1', { exact: true });
    await vin1.fill('1G4AH59H45G118342');
    await expect(page.getByText(e.vin.problems.checkDigit.replace('{{field}}', 'VIN 1'))).toBeVisible();
    await page.getByRole('button', { name: e.next }).click();
    await atWizardStep(page, 'it', 'product');
    await vin1.fill('1G4AH59H45G118341');
    await expect(page.getByText('Costruttore: Buick · anno modello 2005')).toBeVisible();
    await page.getByLabel('Targa 1', { exact: true }).fill(' ab 123 cd ');
    await page.getByRole('button', { name: e.product.addPair }).click();
    await page.getByLabel('VIN 2', { exact: true }).fill('WVWZZZ1KZ8W123456');
    // A European VIN with the filler Z at position 9: only a warning, and its maker from the WMI.
    await expect(page.getByText(/Costruttore: Volkswagen/)).toBeVisible();
    await expect(page.getByText(e.vin.checkDigitWarning)).toBeVisible();
    await page.getByLabel('Targa 2', { exact: true }).fill('M-AB 1234');
    await page.getByLabel('Targa 2', { exact: true }).blur();
    await expect(page.getByLabel('Targa 1', { exact: true })).toHaveValue('AB 123 CD');
    await keepScreenshot(page, 'enrichment-1-product-it');
    await page.getByRole('button', { name: e.next }).click();

    // Step 2: two copyright options; the mandatory metadata is asked for before going on.
    await atWizardStep(page, 'it', 'copyright');
    await page.getByRole('button', { name: /Aggiungi opzione copyright/ }).click();
    await page.getByRole('button', { name: /Aggiungi opzione copyright/ }).click();
    const option1 = page.getByRole('group', { name: 'Opzione copyright 1' });
    await option1.getByLabel(e.copyright.country).selectOption('worldwide');
    const option2 = page.getByRole('group', { name: 'Opzione copyright 2' });
    await option2.getByLabel(e.copyright.kind).selectOption('people');
    await option2.getByText(e.copyright.perpetual, { exact: true }).click();
    await option2.getByLabel(e.copyright.toDate).fill('31/12/2030');
    await page.getByRole('button', { name: e.next }).click();
    await expect(
      page.getByText(t.error.codes.ENRICHMENT_MANDATORY_MISSING.replace('{{field}}', 'Utilizzo')),
    ).toBeVisible();
    await atWizardStep(page, 'it', 'copyright');
    await page.getByLabel(/^Utilizzo/).selectOption('stampa');
    await page.getByLabel(/^Autore/).fill('Studio Foto Srl');
    await keepScreenshot(page, 'enrichment-2-copyright-it');
    await page.getByRole('button', { name: e.next }).click();

    // Step 3: a free tag and a metadata value.
    await atWizardStep(page, 'it', 'tag');
    const freeTags = page.getByRole('group', { name: e.tag.tags });
    await freeTags.getByText('Esterni', { exact: true }).click();
    // The demo's sub-tags (SPEC §3) follow their parent, set in under it.
    const parent = (await freeTags.getByText('Esterni', { exact: true }).boundingBox())!;
    const subTag = (await freeTags.getByText('Frontale', { exact: true }).boundingBox())!;
    expect(subTag.x).toBeGreaterThan(parent.x);
    expect(subTag.y).toBeGreaterThan(parent.y);
    await page.getByLabel(/^Luogo/).fill('Torino');
    await keepScreenshot(page, 'enrichment-3-tag-it');
    await page.getByRole('button', { name: e.next }).click();

    // Step 4: the summary survives a reload (the working state), then confirm: a job with progress.
    await atWizardStep(page, 'it', 'summary');
    await page.reload();
    await atWizardStep(page, 'it', 'summary');
    await expect(page.getByText('VIN 1: 1G4AH59H45G118341 · Targa 1: AB 123 CD')).toBeVisible();
    await expect(page.getByText('Persone · Presente · fino al 31/12/2030')).toBeVisible();
    await keepScreenshot(page, 'enrichment-4-summary-it');
    // Back and forward keep the state too.
    await page.goBack();
    await atWizardStep(page, 'it', 'tag');
    await page.goForward();
    await atWizardStep(page, 'it', 'summary');
    await page.getByRole('button', { name: e.summary.confirm }).click();
    const results = page.getByRole('region', { name: e.summary.results });
    await expect(results.getByText(t.manage.outcomes.done)).toBeVisible({ timeout: 60_000 });
    await expect(
      page.getByText(e.summary.notice_one.replace('{{count}}', '1').replace('{{total}}', '1')),
    ).toBeVisible();
    await keepScreenshot(page, 'enrichment-5-done-it');
    await page.getByRole('button', { name: e.backToListing }).click();
    await expect(page).toHaveURL(new RegExp(`/home\\?.*folder=${folderId}`));

    // What the asset now holds, as the hub reads it from the provider.
    const detail = (await (
      await page.request.get(`/api/assets/${assetId}?lang=it&folderId=${folderId}`)
    ).json()) as AssetDetail;
    const value = (key: string) => detail.metadata.find((m) => m.key === key)?.value;
    expect(value('vin-1')).toBe('1G4AH59H45G118341');
    expect(value('targa-1')).toBe('AB 123 CD');
    expect(value('vin-2')).toBe('WVWZZZ1KZ8W123456');
    expect(value('targa-2')).toBe('M-AB 1234');
    expect(value('landscape-state')).toBe('presente');
    expect(value('landscape-country')).toBe('worldwide');
    expect(value('people-todate')).toBe('2030-12-31');
    expect(value('utilizzo')).toBe('stampa');
    expect(value('authorinfo')).toBe('Studio Foto Srl');
    // SPEC §3 copyright tags with the options: each kind's, and Copyright (rights present).
    expect(detail.tags.map((tag) => tag.label)).toEqual(
      expect.arrayContaining(['Spider', 'Esterni', 'Copyright', 'Paesaggio', 'Persone']),
    );

    // The detail modal's tag action opens the wizard on that asset alone (detail mode).
    await page.goto(`/home?folder=${folderId}&asset=${otherId}`);
    await page.getByRole('button', { name: t.assetDetail.tag }).click();
    await atWizardStep(page, 'it', 'product');
    await expect(page).toHaveURL(
      new RegExp(`ids=${otherId}.*detail=${otherId}|detail=${otherId}.*ids=${otherId}`),
    );
  });

  // The steps in English (screenshots), on the other asset, without confirming: each step left is
  // saved as mario's draft of that selection.
  await inContext(browser, 'en', async (page) => {
    const l = TEXTS.en.enrichment;
    await page.goto(`/product?folder=${folderId}&ids=${otherId}`);
    await atWizardStep(page, 'en', 'product');
    await page.getByLabel('VIN 1', { exact: true }).fill('ZFA31200000123456');
    await page.getByLabel('Plate 1', { exact: true }).fill('AB123CD');
    await keepScreenshot(page, 'enrichment-1-product-en');
    await page.getByRole('button', { name: l.next }).click();
    await atWizardStep(page, 'en', 'copyright');
    await page.getByRole('button', { name: new RegExp(l.copyright.add.split(' (')[0]!) }).click();
    await page.getByRole('button', { name: l.next }).click();
    await keepScreenshot(page, 'enrichment-2-copyright-en');
    await page.getByLabel(/^Usage/).selectOption('interno');
    await page.getByLabel(/^Author/).fill('Paddock');
    await page.getByRole('button', { name: l.next }).click();
    await atWizardStep(page, 'en', 'tag');
    await keepScreenshot(page, 'enrichment-3-tag-en');
    await page.getByRole('button', { name: l.next }).click();
    await atWizardStep(page, 'en', 'summary');
    await keepScreenshot(page, 'enrichment-4-summary-en');
    await expect
      .poll(async () => {
        const draft = await page.request.get(`/api/enrichment/draft?folderId=${folderId}&ids=${otherId}`);
        return JSON.stringify(await draft.json());
      })
      .toContain('ZFA31200000123456');
  });

  // French, in another browser: the wizard starts from that draft (the working state is the user's,
  // not the tab's), so every step shows what was entered in English.
  await inContext(browser, 'fr', async (page) => {
    const l = TEXTS.fr.enrichment;
    await page.goto(`/product?folder=${folderId}&ids=${otherId}`);
    await atWizardStep(page, 'fr', 'product');
    await expect(page.getByLabel('VIN 1', { exact: true })).toHaveValue('ZFA31200000123456');
    await expect(page.getByLabel('Plaque 1', { exact: true })).toHaveValue('AB123CD');
    await keepScreenshot(page, 'enrichment-1-product-fr');
    await page.getByRole('button', { name: l.next }).click();
    await atWizardStep(page, 'fr', 'copyright');
    await expect(page.getByLabel(/^Utilisation/)).toHaveValue('interno');
    await expect(page.getByLabel(/^Auteur/)).toHaveValue('Paddock');
    await keepScreenshot(page, 'enrichment-2-copyright-fr');
    await page.getByRole('button', { name: l.next }).click();
    await atWizardStep(page, 'fr', 'tag');
    await keepScreenshot(page, 'enrichment-3-tag-fr');
    await page.getByRole('button', { name: l.next }).click();
    await atWizardStep(page, 'fr', 'summary');
    await expect(page.getByText('VIN 1 : ZFA31200000123456 · Plaque 1 : AB123CD')).toBeVisible();
    await keepScreenshot(page, 'enrichment-4-summary-fr');
  });

  // The detail names the copyright tags the options applied in each interface language, in the
  // copyright classification's own group (SPEC §3: tags grouped by classification).
  const COPYRIGHT_TAGS: Record<Lang, string[]> = {
    it: ['Copyright', 'Paesaggio', 'Persone'],
    en: ['Copyright', 'Landscape', 'People'],
    fr: ['Copyright', 'Paysage', 'Personnes'],
  };
  for (const lang of ['it', 'en', 'fr'] as const)
    await inContext(browser, lang, async (page) => {
      const d = TEXTS[lang].assetDetail;
      await page.goto(`/home?folder=${folderId}&asset=${assetId}`);
      const tags = page
        .getByRole('region', { name: d.info.title })
        .getByRole('list', { name: TEXTS[lang].classifications.joc5rg, exact: true });
      for (const name of COPYRIGHT_TAGS[lang])
        await expect(tags.getByRole('listitem').filter({ hasText: new RegExp(`^${name}$`) })).toBeVisible();
      await tags.scrollIntoViewIfNeeded();
      await keepScreenshot(page, `enrichment-copyright-tags-${lang}`);
    });
});
