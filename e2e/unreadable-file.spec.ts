import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { test } from './portal';
import { ASSET_ERROR_CODES, type AssetDetail } from '@paddock/rules';
import {
  DERIVATIVES,
  chooseFromMoreMenu,
  derivedListing,
  folderByCode,
  inFreshBrowser,
  itemName,
  keepScreenshot,
  openFolderByCode,
  TEXTS,
  type Lang,
} from './support';

/** Random bytes under a photo's name: what a broken transfer or a mislabelled file delivers. */
const corrupt = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: randomBytes(64_000) });

/**
 * Uploads the file into the open folder: the upload list turns it from done to failed, in words,
 * once the provider found it unreadable; then the card says so too.
 */
async function uploadCorrupt(page: Page, lang: Lang, name: string, shot: string): Promise<void> {
  const t = TEXTS[lang];
  const unreadable = t.error.codes[ASSET_ERROR_CODES.UNREADABLE];
  await page.getByRole('button', { name: t.uploads.open, exact: true }).click();
  const dialog = page.getByRole('dialog');
  // Where the files go, named before any is chosen: department and the whole folder path.
  const destination = dialog.getByRole('group', { name: t.uploads.destination.label });
  await expect(destination).toContainText(
    t.uploads.destination.department.replace('{{department}}', 'Marketing'),
  );
  await expect(destination).toContainText(t.uploads.destination.folder.replace('{{path}}', ''));
  await dialog.getByLabel(t.uploads.choose).setInputFiles(corrupt(name));
  const row = dialog.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByRole('alert')).toHaveText(unreadable, { timeout: DERIVATIVES.timeout });
  await expect(row.getByText(t.uploads.status.failed, { exact: true })).toBeVisible();
  await keepScreenshot(page, `${shot}-upload-list-${lang}`);
  await dialog.getByRole('button', { name: t.uploads.close }).first().click();
  const card = page.getByRole('option', { name });
  await expect(card.getByRole('img', { name: t.assets.card.unreadable })).toBeVisible();
  await expect(card.getByText(t.assets.card.unreadable)).toBeVisible();
  await keepScreenshot(page, `${shot}-card-${lang}`);
}

for (const lang of ['it', 'en', 'fr'] as Lang[]) {
  test(`an unreadable file is failed on the card and in the upload list, blocked before approval and refused for sharing (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000 + 2 * DERIVATIVES.timeout);
    const t = TEXTS[lang];
    const unreadable = t.error.codes[ASSET_ERROR_CODES.UNREADABLE];
    const delivery = `e2e-corrupt-${lang}-${Date.now()}.jpg`;

    // The supplier's delivery: the pre-flight finds no known format and blocks it.
    await inFreshBrowser(browser, 'foto.studio', lang, async (page) => {
      await openFolderByCode(page, 'lvrr02-marketing');
      await uploadCorrupt(page, lang, delivery, 'unreadable-delivery');
      const work = (await folderByCode(page, 'lvrr02-marketing')).id;
      const [asset] = (await derivedListing(page.request, work, delivery, lang)).filter(
        (item) => itemName(item) === delivery,
      );
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(`/api/assets/${asset!.id}`)).json()) as AssetDetail).preflight
              ?.verdict,
          { timeout: 60_000 },
        )
        .toBe('block');
    });

    // So it never reaches approval step 1: the approver has nothing unreadable to send on.
    await inFreshBrowser(browser, 'anna.bianchi', lang, async (page) => {
      const step = (await folderByCode(page, 'appstp1-marketing')).id;
      const items = await derivedListing(page.request, step, undefined, lang);
      expect(items.map(itemName)).not.toContain(delivery);
      await openFolderByCode(page, 'appstp1-marketing');
      await expect(page.getByRole('option', { name: delivery })).toHaveCount(0);
    });

    // Staff upload one into the archive, where sharing is allowed: the share is refused, in words.
    await inFreshBrowser(browser, 'mario.rossi', lang, async (page) => {
      const archived = `e2e-corrupt-archive-${lang}-${Date.now()}.jpg`;
      await openFolderByCode(page, 'arch04-marketing');
      await uploadCorrupt(page, lang, archived, 'unreadable-archive');
      await page.getByRole('option', { name: archived }).click();
      await chooseFromMoreMenu(page, t.internalShare.action, lang);
      const dialog = page.getByRole('dialog', { name: t.internalShare.title_one.replace('{{count}}', '1') });
      await dialog.getByText(/(Condivisi internamente|Internally shared|Partagés en interne)$/).click();
      await dialog.getByRole('button', { name: t.internalShare.submit, exact: true }).click();
      await expect(dialog).toContainText(unreadable);
      await keepScreenshot(page, `unreadable-share-refused-${lang}`);
    });
  });
}
