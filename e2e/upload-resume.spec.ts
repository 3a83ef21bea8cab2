import { createHash, randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { test } from './portal';
import type { AssetListResponse } from '@paddock/rules';
import { keepScreenshot, openDepartmentArchive, signIn, TEXTS } from './support';

const t = TEXTS.en;
const MB = 1024 * 1024;

/**
 * Issue 3: "resume after a dropped connection". The browser's connection drops in the middle of a
 * 20 MiB upload (the second 8 MiB chunk is cut off); the upload goes on from the offset the hub
 * kept — one tus creation, a HEAD asking for the offset, no byte sent twice from the start — and
 * the asset holds exactly the bytes of the file.
 */
test('an upload whose connection drops resumes where it stopped and the asset is whole', async ({ page }) => {
  test.setTimeout(120_000);
  const bytes = randomBytes(20 * MB);
  const name = `e2e-resume-${Date.now()}.bin`;
  const requests: { method: string; offset: number | null }[] = [];
  let cut = false;

  await page.route('**/api/uploads**', async (route) => {
    const request = route.request();
    const offset = request.headers()['upload-offset'];
    requests.push({ method: request.method(), offset: offset === undefined ? null : Number(offset) });
    if (!cut && request.method() === 'PATCH' && Number(offset) > 0) {
      cut = true;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await signIn(page, 'mario.rossi', 'en');
  const folderId = await openDepartmentArchive(page);
  await page.getByRole('button', { name: t.uploads.open, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Upload to Department archive$/ });
  await dialog
    .getByLabel(t.uploads.choose)
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
  await expect(dialog.getByText(t.uploads.status.done, { exact: true })).toBeVisible({ timeout: 60_000 });
  await keepScreenshot(page, 'upload-resumed-en');

  expect(cut).toBe(true);
  const creations = requests.filter((r) => r.method === 'POST');
  expect(creations).toHaveLength(1);
  const cutAt = requests.findIndex((r) => r.method === 'PATCH' && (r.offset ?? 0) > 0);
  const afterCut = requests.slice(cutAt + 1);
  // The client asked where the hub stood, then went on from there, never from 0 again.
  expect(afterCut.some((r) => r.method === 'HEAD')).toBe(true);
  expect(afterCut.filter((r) => r.method === 'PATCH').every((r) => (r.offset ?? 0) > 0)).toBe(true);

  const params = new URLSearchParams({ folderId, q: name.replace(/\.bin$/, ''), limit: '5' });
  const listing = (await (
    await page.request.get(`/api/assets?${params.toString()}`)
  ).json()) as AssetListResponse;
  expect(listing.items).toHaveLength(1);
  const original = await page.request.get(`/api/assets/${listing.items[0]!.id}/original`);
  expect(original.status()).toBe(200);
  const body = await original.body();
  expect(body.length).toBe(bytes.length);
  expect(createHash('sha256').update(body).digest('hex')).toBe(
    createHash('sha256').update(bytes).digest('hex'),
  );
});
