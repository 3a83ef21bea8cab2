import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import { DERIVATIVES, LAPTOP_SIZES, TEXTS, keepScreenshot, signIn, type Lang } from './support';

/**
 * Issue 12 point 1: one name in the interface language everywhere — the grid, the detail's title,
 * the rename field, the folder tree and breadcrumb, metadata labels and sizes — IT in Italian, EN
 * in English and French (SPEC's asset-facing pair); and a name sort that starts A→Z.
 */

/** A demo asset of MARKETING's archive (server/src/seed/demo-content.ts), by asset locale. */
const ASSET = {
  it: 'Marketing - Spider 1966 di lato.jpg',
  en: 'Marketing - Spider 1966 side view.jpg',
  fr: 'Marketing - Spider 1966 side view.jpg',
};
const ARCHIVE = { it: 'Archivio di reparto', en: 'Department archive', fr: 'Archives du service' };
/** A size in the language's form: a decimal comma in Italian and French, octets (Ko, Mo) in French. */
const SIZE = { it: /^\d+(,\d)? [KM]B$/, en: /^\d+(\.\d)? [KM]B$/, fr: /^\d+(,\d)? [KM]o$/ };

const sizes = LAPTOP_SIZES;

async function screenshots(page: Page, lang: Lang): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await keepScreenshot(page, `daily-names-${lang}-${size.width}x${size.height}`);
  }
  await page.setViewportSize(sizes[0]);
}

for (const lang of ['it', 'en', 'fr'] as Lang[])
  test(`names, folders and metadata read in ${lang.toUpperCase()}`, async ({ page }) => {
    test.setTimeout(DERIVATIVES.timeout + 60_000);
    const t = TEXTS[lang];
    await page.setViewportSize(sizes[0]);
    await signIn(page, 'mario.rossi', lang);

    // The folder tree names the department's special folders in the interface language.
    await page.getByRole('treeitem', { name: 'Marketing' }).click();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('treeitem', { name: ARCHIVE[lang] }).click();
    const listing = page.getByRole('listbox', {
      name: t.assets.listLabel.replace('{{folder}}', ARCHIVE[lang]),
    });
    await expect(listing).toBeVisible();

    // A name sort starts A→Z.
    await page.getByRole('combobox', { name: t.assets.sort.label }).selectOption('name');
    const ascending = t.assets.sort.orderLabel.replace('{{order}}', t.assets.sort.orders.asc);
    await expect(page.getByRole('button', { name: ascending })).toBeVisible();
    const cards = listing.getByRole('option');
    // The previous results stay, dimmed and busy, until the sorted page has loaded.
    await expect(listing).not.toHaveAttribute('aria-busy', 'true');
    await expect(cards.first()).toBeVisible();
    const names = await cards.evaluateAll((options) =>
      options.map((o) => o.getAttribute('aria-label') ?? ''),
    );
    expect(names.length).toBeGreaterThan(2);
    expect([...names].sort((a, b) => a.localeCompare(b, lang, { sensitivity: 'base' }))).toEqual(names);

    // The grid and the detail's title give the same name, in the language's asset locale.
    const card = page.getByRole('option', { name: ASSET[lang] });
    await expect(card).toBeVisible();
    await card.dblclick();
    const detail = page.getByRole('dialog', { name: ASSET[lang] });
    await expect(detail).toBeVisible();

    // Folders in the breadcrumb and the info panel, metadata with labels and units of the language.
    await expect(detail.getByText(ARCHIVE[lang]).first()).toBeVisible();
    const dpi = detail.getByText(t.metadataKeys.dpi, { exact: true });
    await expect(dpi).toBeVisible({ timeout: DERIVATIVES.timeout });
    await expect(dpi.locator('xpath=following-sibling::*[1]')).toHaveText(/^\d+ dpi$/);
    const size = detail.getByText(t.assetDetail.info.size, { exact: true });
    await expect(size.locator('xpath=following-sibling::*[1]')).toHaveText(SIZE[lang]);
    await expect(detail.getByText(/^\d+ × \d+$/)).toHaveCount(1);
    await expect(detail.getByText(/^(size|resolution|dpi)$/)).toHaveCount(0);

    // Rename starts from the name shown, and says it saves the Italian and English name.
    await detail.getByRole('button', { name: t.assetDetail.rename.start }).click();
    const field = detail.getByRole('textbox', { name: t.assetDetail.rename.label });
    await expect(field).toHaveValue(ASSET[lang].replace(/\.jpg$/, ''));
    await expect(detail.getByText(t.assetDetail.rename.hint)).toBeVisible();

    await screenshots(page, lang);
  });
