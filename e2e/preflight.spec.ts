import { expect, type Page } from '@playwright/test';
import type { AssetDetail } from '@paddock/rules';
import sharp from 'sharp';
import { test } from './portal';
import {
  DERIVATIVES,
  TEXTS,
  as,
  derivedListing,
  folderByCode,
  itemName,
  jpeg,
  keepScreenshot,
  openFolderByCode,
  type Lang,
} from './support';

/** A 900×600 photo without a colour profile, its colours this run's own (no earlier upload has its bytes). */
async function smallPhoto(name: string) {
  const hue = Date.now() % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
    <rect width="900" height="600" fill="hsl(${hue},40%,30%)"/><circle cx="450" cy="300" r="200" fill="hsl(${(hue + 180) % 360},70%,60%)"/></svg>`;
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}

/** The named asset of the folder once its pre-flight has judged it. */
async function checked(page: Page, folderCode: string, name: string, lang: Lang): Promise<AssetDetail> {
  const folder = await folderByCode(page, folderCode);
  const [asset] = (await derivedListing(page.request, folder.id, name, lang)).filter(
    (a) => itemName(a) === name,
  );
  expect(asset, `${name} is in ${folderCode}`).toBeDefined();
  let detail: AssetDetail | undefined;
  await expect
    .poll(
      async () => {
        detail = (await (await page.request.get(`/api/assets/${asset!.id}`)).json()) as AssetDetail;
        return detail.preflight;
      },
      { timeout: 60_000 },
    )
    .not.toBeNull();
  return detail!;
}

test('a supplier sees why one delivery is blocked as it uploads; only the other reaches the approver (issue 27)', async ({
  browser,
}) => {
  test.setTimeout(120_000 + DERIVATIVES.timeout);
  const stamp = Date.now();
  const small = `e2e-preflight-small-${stamp}.jpg`;
  const fine = `e2e-preflight-fine-${stamp}.jpg`;

  await as(
    browser,
    'foto.studio',
    async (page) => {
      const t = TEXTS.it;
      await openFolderByCode(page, 'lvrr02-marketing');
      await page.getByRole('button', { name: t.uploads.open, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByLabel(t.uploads.choose)
        .setInputFiles([await smallPhoto(small), await jpeg(fine, '#4ab0e8')]);
      // Beside each file, once its check has run: the verdict and the reasons.
      const blocked = dialog.getByRole('listitem').filter({ hasText: small });
      const report = blocked.getByRole('region', { name: t.preflight.title });
      await expect(report.getByText(t.preflight.verdicts.block, { exact: true })).toBeVisible({
        timeout: 60_000,
      });
      await expect(report).toContainText('Lato corto: 600 px (richiesto: almeno 1080 px)');
      await expect(report).toContainText(t.preflight.results.iccMissing);
      const passed = dialog.getByRole('listitem').filter({ hasText: fine });
      await expect(
        passed
          .getByRole('region', { name: t.preflight.title })
          .getByText(t.preflight.verdicts.warn, { exact: true }),
      ).toBeVisible({ timeout: 60_000 });
      await keepScreenshot(page, 'preflight-1-upload-list-it');

      // The detail says the same, in the supplier's folder where the blocked file stays.
      await dialog.getByRole('button', { name: t.uploads.close }).first().click();
      expect((await checked(page, 'lvrr02-marketing', small, 'it')).preflight?.verdict).toBe('block');
      await page.reload();
      // Its card is marked in the supplier's folder; the reasons are in its detail.
      await expect(
        page.getByRole('option', { name: small }).getByText(t.preflight.card.block, { exact: true }),
      ).toBeVisible();
      await page.getByRole('option', { name: small }).dblclick();
      const detail = page.getByRole('dialog', { name: small });
      await expect(detail.getByRole('region', { name: t.preflight.title })).toContainText(
        t.preflight.verdicts.block,
      );
      await keepScreenshot(page, 'preflight-2-supplier-detail-it');
    },
    { lang: 'it' },
  );

  for (const lang of ['en', 'fr'] as const) {
    await as(
      browser,
      'anna.bianchi',
      async (page) => {
        const t = TEXTS[lang];
        const step = await folderByCode(page, 'appstp1-marketing');
        const delivered = await checked(page, 'appstp1-marketing', fine, lang);
        expect(delivered.preflight?.verdict).toBe('warn');
        expect((await derivedListing(page.request, step.id, undefined, lang)).map(itemName)).not.toContain(
          small,
        );
        await openFolderByCode(page, 'appstp1-marketing');
        await expect(page.getByRole('option', { name: small })).toHaveCount(0);
        const card = page.getByRole('option', { name: fine });
        const mark = card.getByText(t.preflight.card.warn, { exact: true });
        await expect(mark).toBeVisible();
        // Whole on the card, however long the language's words (it wraps above the state chip).
        const [cardBox, markBox] = await Promise.all([card.boundingBox(), mark.boundingBox()]);
        expect(markBox!.x + markBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
        await keepScreenshot(page, `preflight-3-approver-cards-${lang}`);
        await page.getByRole('option', { name: fine }).dblclick();
        const report = page
          .getByRole('dialog', { name: fine })
          .getByRole('region', { name: t.preflight.title });
        await expect(report.getByText(t.preflight.verdicts.warn, { exact: true })).toBeVisible();
        await report.scrollIntoViewIfNeeded();
        await keepScreenshot(page, `preflight-4-approver-detail-${lang}`);
      },
      { lang },
    );
  }
});
