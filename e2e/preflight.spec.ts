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

/** A photo of this run's own colours, at a JPEG quality: a re-encode of it stays a near duplicate. */
async function archivePhoto(name: string, hue: number, quality: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">
    <defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},35%,12%)"/><stop offset="1" stop-color="hsl(${hue},35%,88%)"/></linearGradient></defs>
    <rect width="2400" height="1600" fill="url(#g)"/><circle cx="1500" cy="800" r="520" fill="hsl(${(hue + 90) % 360},75%,50%)"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).withIccProfile('srgb').jpeg({ quality }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

test('a supplier delivers five files: one too small, one a copy and one a near copy of archived assets; sees why, fixes, sends (issue 27, fr)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const hue = (stamp >> 3) % 360;
  const archived = await archivePhoto(`e2e-archive-${stamp}.jpg`, hue, 92);
  await as(browser, 'mario.rossi', async (page) => {
    await openFolderByCode(page, 'arch04-marketing');
    await uploadFiles(page, [archived], { timeout: 60_000 });
    // Its fingerprint is saved by its own check, a job: the delivery below is only a copy of it after that.
    await checked(page, 'arch04-marketing', archived.name, 'en');
  });
  const names = {
    small: `e2e-five-small-${stamp}.jpg`,
    copy: `e2e-five-copy-${stamp}.jpg`,
    near: `e2e-five-near-${stamp}.jpg`,
    fine: `e2e-five-fine-${stamp}.jpg`,
    other: `e2e-five-other-${stamp}.jpg`,
    fixed: `e2e-five-small-fixed-${stamp}.jpg`,
  };
  await as(
    browser,
    'foto.studio',
    async (page) => {
      const t = TEXTS.fr;
      await openFolderByCode(page, 'lvrr02-marketing');
      await page.getByRole('button', { name: t.uploads.open, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByLabel(t.uploads.choose)
        .setInputFiles([
          await smallPhoto(names.small),
          { ...archived, name: names.copy },
          await archivePhoto(names.near, hue, 60),
          await jpeg(names.fine, '#4ab0e8'),
          await jpeg(names.other, '#e84a8c'),
        ]);
      const reportOf = (name: string) =>
        dialog
          .getByRole('listitem')
          .filter({ hasText: name })
          .getByRole('region', { name: t.preflight.title });
      const verdict = (name: string, v: 'block' | 'warn') =>
        expect(reportOf(name).getByText(t.preflight.verdicts[v], { exact: true })).toBeVisible({
          timeout: 60_000,
        });
      await verdict(names.small, 'block');
      await verdict(names.copy, 'block');
      await verdict(names.near, 'warn');
      await verdict(names.fine, 'warn');
      await verdict(names.other, 'warn');
      // Each says why, with what was found: the copy and the near copy name how many archived assets.
      await expect(reportOf(names.small)).toContainText('Petit côté : 600 px');
      await expect(reportOf(names.copy)).toContainText('Fichiers identiques déjà archivés : 1');
      // Similar: other runs' pictures of the same shape may be in the archive too, so at least this one.
      await expect(reportOf(names.near)).toContainText(/Contenus similaires déjà archivés : [1-9]/);
      await keepScreenshot(page, 'preflight-5-five-files-fr');

      // The fix: the picture again at full size, which passes the blocking rules and is sent on.
      await dialog.getByLabel(t.uploads.choose).setInputFiles([await jpeg(names.fixed, '#6ae84a')]);
      await verdict(names.fixed, 'warn');
      await dialog.getByRole('button', { name: t.uploads.close }).first().click();
    },
    { lang: 'fr' },
  );
  await as(browser, 'anna.bianchi', async (page) => {
    const step = await folderByCode(page, 'appstp1-marketing');
    const atStep1 = (await derivedListing(page.request, step.id)).map(itemName);
    for (const name of [names.near, names.fine, names.other, names.fixed]) expect(atStep1).toContain(name);
    for (const name of [names.small, names.copy]) expect(atStep1).not.toContain(name);
  });
});
