import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { SHARE_TEXTS, type PlateBoxShape, type PlateBoxesView } from '@paddock/rules';
import sharp from 'sharp';
import { test } from './portal';
import {
  BROWSER_LOCALES,
  TEXTS,
  completedJob,
  derivedListing,
  chooseFromMoreMenu,
  folderByCode,
  itemName,
  keepScreenshot,
  signIn,
  uploadFiles,
  type Lang,
} from './support';

const run = promisify(execFile);
const RUN = Date.now().toString(36);
const SIZE = { width: 1920, height: 1280 };
/** The plate, before its tilt: a tilted plate is one the detector misses, so the share asks for a box. */
const PLATE: PlateBoxShape = { x: 0.45, y: 0.68, w: 0.12, h: 0.045 };
const TILT_DEGREES = 8;
/** What the press officer draws: the tilted plate with a margin. */
const DRAWN: PlateBoxShape = { x: 0.43, y: 0.64, w: 0.16, h: 0.12 };
/** Inside the plate whatever its tilt: its letters, what must not be readable. */
const LETTERS: PlateBoxShape = { x: 0.47, y: 0.69, w: 0.08, h: 0.025 };
/** Away from the plate: a wheel and the road, which must come out as they went in. */
const AWAY: PlateBoxShape = { x: 0.2, y: 0.68, w: 0.18, h: 0.28 };

/** A grey car seen from the side with a white, slightly tilted plate that reads AB 123 CD (drawn here, never downloaded). */
async function carPhoto(name: string) {
  const { width: W, height: H } = SIZE;
  const [px, py, pw, ph] = [PLATE.x * W, PLATE.y * H, PLATE.w * W, PLATE.h * H];
  const wheel = (cx: number) =>
    `<circle cx="${cx * W}" cy="${H * 0.8}" r="${H * 0.09}" fill="#151515"/>
     <circle cx="${cx * W}" cy="${H * 0.8}" r="${H * 0.04}" fill="#b8b8b8"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="#9aa3ab"/>
    <rect y="${H * 0.78}" width="${W}" height="${H * 0.22}" fill="#5d6167"/>
    <rect x="${W * 0.2}" y="${H * 0.38}" width="${W * 0.62}" height="${H * 0.4}" rx="80" fill="#3f454c"/>
    <rect x="${W * 0.3}" y="${H * 0.24}" width="${W * 0.4}" height="${H * 0.2}" rx="60" fill="#4a5058"/>
    <rect x="${W * 0.33}" y="${H * 0.27}" width="${W * 0.15}" height="${H * 0.13}" fill="#c9d3dc"/>
    <rect x="${W * 0.52}" y="${H * 0.27}" width="${W * 0.15}" height="${H * 0.13}" fill="#c9d3dc"/>
    ${wheel(0.3)}${wheel(0.72)}
    <g transform="rotate(${TILT_DEGREES} ${px + pw / 2} ${py + ph / 2})">
      <rect x="${px}" y="${py}" width="${pw}" height="${ph}" fill="#ffffff" stroke="#111" stroke-width="3"/>
      <text x="${px + pw / 2}" y="${py + ph * 0.75}" font-family="DejaVu Sans Mono" font-weight="bold"
        font-size="${ph * 0.62}" text-anchor="middle" fill="#111">AB 123 CD</text>
    </g></svg>`;
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer(),
  };
}

/** The grey pixels of `box` in `image` shown at `size`. */
async function greyPixels(image: Buffer, box: PlateBoxShape, size: { width: number; height: number }) {
  const region = {
    left: Math.round(box.x * size.width),
    top: Math.round(box.y * size.height),
    width: Math.round(box.w * size.width),
    height: Math.round(box.h * size.height),
  };
  return sharp(image)
    .resize(size.width, size.height, { fit: 'fill' })
    .extract(region)
    .greyscale()
    .raw()
    .toBuffer();
}

function stdev(pixels: Buffer): number {
  const mean = pixels.reduce((sum, v) => sum + v, 0) / pixels.length;
  return Math.sqrt(pixels.reduce((sum, v) => sum + (v - mean) ** 2, 0) / pixels.length);
}

function meanDifference(a: Buffer, b: Buffer): number {
  return a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
}

/**
 * What a served picture must show: the plate's letters smoothed away (their spread of greys far
 * below the original's), and the wheel and road as they were, within JPEG's tolerance.
 */
async function expectBlurredPlate(served: Buffer, original: Buffer, what: string) {
  const { width = 0, height = 0 } = await sharp(served).metadata();
  const size = { width, height };
  const before = stdev(await greyPixels(original, LETTERS, size));
  const after = stdev(await greyPixels(served, LETTERS, size));
  expect(before, `${what}: the original's plate has letters`).toBeGreaterThan(40);
  expect(after, `${what}: the plate is blurred`).toBeLessThan(before * 0.35);
  const away = meanDifference(await greyPixels(served, AWAY, size), await greyPixels(original, AWAY, size));
  expect(away, `${what}: the rest is unchanged`).toBeLessThan(4);
}

/** The image's boxes as the hub has them. */
async function platesOf(page: Page, assetId: string): Promise<PlateBoxesView> {
  const response = await page.request.get(`/api/assets/${assetId}/plates`);
  expect(response.status()).toBe(200);
  return (await response.json()) as PlateBoxesView;
}

/**
 * Drags with the mouse from one point of the picture to another, given in fractions of it, once
 * the picture has stopped moving (the dialog grows in as it opens).
 */
async function dragOn(page: Page, picture: Locator, from: [number, number], to: [number, number]) {
  let box = await picture.boundingBox();
  await expect
    .poll(async () => {
      const before = box;
      box = await picture.boundingBox();
      return JSON.stringify(box) === JSON.stringify(before);
    })
    .toBe(true);
  if (!box) throw new Error('the picture is not shown');
  const { x, y, width, height } = box;
  const at = ([fx, fy]: [number, number]) => [x + fx * width, y + fy * height] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  await page.mouse.move(...at(to), { steps: 8 });
  await page.mouse.up();
}

/** The bytes at `url` once they are served: 503 (with Retry-After) while the blurred renditions are prepared. */
async function whenServed(request: APIRequestContext, url: string): Promise<Buffer> {
  let body: Buffer | null = null;
  await expect
    .poll(
      async () => {
        const answer = await request.get(url);
        if (answer.status() === 200) body = await answer.body();
        else expect(answer.status(), `${url} is being prepared, never served unblurred`).toBe(503);
        return answer.status();
      },
      { timeout: 120_000, intervals: [1000, 2000, 5000] },
    )
    .toBe(200);
  if (!body) throw new Error(`${url} was not served`);
  return body;
}

/**
 * The outsider's share page, past the password: the card's picture, its download and the ZIP, each
 * fetched as the page links them once the blurred renditions are ready.
 */
async function outsiderDownloads(browser: Browser, url: string, password: string, lang: Lang) {
  const texts = SHARE_TEXTS[lang];
  const context = await browser.newContext({ locale: BROWSER_LOCALES[lang] });
  const visitor = await context.newPage();
  try {
    await visitor.goto(url);
    await visitor.getByLabel(texts.passwordLabel).fill(password);
    await visitor.getByRole('button', { name: texts.open }).click();
    const card = visitor.locator('li.card');
    await expect(card).toHaveCount(1);
    const linked = async (locator: Locator, attribute: string) =>
      new URL((await locator.getAttribute(attribute)) ?? '', visitor.url()).toString();
    const zipUrl = await linked(visitor.getByRole('link', { name: texts.downloadAll }), 'href');
    const originalUrl = await linked(card.locator('a[href$="/original"]'), 'href');
    const zip = await whenServed(visitor.request, zipUrl);
    const original = await whenServed(visitor.request, originalUrl);
    // Ready: the page shows the picture itself.
    await visitor.reload();
    const picture = card.locator('img').first();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const shown = await whenServed(visitor.request, await linked(picture, 'src'));
    await keepScreenshot(visitor, `plates-outsider-${lang}`);
    return { shown, original, zip };
  } finally {
    await context.close();
  }
}

/** The one picture in a ZIP, read with the `unzip` binary. */
async function pictureInZip(zip: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'paddock-e2e-plates-'));
  try {
    const file = join(dir, 'share.zip');
    await writeFile(file, zip);
    const { stdout } = await run('unzip', ['-Z1', file]);
    const entries = stdout.trim().split('\n');
    expect(entries).toHaveLength(1);
    const { stdout: bytes } = await run('unzip', ['-p', file, entries[0]!], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    return bytes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

for (const lang of ['it', 'en', 'fr'] as const)
  test(`a press officer shares a photo with a plate by link in ${lang}: asked for a box, draws and adjusts it, and the outsider's picture and ZIP show the plate blurred`, async ({
    page,
    browser,
  }) => {
    // An upload, its previews and detection, a share and its blurred renditions on two cores.
    test.setTimeout(360_000);
    const t = TEXTS[lang];
    const name = `e2e-plates-${RUN}-${lang}.jpg`;
    const photo = await carPhoto(name);
    await signIn(page, 'mario.rossi', lang);
    await page.setViewportSize({ width: 1280, height: 900 });
    const folder = await folderByCode(page, 'campagne-2026-marketing');
    await page.goto(`/home?folder=${encodeURIComponent(folder.id)}`);
    await uploadFiles(page, [photo], { lang, timeout: 60_000 });
    const asset = (await derivedListing(page.request, folder.id, name, lang)).find(
      (a) => itemName(a) === name,
    );
    expect(asset, `${name} is listed`).toBeDefined();
    const assetId = asset!.id;

    // The plate is recorded (targa 1); the detector, done with the upload, found no box on the tilted plate.
    await completedJob(page, '/api/tags/bulk', {
      contentIds: [assetId],
      folderId: folder.id,
      action: 'add',
      metadata: [{ key: 'targa-1', value: 'AB 123 CD' }],
    });
    await expect
      .poll(async () => (await platesOf(page, assetId)).state, { timeout: 120_000 })
      .not.toBe('detecting');
    const before = await platesOf(page, assetId);
    expect(before).toMatchObject({ plateRecorded: true, boxes: [], mayEdit: true });

    // The share dialog asks for a box and does not share until there is one.
    await page.getByRole('searchbox', { name: t.assets.search.label }).fill(name.replace(/\.jpg$/, ''));
    await page.getByRole('button', { name: t.assets.search.submit, exact: true }).click();
    await page.getByRole('option', { name }).click();
    await chooseFromMoreMenu(page, t.sharing.action, lang);
    const dialog = page.getByRole('dialog', {
      name: new RegExp(`^${t.sharing.dialog.title_one.replace('{{count}}', '1')}`),
    });
    await dialog.getByRole('button', { name: t.sharing.dialog.next }).click();
    const plates = dialog.getByRole('region', { name: t.plates.share.title });
    await expect(plates.getByText(t.plates.share.required_one.replace('{{count}}', '1'))).toBeVisible();
    await expect(plates.getByText(t.plates.share.needsBox)).toBeVisible();
    await dialog.getByLabel(t.sharing.dialog.name).fill(`Plates ${RUN} ${lang}`);
    await dialog.getByRole('button', { name: t.sharing.dialog.generatePassword }).click();
    const password = await dialog.getByLabel(new RegExp(`^${t.sharing.dialog.password}\\W*$`)).inputValue();
    await expect(dialog.getByRole('button', { name: t.sharing.dialog.submit })).toBeDisabled();
    await plates.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `plates-share-asks-${lang}`);

    // The editor: a box drawn over the plate with the mouse, then grown and nudged with the keyboard.
    await plates.getByRole('button', { name: t.plates.share.adjustOf.replace('{{name}}', name) }).click();
    const editor = page.getByRole('dialog', { name: t.plates.editor.title.replace('{{name}}', name) });
    const picture = editor.getByRole('img', { name: t.plates.editor.picture.replace('{{name}}', name) });
    await expect(picture).toHaveJSProperty('complete', true);
    await dragOn(
      page,
      picture,
      [DRAWN.x + 0.01, DRAWN.y + 0.01],
      [DRAWN.x + DRAWN.w - 0.01, DRAWN.y + DRAWN.h - 0.01],
    );
    const drawn = editor.getByRole('group', {
      name: t.plates.editor.box.manual.replace('{{number}}', '1').replace('{{count}}', '1'),
    });
    await expect(drawn).toBeFocused();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await expect(editor.getByText(t.plates.editor.count_one.replace('{{count}}', '1'))).toBeVisible();
    await keepScreenshot(page, `plates-editor-${lang}`);
    await editor.getByRole('button', { name: t.plates.editor.save }).click();
    await expect(editor).toBeHidden();

    const saved = await platesOf(page, assetId);
    expect(saved.state).toBe('confirmed');
    expect(saved.boxes).toHaveLength(1);
    const [box] = saved.boxes;
    // Drawn, then grown by a hundredth each way and moved back by one: the plate, with its margin.
    expect(box!.x).toBeCloseTo(DRAWN.x, 1);
    expect(box!.y).toBeCloseTo(DRAWN.y, 1);
    expect(box!.x + box!.w).toBeGreaterThan(LETTERS.x + LETTERS.w);
    expect(box!.y + box!.h).toBeGreaterThan(LETTERS.y + LETTERS.h);

    await expect(
      plates.getByText(t.plates.share.boxes.confirmed_one.replace('{{count}}', '1')),
    ).toBeVisible();
    await expect(plates.getByText(t.plates.share.needsBox)).toBeHidden();
    await dialog.getByRole('button', { name: t.sharing.dialog.submit }).click();
    const link = dialog.getByRole('textbox', { name: t.sharing.dialog.link });
    await expect(link).toHaveValue(/\/provider\/share\//, { timeout: 60_000 });
    const url = await link.inputValue();
    await dialog.getByRole('button', { name: t.sharing.dialog.close }).click();

    // The detail shows the confirmed box in its plates section.
    await page.getByRole('option', { name }).dblclick();
    const detail = page.getByRole('dialog', { name });
    const section = detail.getByRole('region', { name: t.plates.detail.title });
    await expect(section.getByTestId('plate-boxes-overlay').locator('[data-source="manual"]')).toHaveCount(1);
    await expect(section.getByRole('button', { name: t.plates.detail.edit })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `plates-detail-${lang}`);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // The outsider's picture and ZIP: the plate blurred, the rest as it was.
    const served = await outsiderDownloads(browser, url, password, lang);
    await expectBlurredPlate(served.shown, photo.buffer, 'the share page picture');
    await expectBlurredPlate(served.original, photo.buffer, 'the download');
    await expectBlurredPlate(await pictureInZip(served.zip), photo.buffer, 'the ZIP entry');
  });
