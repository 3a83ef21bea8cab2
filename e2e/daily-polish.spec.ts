import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './portal';
import {
  LAPTOP_SIZES,
  TEXTS,
  as,
  asInFolder,
  jpeg,
  keepScreenshot,
  selectionBar,
  uploadFiles,
  type Lang,
} from './support';

/** Issue 23, point 10: the small things users saw, at both laptop sizes. */

const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

const cards = (page: Page) => page.getByRole('listbox').getByRole('option');

for (const [size, lang] of [
  [LAPTOP_SIZES[0], 'it'],
  [LAPTOP_SIZES[1], 'fr'],
  [LAPTOP_SIZES[1], 'en'],
] as const satisfies readonly (readonly [(typeof LAPTOP_SIZES)[number], Lang])[]) {
  test(`${lang} at ${size.width}×${size.height}: with a selection the toolbar, count and Upload stay free; the upload list counts what is done; an active filter is named`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const t = TEXTS[lang];
    await asInFolder(
      browser,
      'mario.rossi',
      'arch04-marketing',
      async (page) => {
        await cards(page).nth(0).click();
        const bar = selectionBar(page, lang);
        await expect(bar).toBeVisible();
        const toolbar = page.getByRole('region', { name: t.assets.toolbar });
        expect(await overlaps(bar, toolbar), 'the bar covers the toolbar').toBe(false);
        expect(await overlaps(bar, page.getByTestId('asset-count')), 'the bar covers the count').toBe(false);
        await keepScreenshot(page, `polish-selection-${lang}-${size.width}`);

        // Upload with the selection still there.
        await toolbar.getByRole('button', { name: t.uploads.open, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: new RegExp(`^${t.uploads.title.split('{{')[0]}`) });
        const files = await Promise.all(
          ['#e8b04a', '#4ab0e8', '#8ae84a'].map((disc, i) =>
            jpeg(`polish-${lang}-${size.width}-${i}.jpg`, disc),
          ),
        );
        await dialog.getByLabel(t.uploads.choose).setInputFiles(files);
        const summary = dialog.getByTestId('upload-summary');
        await expect(summary).toContainText(
          t.uploads.doneCount.replace('{{done}}', '3').replace('{{count}}', '3'),
          { timeout: 30_000 },
        );
        await keepScreenshot(page, `polish-upload-list-${lang}-${size.width}`);
        await dialog.getByRole('button', { name: t.uploads.close }).first().click();

        // A type filter: the button says what it filters, and the count line shows it in words.
        const filtered = t.assets.filters.active
          .replace('{{filter}}', t.assets.filters.type)
          .replace('{{value}}', t.assets.types.IMAGE);
        await toolbar.getByRole('button', { name: t.assets.filters.label, exact: true }).click();
        await page.getByRole('combobox', { name: t.assets.filters.type }).selectOption('IMAGE');
        await page.keyboard.press('Escape');
        await expect(
          toolbar.getByRole('button', { name: t.assets.filters.labelActive.replace('{{active}}', filtered) }),
        ).toBeVisible();
        await expect(page.getByTestId('active-filters')).toHaveText(filtered);
        await keepScreenshot(page, `polish-filter-${lang}-${size.width}`);
      },
      { lang, viewport: size },
    );
  });
}

test('→ in the detail moves at once on every press, fast presses included', async ({ browser }) => {
  test.setTimeout(90_000);
  await asInFolder(
    browser,
    'mario.rossi',
    'arch04-marketing',
    async (page) => {
      const names = await cards(page).evaluateAll((options) =>
        options.slice(0, 5).map((option) => option.getAttribute('aria-label') ?? ''),
      );
      expect(names.length).toBe(5);
      await cards(page).nth(0).dblclick();
      const detail = page.getByRole('dialog', { name: names[0], exact: true });
      await expect(detail).toBeVisible();
      // Three presses in a row, no wait between them: three steps.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('dialog', { name: names[3], exact: true })).toBeVisible({ timeout: 1_500 });
      // The next neighbour was loaded ahead: its step shows it at once.
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('dialog', { name: names[4], exact: true })).toBeVisible({ timeout: 1_000 });
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('dialog', { name: names[3], exact: true })).toBeVisible({ timeout: 1_000 });
      await keepScreenshot(page, 'polish-detail-stepped');
    },
    { viewport: LAPTOP_SIZES[1] },
  );
});

test('a notice follows the language the reader switches to while it is up', async ({ browser }) => {
  test.setTimeout(90_000);
  await asInFolder(
    browser,
    'mario.rossi',
    'arch04-marketing',
    async (page) => {
      await uploadFiles(page, await jpeg(`polish-notice-${Date.now()}.jpg`, '#e84a8a'), { lang: 'it' });
      const notices = page.getByRole('region', { name: TEXTS.it.notices.region });
      await expect(notices.getByRole('status')).toContainText('1 file caricato in ');
      await page.getByLabel(TEXTS.it.language.label).selectOption('en');
      await expect(
        page.getByRole('region', { name: TEXTS.en.notices.region }).getByRole('status'),
      ).toContainText('1 file uploaded to ');
      await keepScreenshot(page, 'polish-notice-switched-to-en');
    },
    { lang: 'it', viewport: LAPTOP_SIZES[0] },
  );
});

test('the admin’s job rows name their asset, and their actions are in sight at 1280×720', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const t = TEXTS.en;
  const name = `polish-job-${Date.now()}.jpg`;
  await asInFolder(
    browser,
    'mario.rossi',
    'arch04-marketing',
    async (page) => {
      await uploadFiles(page, await jpeg(name, '#4ae8b0'));
    },
    { viewport: LAPTOP_SIZES[1] },
  );
  await as(
    browser,
    'admin',
    async (page) => {
      await page.getByRole('link', { name: t.sections.manage }).click();
      const row = page
        .getByTestId('job-row')
        .filter({ has: page.getByTestId('job-subject').filter({ hasText: name.replace(/\.jpg$/, '') }) });
      await expect(row.first()).toBeVisible({ timeout: 30_000 });
      await expect(row.first().getByTestId('job-subject')).toContainText(name.replace(/\.jpg$/, ''));
      const details = row.first().getByRole('button', { name: /^Details/ });
      const box = await details.boundingBox();
      expect(box && box.x + box.width, 'the actions are inside the window').toBeLessThanOrEqual(
        LAPTOP_SIZES[1].width,
      );
      await keepScreenshot(page, 'polish-jobs-1280');
      // The asset's name opens its detail (issue 23), alone rather than in a folder.
      await row.first().getByTestId('job-subject').getByRole('link').first().click();
      await expect(
        page.getByRole('dialog', { name: new RegExp(`^${name.replace(/\.jpg$/, '')}`) }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/home\?asset=/);
      await keepScreenshot(page, 'polish-jobs-asset-opened');
    },
    { viewport: LAPTOP_SIZES[1] },
  );
});
