import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './portal';
import { ENRICHMENT_CLASSIFICATIONS, type AssetListResponse, type AssetSummary } from '@paddock/rules';
import sharp from 'sharp';
import { DEMO_PASSWORD, DERIVATIVES, keepScreenshot, openDepartmentArchive, signIn, TEXTS } from './support';

const t = TEXTS.en;

interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A one-page PDF written by hand (a title and a filled rectangle), with a correct xref table. */
function pdf(name: string): FilePayload {
  const stream = 'BT /F1 36 Tf 72 700 Td (Paddock e2e) Tj ET 0.9 0.6 0.2 rg 72 300 450 300 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** A short clip or sound made by ffmpeg from its test sources (never downloaded). */
function ffmpegFile(name: string, mimeType: string, args: string[]): FilePayload {
  const dir = mkdtempSync(join(tmpdir(), 'paddock-e2e-'));
  const out = join(dir, name);
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, out]);
    return { name, mimeType, buffer: readFileSync(out) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function image(name: string): Promise<FilePayload> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <rect width="1600" height="1000" fill="#123456"/><rect x="300" y="250" width="1000" height="500" fill="#d94f30"/></svg>`;
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg().toBuffer() };
}

async function search(request: APIRequestContext, folderId: string, q: string): Promise<AssetSummary[]> {
  const params = new URLSearchParams({ folderId, q, subfolders: 'true', limit: '50' });
  const response = await request.get(`/api/assets?${params.toString()}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as AssetListResponse).items;
}

/** Free tags: the one classification a user may define tags in (the provider's `mayDefineTag`). */
const CLASSIFICATION = ENRICHMENT_CLASSIFICATIONS.tags;

/**
 * Tags contents as an enrichment does, through the provider's own calls (SPEC §7 itagdefinition/insert,
 * itag/bulkInsertMultiTargets): a tag whose label is unique to this run.
 */
async function tagThroughProvider(request: APIRequestContext, ids: string[], label: string): Promise<void> {
  const login = await request.post('/provider/xsso/resources/accessmanager/login/paddock', {
    form: { username: 'mario.rossi', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const headers = { 'X-TOKENID': ((await login.json()) as { tokenId: string }).tokenId };
  const definition = await request.post(
    `/provider/xintelligence/resources/itagdefinition/insert/paddock/${CLASSIFICATION}`,
    { headers, data: { value: { names: [{ lang: 'EN', label, description: '' }], categorized: false } } },
  );
  expect(definition.status()).toBe(200);
  const tagId = ((await definition.json()) as { item: { id: string } }).item.id;
  const tagged = await request.post(
    `/provider/xintelligence/resources/itag/bulkInsertMultiTargets/paddock/${CLASSIFICATION}`,
    {
      headers,
      data: { value: { itagId: tagId, targets: ids.map((id) => ({ id, entityType: 'CONTENT' })) } },
    },
  );
  expect(tagged.status()).toBe(200);
}

test('a user uploads an image, a video, a PDF and an audio file; each gets a thumbnail, is found by name and by tag, and previews', async ({
  page,
}) => {
  test.setTimeout(DERIVATIVES.timeout + 120_000);
  const stamp = Date.now();
  const files = [
    await image(`e2e-types-${stamp}-photo.jpg`),
    ffmpegFile(`e2e-types-${stamp}-clip.mp4`, 'video/mp4', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=640x360:rate=25:duration=2',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
    ]),
    pdf(`e2e-types-${stamp}-sheet.pdf`),
    ffmpegFile(`e2e-types-${stamp}-sound.mp3`, 'audio/mpeg', [
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=2',
    ]),
  ];

  await signIn(page, 'mario.rossi', 'en');
  const folderId = await openDepartmentArchive(page);
  await page.getByRole('button', { name: t.uploads.open, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Upload to Department archive$/ });
  await dialog.getByLabel(t.uploads.choose).setInputFiles(files);
  await expect(dialog.getByText(t.uploads.status.done, { exact: true })).toHaveCount(files.length, {
    timeout: 60_000,
  });
  await keepScreenshot(page, 'upload-types-done-en');
  await dialog.getByRole('button', { name: t.uploads.close }).first().click();

  // Found by name, each one: the search box of the home, then the hub's listing for the ids.
  const uploaded = await search(page.request, folderId, `e2e-types-${stamp}`);
  expect(uploaded.map((a) => a.type).sort()).toEqual(['AUDIO', 'DOCUMENT', 'IMAGE', 'VIDEO']);
  for (const file of files) {
    const base = file.name.replace(/\.[^.]+$/, '');
    expect((await search(page.request, folderId, base)).map((a) => a.id)).toHaveLength(1);
  }
  await page.getByRole('searchbox', { name: t.assets.search.label }).fill(`e2e-types-${stamp}`);
  await page.getByRole('button', { name: t.assets.search.submit, exact: true }).click();
  await expect(page.getByText('Results: 4')).toBeVisible();

  // Each gets a real thumbnail from its derivatives job (not the SVG placeholder).
  for (const asset of uploaded)
    await expect
      .poll(async () => (await page.request.get(asset.thumbnailUrl)).headers()['content-type'], DERIVATIVES)
      .toMatch(/^image\/(jpeg|webp|png)/);
  // Reloaded now that every thumbnail exists: the search that ran is kept in the address, so the
  // page lists the same four again (with Clear in place of Search) for the screenshot.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: t.assets.search.label })).toHaveValue(
    `e2e-types-${stamp}`,
  );
  await expect(page.getByRole('button', { name: t.assets.search.clear, exact: true })).toBeVisible();
  await expect(page.getByText('Results: 4')).toBeVisible();
  await keepScreenshot(page, 'upload-types-thumbnails-en');

  // Found by tag.
  const tag = `e2e${stamp}`;
  await tagThroughProvider(
    page.request,
    uploaded.map((a) => a.id),
    tag,
  );
  expect((await search(page.request, folderId, tag)).map((a) => a.id).sort()).toEqual(
    uploaded.map((a) => a.id).sort(),
  );

  // The detail modal previews each type with its own player.
  const previewOf: Record<string, string> = {
    IMAGE: t.assetDetail.preview.image,
    VIDEO: t.assetDetail.preview.video,
    AUDIO: t.assetDetail.preview.audio,
    DOCUMENT: t.assetDetail.preview.document,
  };
  for (const asset of uploaded) {
    await page.goto(`/home?folder=${folderId}&asset=${asset.id}`);
    const detail = page.getByRole('dialog');
    const name = previewOf[asset.type] as string;
    // Images and the PDF page are <img alt>, the players carry an aria-label.
    await expect(detail.getByRole('img', { name }).or(detail.getByLabel(name)).first()).toBeAttached();
    await keepScreenshot(page, `upload-types-preview-${asset.type.toLowerCase()}-en`);
  }
});
