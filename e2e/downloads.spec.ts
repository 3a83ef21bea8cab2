import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { test } from './portal';
import sharp from 'sharp';
import { keepScreenshot, openDepartmentArchive, signIn, TEXTS } from './support';

const t = TEXTS.en;
const run = promisify(execFile);

/** A real PNG made here (never downloaded) of the given pixel size. */
async function photo(name: string, width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#2a5d3c"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f0d060"/></svg>`;
  return { name, mimeType: 'image/png', buffer: await sharp(Buffer.from(svg)).png().toBuffer() };
}

test('downloading two images at two resolutions yields a ZIP whose files have those pixel sizes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const prefix = `e2e-dl-${Date.now()}`;
  await signIn(page, 'mario.rossi', 'en');
  await openDepartmentArchive(page);

  await page.getByRole('button', { name: t.uploads.open, exact: true }).click();
  const upload = page.getByRole('dialog', { name: /^Upload to Department archive$/ });
  await upload
    .getByLabel(t.uploads.choose)
    .setInputFiles([
      await photo(`${prefix}-large.png`, 3000, 2000),
      await photo(`${prefix}-small.png`, 800, 600),
    ]);
  await expect(upload.getByText(t.uploads.status.done, { exact: true })).toHaveCount(2, { timeout: 30_000 });
  await upload.getByRole('button', { name: t.uploads.close }).first().click();

  await page.getByRole('searchbox', { name: t.assets.search.label }).fill(prefix);
  await page.getByRole('button', { name: t.assets.search.submit, exact: true }).click();
  await expect(page.getByText('Results: 2')).toBeVisible();
  await page.getByRole('option', { name: `${prefix}-large.png` }).click();
  await page.getByRole('option', { name: `${prefix}-small.png` }).click({ modifiers: ['ControlOrMeta'] });

  const bar = page.getByRole('region', { name: t.assets.selection.bar });
  await bar.getByRole('button', { name: t.downloads.action }).click();
  const dialog = page.getByRole('dialog', { name: t.downloads.title_other.replace('{{count}}', '2') });
  const images = dialog.getByRole('group', { name: t.downloads.images });
  await images.getByText(t.downloads.resolutions.original).click();
  await images.getByText(t.downloads.fitsWithin.replace('{{box}}', '1920 × 1080')).click();
  await images.getByText(t.downloads.fitsWithin.replace('{{box}}', '640 × 480')).click();
  await expect(dialog.getByText(t.downloads.exceedsGeneric)).toBeVisible();
  await keepScreenshot(page, 'download-dialog-en');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: t.downloads.submit }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^paddock-\d{8}-\d{4}\.zip$/);

  const dir = await mkdtemp(join(tmpdir(), 'paddock-e2e-zip-'));
  try {
    await download.saveAs(join(dir, 'archive.zip'));
    await run('unzip', ['-q', join(dir, 'archive.zip'), '-d', join(dir, 'out')]);
    const sizes: Record<string, string> = {};
    for (const name of await readdir(join(dir, 'out'))) {
      const meta = await sharp(join(dir, 'out', name)).metadata();
      sizes[name] = `${meta.width}x${meta.height}`;
    }
    // The 800x600 image is smaller than 1920x1080: left out at that size, never enlarged (SPEC §5).
    expect(sizes).toEqual({
      [`${prefix}-large_1920x1080.png`]: '1620x1080',
      [`${prefix}-large_640x480.png`]: '640x427',
      [`${prefix}-small_640x480.png`]: '640x480',
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
