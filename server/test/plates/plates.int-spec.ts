import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  ERROR_CODES,
  LIMITS,
  PLATE_BOXES_METADATA,
  PLATE_ERROR_CODES,
  formatBytes,
  formatDimensions,
  WORKFLOW_TAGS,
  type AssetDetail,
  type ExternalShareSummary,
  type Language,
  type PlateBoxesView,
  type PlateBoxShape,
  type PlateViewsAnswer,
  type UploadResult,
} from '@paddock/rules';
import sharp from 'sharp';
import { PREPARING_RETRY_SECONDS } from '../../src/builtin-provider/sharing/share-page.controller';
import { DEMO_PASSWORD } from '../../src/config/demo-secrets';
import { QueueName, type ExternalShareResult } from '../../src/jobs/job-catalogue';
import { JobQueues } from '../../src/jobs/job-queues';
import { platesDetectJobIdOf } from '../../src/plates/plate-records';
import { call, headersOf, hubDb, postForm, providerDb, type SignedIn } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { tusUpload } from '../support/tus-client';
import { as, finished, get, post, seedDemoOrganisation } from '../workflow/workflow-fixtures';

jest.setTimeout(240_000);

const run = promisify(execFile);

/**
 * Plates blurred before they leave (issue 28 point 1, docs/plates.md), end to end over the real
 * hub, workers, built-in provider, PostgreSQL and Redis: boxes proposed on upload and saved by a
 * person, an external share's page pictures, download and ZIP served blurred (and nothing while
 * they render), the share refused without a box, and the doors an attacker would try.
 */

const STRONG = 'Press-Kit-2026#Spider';
const WIDTH = 1600;
const HEIGHT = 1000;
/** Where the scene's plate is, in pixels. */
const PLATE = { left: 640, top: 640, width: 320, height: 68 };
/** A person's box over it, a little larger, as fractions. */
const PLATE_BOX: PlateBoxShape = { x: 0.39, y: 0.63, w: 0.22, h: 0.088 };
/** The front wheel's edge on the road: sharp, and a second box later. */
const WHEEL = { left: 360, top: 700, width: 240, height: 200 };
/** Somewhere no box ever covers: the sky. */
const SKY = { left: 100, top: 80, width: 400, height: 200 };

let t: TestApp;
let workDir: string;
let mario: SignedIn;
let paola: SignedIn;
let supplier: SignedIn;
let archive: string;
let car: string;
let original: Buffer;

/** A car in front of a smooth sky with an EU-style plate (white, blue band, dark characters). */
async function carScene(): Promise<Buffer> {
  const { left, top, width, height } = PLATE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7fa7d0"/><stop offset="1" stop-color="#c9d6e0"/></linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <rect y="750" width="${WIDTH}" height="250" fill="#606468"/>
    <rect x="300" y="420" width="1000" height="380" rx="70" fill="#2b3440"/>
    <circle cx="480" cy="800" r="100" fill="#111"/><circle cx="1120" cy="800" r="100" fill="#111"/>
    <rect x="${left}" y="${top}" width="${width}" height="${height}" fill="#f4f4f0" stroke="#111" stroke-width="3"/>
    <rect x="${left}" y="${top}" width="${width * 0.09}" height="${height}" fill="#1d3fa6"/>
    <text x="${left + width * 0.55}" y="${top + height * 0.78}" font-family="DejaVu Sans" font-weight="bold"
      font-size="${height * 0.72}" text-anchor="middle" fill="#151515">AB 123 CD</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

async function upload(name: string, bytes: Buffer, filetype: string, derivatives: number): Promise<string> {
  const { result } = await tusUpload(t, mario, bytes, { filename: name, filetype, folderId: archive });
  expect(result?.status).toBe(200);
  const id = (result?.body as UploadResult).contentId;
  const deadline = Date.now() + 90_000;
  while ((await providerDb(t).derivative.count({ where: { contentId: id } })) < derivatives) {
    if (Date.now() > deadline) throw new Error(`no derivatives for ${name}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return id;
}

function plates(s: SignedIn, id: string) {
  return get<PlateBoxesView & { code?: string }>(t, s, `/api/assets/${id}/plates`);
}

function savePlates(s: SignedIn, id: string, boxes: unknown) {
  return call<PlateBoxesView & { code: string; details?: unknown }>(t, 'PUT', `/api/assets/${id}/plates`, {
    json: { boxes },
    headers: headersOf(s),
  });
}

function plateViews(s: SignedIn, body: unknown) {
  return post<PlateViewsAnswer & { code?: string; message?: string }>(t, s, '/api/plates/views', body);
}

/** Grey values of a region of `image` once it is scaled to the scene's size. */
async function region(image: Buffer, r: typeof PLATE): Promise<number[]> {
  const { data } = await sharp(image)
    .resize(WIDTH, HEIGHT, { fit: 'fill' })
    .extract(r)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data];
}

/** The steepest step between neighbouring pixels of a row: an edge is a steep step, a blur leaves none. */
function steepest(values: number[], width: number): number {
  let max = 0;
  for (let i = 0; i < values.length; i++)
    if ((i + 1) % width !== 0) max = Math.max(max, Math.abs(values[i + 1]! - values[i]!));
  return max;
}

function meanDifference(a: number[], b: number[]): number {
  return a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
}

/** The plate unreadable in `served` (the original's plate is sharp black on white), the sky as it was. */
async function expectBlurred(served: Buffer): Promise<void> {
  const [before, after] = [await region(original, PLATE), await region(served, PLATE)];
  expect(steepest(before, PLATE.width)).toBeGreaterThan(100);
  expect(steepest(after, PLATE.width)).toBeLessThan(25);
  expect(meanDifference(after, before)).toBeGreaterThan(20);
  expect(meanDifference(await region(served, SKY), await region(original, SKY))).toBeLessThan(4);
}

class Recipient {
  cookie = '';
  constructor(readonly url: string) {}

  fetch(suffix = '', init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.url}${suffix}`, {
      redirect: 'manual',
      ...init,
      headers: {
        'x-forwarded-for': '203.0.113.28',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...init.headers,
      },
    });
  }

  async login(): Promise<void> {
    const res = await this.fetch('/session', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: STRONG }).toString(),
    });
    expect(res.status).toBe(303);
    this.cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('paddock_share='))!
      .split(';')[0]!;
  }

  async bytes(suffix: string): Promise<Buffer> {
    const res = await this.fetch(suffix);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }
}

async function share(contentIds: string[]): Promise<Recipient> {
  const submitted = await post<{ jobId: string }>(t, mario, '/api/external-shares', {
    type: 'link',
    name: 'Prototype on the road',
    contentIds,
    folderId: archive,
    password: STRONG,
    contentDownload: true,
    language: 'en',
  });
  expect(submitted.status).toBe(202);
  const job = await finished(t, mario, submitted.body.jobId);
  expect(job.state).toBe('completed');
  const detail = await get<ExternalShareSummary>(
    t,
    mario,
    `/api/external-shares/${(job.result as ExternalShareResult).shareId}`,
  );
  const recipient = new Recipient(detail.body.url!);
  await recipient.login();
  return recipient;
}

const media = () => t.app.get(JobQueues).get(QueueName.Media);

/** Polls until the rendition is served (its blurred copy rendered). */
async function whenServed(recipient: Recipient, suffix: string): Promise<Buffer> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await recipient.fetch(suffix);
    if (res.status === 200) return Buffer.from(await res.arrayBuffer());
    expect(res.status).toBe(503);
    if (Date.now() > deadline) throw new Error(`${suffix} still being prepared`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Nothing of the image while its blurred renditions are not rendered: 503, Retry-After, no bytes of a picture. */
async function expectPreparing(recipient: Recipient, id: string): Promise<void> {
  for (const suffix of [`/assets/${id}/thumb`, `/assets/${id}/preview`, `/assets/${id}/original`, '/zip']) {
    const res = await recipient.fetch(suffix);
    expect({ suffix, status: res.status, retryAfter: res.headers.get('retry-after') }).toEqual({
      suffix,
      status: 503,
      retryAfter: String(PREPARING_RETRY_SECONDS),
    });
    expect(await res.text()).toBe('Being prepared');
  }
  const page = await (await recipient.fetch()).text();
  expect(page).toContain('Being prepared: the licence plates are being blurred.');
  expect(page).not.toContain(`/assets/${id}/preview"`);
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'paddock-plates-'));
  t = await startTestApp({ BLOB_DIR: join(workDir, 'blobs') });
  archive = (await seedDemoOrganisation(t)).get('arch04-marketing')!;
  mario = await as(t, 'mario.rossi');
  paola = await as(t, 'paola.neri');
  supplier = await as(t, 'foto.studio');
  original = await carScene();
  car = await upload('prototype.jpg', original, 'image/jpeg', 2);
});

afterAll(async () => {
  await media()?.resume();
  await t?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('boxes proposed on upload', () => {
  it('runs the detection job on a new image and proposes the boxes it found', async () => {
    const job = await finished(t, mario, platesDetectJobIdOf(car, 1), 120_000);
    expect(job).toMatchObject({ state: 'completed', result: { state: 'proposed' } });
    const view = await plates(mario, car);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ assetId: car, state: 'proposed', plateRecorded: false, mayEdit: true });
    expect(view.body.boxes.every((b) => b.source === 'auto')).toBe(true);
    // The detector sees the scene's plate: some box covers its centre.
    const cx = (PLATE.left + PLATE.width / 2) / WIDTH;
    const cy = (PLATE.top + PLATE.height / 2) / HEIGHT;
    expect(view.body.boxes.some((b) => b.x < cx && cx < b.x + b.w && b.y < cy && cy < b.y + b.h)).toBe(true);
  });
});

describe('saving boxes', () => {
  it('refuses bad boxes before anything is read, and changes nothing', async () => {
    const before = (await plates(mario, car)).body;
    const outside = await savePlates(mario, car, [{ x: 0.9, y: 0.5, w: 0.2, h: 0.1 }]);
    expect(outside).toMatchObject({
      status: 400,
      body: { code: PLATE_ERROR_CODES.INVALID_BOXES, details: { problem: 'outside' } },
    });
    const many = Array.from({ length: 21 }, () => PLATE_BOX);
    expect((await savePlates(mario, car, many)).body).toMatchObject({ details: { problem: 'tooMany' } });
    expect((await savePlates(mario, car, [{ x: 0.1, y: 0.1, w: 0.001, h: 0.1 }])).status).toBe(400);
    expect((await savePlates(mario, car, [{ x: 'a', y: 0, w: 0.1, h: 0.1 }])).status).toBe(400);
    // Even for an asset nobody may see: the boxes are refused first.
    const unknown = await savePlates(mario, '00000000-0000-4000-8000-000000000000', many);
    expect(unknown.body.code).toBe(PLATE_ERROR_CODES.INVALID_BOXES);
    expect((await plates(mario, car)).body).toEqual(before);
  });

  it('lets only who may share or tag the asset change them: an observer 403, an outsider 404', async () => {
    const before = (await plates(mario, car)).body;
    const observed = await plates(paola, car);
    expect(observed).toMatchObject({ status: 200, body: { mayEdit: false } });
    expect((await savePlates(paola, car, [PLATE_BOX])).body.code).toBe(ERROR_CODES.FORBIDDEN);
    const detect = await post<{ code: string }>(t, paola, `/api/assets/${car}/plates/detect`, {});
    expect(detect.body.code).toBe(ERROR_CODES.FORBIDDEN);
    expect((await plates(supplier, car)).status).toBe(404);
    expect((await savePlates(supplier, car, [PLATE_BOX])).status).toBe(404);
    expect((await post(t, supplier, `/api/assets/${car}/plates/detect`, {})).status).toBe(404);
    // Refused, nothing changed: the same boxes, and no detection started (the view would say so).
    expect((await plates(mario, car)).body).toEqual(before);
  });

  it('confirms a person’s boxes, a detector’s box kept as it was stays auto', async () => {
    const proposed = (await plates(mario, car)).body.boxes[0]!;
    const saved = await savePlates(mario, car, [
      { x: proposed.x, y: proposed.y, w: proposed.w, h: proposed.h },
      PLATE_BOX,
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ state: 'confirmed', confirmedBy: 'Mario Rossi' });
    expect(saved.body.boxes.map((b) => b.source)).toEqual(['auto', 'manual']);
    expect((await plates(mario, car)).body).toEqual(saved.body);
    // A detection asked again keeps a person's boxes.
    const detect = await post<{ jobId: string }>(t, mario, `/api/assets/${car}/plates/detect`, {});
    expect(detect.status).toBe(202);
    expect(await finished(t, mario, detect.body.jobId, 120_000)).toMatchObject({ result: { state: 'kept' } });
    expect((await plates(mario, car)).body.boxes).toEqual(saved.body.boxes);
  });

  it('refuses boxes on what is not an image', async () => {
    const notes = await upload('notes.txt', Buffer.from('Prototype notes\n'), 'text/plain', 0);
    expect((await savePlates(mario, notes, [PLATE_BOX])).body.code).toBe(PLATE_ERROR_CODES.NOT_AN_IMAGE);
    expect((await plates(mario, notes)).body).toMatchObject({ state: 'none', boxes: [], mayEdit: false });
  });
});

describe('many images’ boxes in one request', () => {
  let second: string;
  let notes: string;

  beforeAll(async () => {
    second = await upload('prototype-side.jpg', original, 'image/jpeg', 2);
    await finished(t, mario, platesDetectJobIdOf(second, 1), 120_000);
    // Named apart in each locale of the pair, before anything reads (and keeps) its detail.
    await providerDb(t).contentLocale.updateMany({
      where: { contentId: second, locale: 'IT' },
      data: { name: 'prototipo-di-lato' },
    });
    notes = await upload('batch-notes.txt', Buffer.from('Side notes\n'), 'text/plain', 0);
  });

  it('answers for each image the view a single GET answers, in the order asked, each named in the language', async () => {
    const ids = [second, notes, car];
    for (const [who, lang] of [
      [mario, 'it'],
      [mario, 'en'],
      [paola, 'fr'],
    ] as [SignedIn, Language][]) {
      const batch = await plateViews(who, { assetIds: ids, lang });
      expect(batch.status).toBe(200);
      const expected = [];
      for (const id of ids) {
        const detail = (await get<AssetDetail>(t, who, `/api/assets/${id}?lang=${lang}`)).body;
        const single = (await plates(who, id)).body;
        expected.push({ ...single, name: detail.name, extension: detail.extension });
      }
      expect(batch.body.views).toEqual(expected);
    }
    const [it, en] = await Promise.all(
      (['it', 'en'] as const).map(
        async (lang) => (await plateViews(mario, { assetIds: [second], lang })).body,
      ),
    );
    expect([it.views[0]!.name, en.views[0]!.name]).toEqual([
      'prototipo-di-lato',
      expect.not.stringMatching(/prototipo/),
    ]);
    // Without a language, English names (FALLBACK_LANGUAGE).
    expect((await plateViews(mario, { assetIds: [second] })).body).toEqual(en);
    // The confirmed boxes, their author by name, and an observer who may not change them.
    expect((await plateViews(paola, { assetIds: [car] })).body.views[0]).toMatchObject({
      state: 'confirmed',
      confirmedBy: 'Mario Rossi',
      mayEdit: false,
    });
  });

  it('answers NOT_FOUND for the whole request when one asset is hidden from the caller, naming none', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [who, ids] of [
      [supplier, [car]],
      [supplier, [car, second]],
      [mario, [car, unknown, second]],
    ] as [SignedIn, string[]][]) {
      const res = await plateViews(who, { assetIds: ids });
      expect(res).toMatchObject({ status: 404, body: { code: ERROR_CODES.NOT_FOUND } });
      expect(res.body.views).toBeUndefined();
      for (const id of [car, second]) expect(JSON.stringify(res.body)).not.toContain(id);
    }
  });

  it('refuses a body that is not a list of distinct asset ids a share could hold, and changes nothing', async () => {
    const before = (await plateViews(mario, { assetIds: [car, second] })).body;
    const jobs = await hubDb(t).jobRecord.count();
    const tooMany = Array.from(
      { length: LIMITS.externalShareMaxFiles + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const bodies: unknown[] = [
      {},
      { assetIds: [] },
      { assetIds: [car, car] },
      { assetIds: tooMany },
      { assetIds: [car, 'not-an-id'] },
      { assetIds: [car, 42] },
      { assetIds: car },
      { assetIds: [car], lang: 'de' },
      { assetIds: [car], extra: true },
    ];
    for (const body of bodies) {
      const res = await plateViews(mario, body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({
        body,
        status: 400,
        code: ERROR_CODES.VALIDATION_FAILED,
      });
    }
    // As many as a share holds are taken (those do not exist: not found, not refused as a body).
    expect((await plateViews(mario, { assetIds: tooMany.slice(1) })).status).toBe(404);
    expect(await hubDb(t).jobRecord.count()).toBe(jobs);
    expect((await plateViews(mario, { assetIds: [car, second] })).body).toEqual(before);
  });
});

describe('the provider door (a user with their own token)', () => {
  it('refuses a demo user changing or removing the boxes through /provider', async () => {
    const login = await postForm<{ tokenId: string }>(
      t,
      '/provider/xsso/resources/accessmanager/login/paddock',
      {
        username: 'mario.rossi',
        password: DEMO_PASSWORD,
      },
    );
    expect(login.status).toBe(200);
    const before = (await plates(mario, car)).body;
    const scope = `paddock/${WORKFLOW_TAGS.classification}`;
    const target = { id: car, entityType: 'CONTENT' };
    const attempts = [
      [
        `/provider/xintelligence/resources/imetadata/bulkInsert/${scope}`,
        {
          value: {
            imetadata: [{ key: PLATE_BOXES_METADATA, value: '{"state":"confirmed","boxes":[]}' }],
            target,
          },
        },
      ],
      [
        `/provider/xintelligence/resources/imetadata/bulkRemove/${scope}`,
        { value: { imetadata: [{ key: PLATE_BOXES_METADATA }], target } },
      ],
      [
        `/provider/xintelligence/resources/imetadata/bulkRemoveMultiTargets/${scope}`,
        { value: { imetadata: { key: PLATE_BOXES_METADATA.toUpperCase() }, targets: [target] } },
      ],
    ] as const;
    for (const [path, json] of attempts) {
      const res = await call<{ resultCode: string }>(t, 'POST', path, {
        json,
        headers: { 'X-TOKENID': login.body.tokenId },
      });
      expect({ path, refused: res.body.resultCode !== 'OK' }).toEqual({ path, refused: true });
    }
    expect((await plates(mario, car)).body).toEqual(before);
  });
});

describe('an external share of an image with boxes', () => {
  let recipient: Recipient;

  it('serves nothing of the image while its blurred renditions render', async () => {
    await media().pause();
    recipient = await share([car]);
    await expectPreparing(recipient, car);
    await media().resume();
  });

  it('serves the page pictures, the download and the ZIP with the plate blurred, the rest as it was', async () => {
    const preview = await whenServed(recipient, `/assets/${car}/preview`);
    await expectBlurred(preview);
    await expectBlurred(await recipient.bytes(`/assets/${car}/thumb`));
    const download = await recipient.bytes(`/assets/${car}/original`);
    expect((await sharp(download).metadata()).width).toBe(WIDTH);
    expect((await sharp(download).metadata()).exif).toBeUndefined();
    await expectBlurred(download);
    const zipPath = join(workDir, 'share.zip');
    await writeFile(zipPath, await recipient.bytes('/zip'));
    await run('unzip', ['-q', '-o', zipPath, '-d', join(workDir, 'unzipped')]);
    const [entry] = await readdir(join(workDir, 'unzipped'));
    await expectBlurred(await readFile(join(workDir, 'unzipped', entry!)));
    const page = await (await recipient.fetch()).text();
    expect(page).toContain(`/assets/${car}/preview"`);
  });

  it('never serves a rendition made for boxes that changed while the share is live', async () => {
    await media().pause();
    const wheel: PlateBoxShape = {
      x: WHEEL.left / WIDTH,
      y: WHEEL.top / HEIGHT,
      w: WHEEL.width / WIDTH,
      h: WHEEL.height / HEIGHT,
    };
    expect((await savePlates(mario, car, [PLATE_BOX, wheel])).status).toBe(200);
    await expectPreparing(recipient, car);
    await media().resume();
    const preview = await whenServed(recipient, `/assets/${car}/preview`);
    // The new box is blurred as well as the first one.
    expect(steepest(await region(original, WHEEL), WHEEL.width)).toBeGreaterThan(60);
    expect(steepest(await region(preview, WHEEL), WHEEL.width)).toBeLessThan(25);
    expect(steepest(await region(preview, PLATE), PLATE.width)).toBeLessThan(25);
  });
});

describe('an external share of a TIFF with boxes', () => {
  let tiff: string;

  it('puts the blurred original in the ZIP as the JPEG it became, named .jpg', async () => {
    tiff = await upload('prototype.tif', await sharp(original).tiff().toBuffer(), 'image/tiff', 2);
    await finished(t, mario, platesDetectJobIdOf(tiff, 1), 120_000);
    expect((await savePlates(mario, tiff, [PLATE_BOX])).status).toBe(200);
    const recipient = await share([tiff]);
    const zipPath = join(workDir, 'tiff-share.zip');
    await writeFile(zipPath, await whenServed(recipient, '/zip'));
    const dir = join(workDir, 'tiff-unzipped');
    await run('unzip', ['-q', '-o', zipPath, '-d', dir]);
    const [entry] = await readdir(dir);
    expect(entry).toMatch(/_original\.jpg$/);
    const bytes = await readFile(join(dir, entry!));
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    await expectBlurred(bytes);
    // The page describes the file a download gives: the blurred JPEG, its weight, not the TIFF's.
    const page = await (await recipient.fetch()).text();
    const card = new RegExp(`data-content-id="${tiff}">[\\s\\S]*?<p class="facts">([^<]*)</p>`).exec(page);
    const download = await recipient.bytes(`/assets/${tiff}/original`);
    expect(card?.[1]).toBe(
      ['JPG', formatDimensions(WIDTH, HEIGHT), formatBytes(download.length, 'en')].join(' · '),
    );
  });

  it('leaves none of its blurred files in the store once the image is removed for good', async () => {
    const blurred = join(workDir, 'blobs', 'plates', tiff);
    expect((await readdir(blurred, { recursive: true })).some((f) => f.endsWith('original.jpg'))).toBe(true);
    const login = await postForm<{ tokenId: string }>(
      t,
      '/provider/xsso/resources/accessmanager/login/paddock',
      {
        username: 'mario.rossi',
        password: DEMO_PASSWORD,
      },
    );
    const removed = await call<{ resultCode: string }>(
      t,
      'POST',
      '/provider/xadmin/resources/content/remove/paddock',
      {
        json: { xcontentId: tiff },
        headers: { 'X-TOKENID': login.body.tokenId },
      },
    );
    expect(removed.body.resultCode).toBe('OK');
    const left = await readdir(blurred, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    });
    expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
  });
});

describe('an external share of an image with a plate recorded and no box', () => {
  it('is refused naming the image, nothing created; a person’s "no plate to blur" lets it go', async () => {
    const other = await upload('prototype-2.jpg', original, 'image/jpeg', 2);
    await finished(t, mario, platesDetectJobIdOf(other, 1), 120_000);
    // The detector's proposal taken away and a plate recorded, as a person tagging it would.
    await providerDb(t).contentMetadata.deleteMany({
      where: { contentId: other, key: PLATE_BOXES_METADATA },
    });
    await providerDb(t).contentMetadata.create({
      data: {
        contentId: other,
        classificationId: WORKFLOW_TAGS.classification,
        key: 'targa-1',
        value: 'AB123CD',
      },
    });
    expect((await plates(mario, other)).body).toMatchObject({ state: 'none', plateRecorded: true });
    const shares = await providerDb(t).externalShare.count();
    const jobs = await hubDb(t).jobRecord.count();
    const refused = await post<{ code: string; details: unknown }>(t, mario, '/api/external-shares', {
      type: 'link',
      name: 'No box yet',
      contentIds: [car, other],
      folderId: archive,
      password: STRONG,
      contentDownload: true,
      language: 'en',
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: PLATE_ERROR_CODES.BOX_REQUIRED, details: { ids: [other] } },
    });
    expect(await providerDb(t).externalShare.count()).toBe(shares);
    expect(await hubDb(t).jobRecord.count()).toBe(jobs);
    expect((await savePlates(mario, other, [])).body).toMatchObject({ state: 'confirmed', boxes: [] });
    const recipient = await share([other]);
    // Nothing to blur, by a person's word: served as it is.
    expect((await recipient.fetch(`/assets/${other}/preview`)).status).toBe(200);
  });
});
