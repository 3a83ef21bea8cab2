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
  keepScreenshot,
  openFolderByCode,
  uploadFiles,
  type Lang,
} from './support';

/** A 900×600 photo without a colour profile, its colours this run's own (no earlier upload has its bytes). */
async function smallPhoto(name: string) {
  const hue = Date.now() % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
    <rect width="900" height="600" fill="hsl(${hue},40%,30%)"/><circle cx="450" cy="300" r="200" fill="hsl(${(hue + 180) % 360},70%,60%)"/></svg>`;
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}

/** Waits until the named asset of the folder is checked, then opens its detail. */
async function openChecked(page: Page, folderCode: string, name: string, lang: Lang) {
  const folder = await folderByCode(page, folderCode);
  const [asset] = (await derivedListing(page.request, folder.id, name, lang)).filter(
    (a) => itemName(a) === name,
  );
  expect(asset).toBeDefined();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/assets/${asset!.id}`)).json()) as AssetDetail).preflight,
      {
        timeout: 60_000,
      },
    )
    .not.toBeNull();
  await page.reload();
  await page.getByRole('option', { name }).dblclick();
  return page.getByRole('dialog', { name });
}

test('a supplier sees why a delivery is blocked, and the approver at step 1 sees the same reasons (issue 27)', async ({
  browser,
}) => {
  test.setTimeout(120_000 + DERIVATIVES.timeout);
  const name = `e2e-preflight-${Date.now()}.jpg`;

  await as(
    browser,
    'foto.studio',
    async (page) => {
      await openFolderByCode(page, 'lvrr02-marketing');
      await uploadFiles(page, await smallPhoto(name), { lang: 'it' });
      const detail = await openChecked(page, 'lvrr02-marketing', name, 'it');
      const report = detail.getByRole('region', { name: TEXTS.it.preflight.title });
      await expect(report.getByText(TEXTS.it.preflight.verdicts.block, { exact: true })).toBeVisible();
      await expect(report).toContainText('Lato corto: 600 px (richiesto: almeno 1080 px)');
      await expect(report).toContainText(TEXTS.it.preflight.results.iccMissing);
      await report.scrollIntoViewIfNeeded();
      await keepScreenshot(page, 'preflight-1-supplier-it');
    },
    { lang: 'it' },
  );

  for (const [lang, shorter] of [
    ['en', 'Shorter side: 600 px (required: at least 1,080 px)'],
    ['fr', 'Petit côté : 600 px (exigé : au moins 1\u202f080 px)'],
  ] as const) {
    await as(
      browser,
      'anna.bianchi',
      async (page) => {
        await openFolderByCode(page, 'appstp1-marketing');
        const detail = await openChecked(page, 'appstp1-marketing', name, lang);
        const report = detail.getByRole('region', { name: TEXTS[lang].preflight.title });
        await expect(report.getByText(TEXTS[lang].preflight.verdicts.block, { exact: true })).toBeVisible();
        await expect(report).toContainText(shorter);
        await report.scrollIntoViewIfNeeded();
        await keepScreenshot(page, `preflight-2-approver-${lang}`);
      },
      { lang },
    );
  }
});
