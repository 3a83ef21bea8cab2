import { expect } from '@playwright/test';
import { test } from './portal';
import sharp from 'sharp';
import { DERIVATIVES, derivedListing, keepScreenshot, openDepartmentArchive, signIn, TEXTS } from './support';

const t = TEXTS.en;

/** A real PNG made here (never downloaded), 1200x800 with a name that is unique to this run. */
async function photo(name: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="#0e4a5a"/><circle cx="600" cy="400" r="250" fill="#e8b04a"/></svg>`;
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

test('a user uploads a photo, sees its thumbnail, finds it by name and renames it in IT and EN', async ({
  page,
}) => {
  // Its derivatives job queues behind the demo seed's: the longest wait of this journey.
  test.setTimeout(DERIVATIVES.timeout + 60_000);
  await signIn(page, 'mario.rossi', 'en');
  const folderId = await openDepartmentArchive(page);
  const before = Number((await page.getByText(/^Results: \d+$/).textContent())?.match(/\d+/)?.[0]);

  const fileName = `e2e-paddock-${Date.now()}.png`;
  await page.getByRole('button', { name: t.uploads.open, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Upload to Department archive$/ });
  await dialog.getByLabel(t.uploads.choose).setInputFiles(await photo(fileName));
  await expect(dialog.getByText(t.uploads.status.done, { exact: true })).toBeVisible({ timeout: 30_000 });
  await keepScreenshot(page, 'upload-done-en');
  await dialog.getByRole('button', { name: t.uploads.close }).first().click();

  // The listing refreshes with the new asset, and its thumbnail comes from the derivatives job.
  await expect(page.getByText(`Results: ${before + 1}`)).toBeVisible();
  const item = page.getByRole('option', { name: fileName });
  await expect(item).toBeVisible();
  await derivedListing(page.request, folderId, fileName);
  await page.reload();
  await expect(page.getByText(`Results: ${before + 1}`)).toBeVisible();
  const thumbnail = await page.getByRole('option', { name: fileName }).locator('img').getAttribute('src');
  const response = await page.request.get(thumbnail ?? '');
  expect(response.headers()['content-type']).toMatch(/^image\/(jpeg|webp|png)/);
  await keepScreenshot(page, 'archive-with-upload-en');

  // Search finds it by (part of) its name.
  await page.getByRole('searchbox', { name: t.assets.search.label }).fill(fileName.slice(0, -4));
  await page.getByRole('button', { name: t.assets.search.submit, exact: true }).click();
  await expect(page.getByText('Results: 1')).toBeVisible();

  // The detail modal previews it; a rename is saved in both asset languages.
  await page.getByRole('option', { name: fileName }).dblclick();
  const detail = page.getByRole('dialog', { name: fileName });
  await expect(detail.getByRole('img').first()).toBeVisible();
  await detail.getByRole('button', { name: t.assetDetail.rename.start }).click();
  await detail.getByLabel(t.assetDetail.rename.label).fill('Sunset over Monza');
  await detail.getByRole('button', { name: t.assetDetail.rename.save }).click();
  // The title follows the new name (the extension stays).
  await expect(page.getByRole('dialog', { name: 'Sunset over Monza.png' })).toBeVisible();
  const id = new URL(page.url()).searchParams.get('asset');
  const asset = await (await page.request.get(`/api/assets/${id}`)).json();
  expect(asset.names).toEqual({ IT: 'Sunset over Monza', EN: 'Sunset over Monza' });
  await keepScreenshot(page, 'asset-detail-en');
});
