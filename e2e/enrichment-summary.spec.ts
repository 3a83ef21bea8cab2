import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { AssetDetail, FolderNode } from '@paddock/rules';
import { TEXTS, derivedListing, keepScreenshot, signIn, type Lang } from './support';

const ENRICHMENT_FOLDER = 'arrc03-marketing';
const STRONG = 'Spider-1966-Press#Kit';
const RECORD_TITLE = 'Archivio di prodotto - Rif: SF-000077';
const MANDATORY = [
  { key: 'utilizzo', value: 'stampa' },
  { key: 'authorinfo', value: 'Studio Foto Srl' },
];

async function enrichmentFolderId(request: APIRequestContext): Promise<string> {
  const tree = (await (await request.get('/api/folders/tree?lang=it')).json()) as { roots: FolderNode[] };
  const find = (nodes: FolderNode[]): FolderNode | undefined =>
    nodes.map((n) => (n.prettyId === ENRICHMENT_FOLDER ? n : find(n.children ?? []))).find(Boolean);
  return find(tree.roots)!.id;
}

async function inContext(browser: Browser, lang: Lang, steps: (page: Page) => Promise<void>) {
  const context = await browser.newContext({
    locale: lang === 'it' ? 'it-IT' : lang === 'fr' ? 'fr-FR' : 'en-GB',
  });
  const page = await context.newPage();
  try {
    await signIn(page, 'mario.rossi', lang);
    await steps(page);
  } finally {
    await context.close();
  }
}

/** Enriches through the hub as the signed-in user (data made through the API) and waits for the job. */
async function enrichByApi(request: APIRequestContext, body: object) {
  const res = await request.post('/api/enrichment', { data: body });
  expect(res.status(), await res.text()).toBe(202);
  const { jobId } = (await res.json()) as { jobId: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/jobs/${jobId}`)).json()) as { state: string }).state, {
      timeout: 60_000,
    })
    .toBe('completed');
}

async function metadataOf(request: APIRequestContext, id: string, folderId: string) {
  const detail = (await (
    await request.get(`/api/assets/${id}?lang=it&folderId=${folderId}`)
  ).json()) as AssetDetail;
  return Object.fromEntries(detail.metadata.map((m) => [m.key, m.value]));
}

test('overwrite warning: two assets with other VINs and copyright — declining changes nothing, proceeding writes both', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const t = TEXTS.it;
  const e = t.enrichment;
  await inContext(browser, 'it', async (page) => {
    const folderId = await enrichmentFolderId(page.request);
    const listing = await derivedListing(page.request, folderId, undefined, 'it');
    const a = listing.find((x) => x.name.includes('Dettaglio cerchi'))!;
    const b = listing.find((x) => x.name.includes('Scheda tecnica'))!;
    expect(a && b, 'two demo assets to enrich').toBeTruthy();
    // Each holds its own VIN, plate and copyright.
    await enrichByApi(page.request, {
      contentIds: [a.id],
      folderId,
      vinTarga: [{ vin: '1G4AH59H45G118341', targa: 'AA111AA' }],
      copyright: [{ kind: 'landscape', state: 'presente', country: 'worldwide', perpetual: true }],
      metadata: MANDATORY,
    });
    await enrichByApi(page.request, {
      contentIds: [b.id],
      folderId,
      vinTarga: [{ vin: 'KM8K2CAB4PU001140', targa: 'BB222BB' }],
      copyright: [{ kind: 'people', state: 'assente', perpetual: true }],
      metadata: MANDATORY,
    });

    const enterNewValues = async () => {
      await page.goto(`/product?folder=${folderId}&ids=${a.id},${b.id}`);
      await page.getByLabel('VIN 1', { exact: true }).fill('WVWZZZ1KZ8W123456');
      await page.getByLabel('Targa 1', { exact: true }).fill('CC333CC');
      await page.getByRole('button', { name: e.next }).click();
      await expect(page).toHaveURL(/\/copyright\?/);
      await page.getByRole('button', { name: /Aggiungi opzione copyright/ }).click();
      await page
        .getByRole('group', { name: 'Opzione copyright 1' })
        .getByLabel(e.copyright.country)
        .selectOption('worldwide');
      await page.getByRole('button', { name: e.next }).click();
      await expect(page).toHaveURL(/\/tag\?/);
      await page.getByRole('button', { name: e.next }).click();
      await expect(page).toHaveURL(/\/summary\?/);
      await expect(page.getByRole('alert').filter({ hasText: e.summary.overwriteTitle })).toBeVisible();
      await page.getByRole('button', { name: e.summary.confirm, exact: true }).click();
      return page.getByRole('dialog', { name: e.summary.overwriteTitle });
    };

    // Declining: the question closes, nothing is sent, both assets keep their values.
    let question = await enterNewValues();
    await expect(question.getByText(e.summary.overwriteQuestion)).toBeVisible();
    await keepScreenshot(page, 'enrichment-overwrite-question-it');
    await question.getByRole('button', { name: t.workflow.cancel, exact: true }).click();
    await expect(question).toBeHidden();
    expect(await metadataOf(page.request, a.id, folderId)).toMatchObject({
      'vin-1': '1G4AH59H45G118341',
      'targa-1': 'AA111AA',
      'landscape-country': 'worldwide',
    });
    expect(await metadataOf(page.request, b.id, folderId)).toMatchObject({
      'vin-1': 'KM8K2CAB4PU001140',
      'targa-1': 'BB222BB',
      'people-state': 'assente',
    });

    // Proceeding: one job, both assets read back with the new values.
    await page.getByRole('button', { name: e.summary.confirm, exact: true }).click();
    question = page.getByRole('dialog', { name: e.summary.overwriteTitle });
    await question.getByRole('button', { name: e.summary.proceed, exact: true }).click();
    const results = page.getByRole('region', { name: e.summary.results });
    await expect(results.getByText(t.manage.outcomes.done)).toHaveCount(2, { timeout: 60_000 });
    for (const id of [a.id, b.id]) {
      const meta = await metadataOf(page.request, id, folderId);
      expect(meta).toMatchObject({
        'vin-1': 'WVWZZZ1KZ8W123456',
        'targa-1': 'CC333CC',
        'landscape-state': 'presente',
        'landscape-country': 'worldwide',
      });
      // The copyright block was replaced as a whole: the other asset's people option is gone.
      expect(meta['people-state']).toBeUndefined();
    }
  });
});

test('share and publish in the summary: the registry record, a link share, the record published (IT), screenshots EN/FR', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  let folderId = '';
  let assetId = '';
  await inContext(browser, 'it', async (page) => {
    const t = TEXTS.it;
    const s = t.enrichment.share;
    folderId = await enrichmentFolderId(page.request);
    const listing = await derivedListing(page.request, folderId, undefined, 'it');
    assetId = listing.find((x) => x.name.includes('Dettaglio cerchi'))!.id;
    await enrichByApi(page.request, { contentIds: [assetId], folderId, metadata: MANDATORY });

    await page.goto(`/tag?folder=${folderId}&ids=${assetId}`);
    await page
      .getByRole('group', { name: t.enrichment.tag.tags })
      .getByText('Interni', { exact: true })
      .click();
    await page.getByRole('button', { name: t.enrichment.next }).click();
    await expect(page).toHaveURL(/\/summary\?/);
    const section = page.getByRole('region', { name: s.title });
    await expect(section.getByText(RECORD_TITLE)).toBeVisible();
    await expect(section.getByText(s.notPublished)).toBeVisible();
    await section.getByText(s.option, { exact: true }).click();
    const confirm = page.getByRole('button', { name: t.enrichment.summary.confirm, exact: true });
    await expect(confirm).toBeDisabled();
    await section.locator('input[type="password"]').fill(STRONG);
    await expect(confirm).toBeEnabled();
    await keepScreenshot(page, 'enrichment-4-summary-share-it');
    await confirm.click();

    await expect(page.getByText(s.done.replace('{{title}}', RECORD_TITLE))).toBeVisible({ timeout: 60_000 });
    const link = page.getByRole('textbox', { name: t.sharing.dialog.link });
    await expect(link).toHaveValue(/^https?:\/\//, { timeout: 60_000 });
    await expect(section.getByText(s.published, { exact: true })).toBeVisible();
    await keepScreenshot(page, 'enrichment-5-share-published-it');
    const record = (await (await page.request.get('/api/registry/reg-mkt-adp-spider')).json()) as {
      publishedAt: string | null;
    };
    expect(record.publishedAt).not.toBeNull();
  });

  for (const lang of ['en', 'fr'] as const) {
    await inContext(browser, lang, async (page) => {
      const l = TEXTS[lang].enrichment;
      await page.goto(`/summary?folder=${folderId}&ids=${assetId}`);
      const section = page.getByRole('region', { name: l.share.title });
      await expect(section.getByText(RECORD_TITLE)).toBeVisible();
      await expect(section.getByText(l.share.published, { exact: true })).toBeVisible();
      await section.getByText(l.share.option, { exact: true }).click();
      await expect(section.getByText(l.share.help)).toBeVisible();
      await keepScreenshot(page, `enrichment-4-summary-share-${lang}`);
    });
  }
});
