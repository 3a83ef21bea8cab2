import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './portal';
import {
  DERIVATIVES,
  TEXTS,
  as as signedInAs,
  jpeg,
  keepScreenshot,
  openFolderByCode as openFolder,
  selectionBar,
  uploadFiles,
  type Lang,
} from './support';

const t = TEXTS.en;
const stamp = Date.now();

/** Signed in as `username`, by default in EN on the desktop these journeys are laid out for. */
const as = (
  browser: Browser,
  username: string,
  steps: (page: Page) => Promise<void>,
  lang: Lang = 'en',
  viewport = { width: 1440, height: 900 },
) => signedInAs(browser, username, steps, { lang, viewport });

async function upload(page: Page, files: { name: string; disc: string }[]) {
  await uploadFiles(page, await Promise.all(files.map((f) => jpeg(f.name, f.disc))));
}

const card = (page: Page, name: string) => page.getByRole('option', { name, exact: true });
const notices = (page: Page) => page.getByRole('region', { name: t.notices.region });

test('cards carry their state and live thumbnails; selection, notices with Undo and an inline error behave', async ({
  browser,
}) => {
  test.setTimeout(240_000 + DERIVATIVES.timeout);
  const first = `e2e-cards-${stamp}-a.jpg`;
  const second = `e2e-cards-${stamp}-b.jpg`;

  // A supplier delivers two photos: a notice says where, each card shows "waiting · step 1", and
  // its thumbnail replaces "preparing preview" by itself once made (no reload).
  await as(browser, 'foto.studio', async (page) => {
    await openFolder(page, 'lvrr02-marketing');
    await upload(page, [
      { name: first, disc: '#e8b04a' },
      { name: second, disc: '#4ae8b0' },
    ]);
    await expect(notices(page).getByRole('status')).toContainText('2 files uploaded to');
    for (const name of [first, second]) {
      await expect(card(page, name).getByTestId('state-chip')).toHaveText('Waiting · step 1');
      await expect(card(page, name).locator('img')).toBeVisible({ timeout: DERIVATIVES.timeout });
      await expect
        .poll(() =>
          card(page, name)
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
    }
  });

  // The approver selects both and opens one by double-click (the selection stays as it was), then
  // accepts it: it leaves the step, and the selection keeps only the other.
  await as(browser, 'anna.bianchi', async (page) => {
    await openFolder(page, 'appstp1-marketing');
    for (const name of [first, second]) await card(page, name).getByRole('checkbox').click();
    // Behind the modal (hidden from the accessibility tree while it is open).
    await expect(
      page.getByRole('region', { name: t.assets.selection.bar, includeHidden: true }),
    ).toContainText('Selected: 2');
    await card(page, second).dblclick();
    const detail = page.getByRole('dialog', { name: second });
    await expect(detail).toBeVisible();
    // Behind the modal (hidden from the accessibility tree while it is open).
    await expect(
      page.getByRole('region', { name: t.assets.selection.bar, includeHidden: true }),
    ).toContainText('Selected: 2');
    await detail
      .getByRole('toolbar', { name: t.workflow.buttons.label })
      .getByRole('button', { name: 'Accept', exact: true })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Accept' })
      .getByRole('button', { name: 'Accept', exact: true })
      .click();
    await expect(notices(page).getByText(/^1 asset accepted, now in /)).toBeVisible({ timeout: 30_000 });
    await expect(card(page, second)).toHaveCount(0);
    await expect(selectionBar(page)).toContainText('Selected: 1');
    await expect(card(page, first)).toHaveAttribute('aria-selected', 'true');
    await keepScreenshot(page, 'daily-cards-accept-en');
  });

  // Staff: the supplier folder shows each delivery's state; the archive count follows an upload;
  // a delete says where the asset went and Undo brings it back; a failed listing offers Retry.
  await as(browser, 'mario.rossi', async (page) => {
    await openFolder(page, 'lvrr02-marketing');
    await expect(card(page, first).getByTestId('state-chip')).toHaveText('Waiting · step 1');
    await expect(card(page, second).getByTestId('state-chip')).toHaveText('Waiting · step 2');

    await openFolder(page, 'arch04-marketing');
    // The Archives count is its own link, the badge beside the view's name, opening the folder it counts.
    const archives = page
      .getByRole('link', { name: /^\d+ assets?: open/ })
      .and(page.locator('[href*="view=archives"]'));
    const countOf = async () => Number((await archives.textContent()) ?? NaN);
    const before = await countOf();
    const mine = `e2e-cards-${stamp}-archive.jpg`;
    await upload(page, [{ name: mine, disc: '#b04ae8' }]);
    await expect(card(page, mine)).toBeVisible();
    await expect(archives).toHaveText(String(before + 1));

    await card(page, mine).getByRole('checkbox').click();
    await selectionBar(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    const deleted = notices(page)
      .getByRole('status')
      .filter({ hasText: '1 asset deleted, moved to Department junk' });
    await expect(deleted).toBeVisible({ timeout: 30_000 });
    await expect(card(page, mine)).toHaveCount(0);
    await expect(selectionBar(page)).toHaveCount(0);
    await deleted.getByRole('button', { name: t.notices.undo }).click();
    await expect(notices(page).getByText('1 asset restored to Department archive')).toBeVisible({
      timeout: 30_000,
    });
    await expect(card(page, mine)).toBeVisible();

    await page.route('**/api/assets?*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'E002', message: 'search failed', correlationId: 'e2e' }),
      }),
    );
    await page.getByRole('combobox', { name: t.assets.sort.label }).selectOption('name');
    const alert = page.getByRole('alert').filter({ hasText: t.assets.listFailed });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await keepScreenshot(page, 'daily-cards-error-en');
    await page.unroute('**/api/assets?*');
    await alert.getByRole('button', { name: t.common.retry }).click();
    await expect(alert).toHaveCount(0);
    await expect(card(page, mine)).toBeVisible();
  });

  // The supplier folder with its chips, in each language at both desktop sizes.
  for (const lang of ['it', 'en', 'fr'] as const)
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ])
      await as(
        browser,
        'mario.rossi',
        async (page) => {
          await openFolder(page, 'lvrr02-marketing');
          const chip = card(page, second).getByTestId('state-chip');
          await expect(chip).toHaveText(TEXTS[lang].assets.card.state.waiting.replace('{{step}}', '2'));
          await card(page, first).hover();
          await keepScreenshot(page, `daily-cards-${lang}-${viewport.width}x${viewport.height}`);
        },
        lang,
        viewport,
      );
});
