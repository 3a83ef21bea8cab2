import { createHash } from 'node:crypto';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { DERIVATIVE_ERROR_CODES } from '../../src/builtin-provider/derivatives/derivatives.errors';
import { MakeDerivativesHandler } from '../../src/builtin-provider/derivatives/make-derivatives.handler';
import { demoAudio, demoVideo, minimalPdf } from '../../src/seed/demo-content';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  addVersion,
  derivative,
  insertContent,
  makeDerivatives,
  metadataOf,
  providerDb,
  readBlob,
} from './derivatives-fixtures';
import { cmykJpeg, deepAlphaPng, pngClaiming, runFfprobe, sidewaysJpeg } from './media-files';

// Whole-app integration: the project-level testTimeout (30 s) of jest.config.ts is not applied by Jest.
jest.setTimeout(120_000);

/** The make-derivatives job end to end: blob store → worker (sharp, ffmpeg, pdftoppm) → PostgreSQL. */
describe('media/make-derivatives (PostgreSQL + Redis + real media)', () => {
  let t: TestApp;
  let work: string;

  beforeAll(async () => {
    t = await startTestApp();
    work = await mkdtemp(join(tmpdir(), 'derivatives-test-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
    await t.close();
  });

  const stateOf = async (id: string) =>
    (await providerDb(t).content.findUniqueOrThrow({ where: { id } })).state;

  it('turns an EXIF-orientation-6 photo upright and extracts its metadata and fingerprint', async () => {
    const bytes = await sidewaysJpeg();
    const id = await insertContent(t, 'fiat-500-laterale.jpg', bytes);

    const job = await makeDerivatives(t, id);
    expect(job).toMatchObject({ state: 'completed', progress: 100 });
    expect(job.result).toEqual({ derivatives: ['preview', 'thumb'], state: 'READY' });
    expect(await stateOf(id)).toBe('READY');

    // Stored 600x300 sideways: upright it is 300 wide and 600 high.
    const thumb = await derivative(t, id, 'thumb');
    const thumbMeta = await sharp(thumb.bytes).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([200, 400]);
    expect(thumbMeta.orientation ?? 1).toBe(1);
    expect(thumb.row).toMatchObject({ width: 200, height: 400 });
    const preview = await sharp((await derivative(t, id, 'preview')).bytes).metadata();
    expect([preview.width, preview.height]).toEqual([300, 600]); // never enlarged

    const metadata = await metadataOf(t, id);
    expect(metadata).toMatchObject({
      size: String(bytes.length),
      resolution: '300x600',
      dpi: '300',
      creation_date: '2024-05-06T07:08:09.000Z',
    });
    expect(metadata.fingerprint).toMatch(/^sha256:[0-9a-f]{64} dhash:[0-9a-f]{16}$/);
    // Dates are kept as epoch ms in value_num, the unit the LESS/MORE/BETWEEN search filters use.
    const created = await providerDb(t).contentMetadata.findFirstOrThrow({
      where: { contentId: id, key: 'creation_date' },
    });
    expect(created.valueNum).toBe(Date.parse('2024-05-06T07:08:09.000Z'));
    // A source stored without its digest (as an upload taken by rename is) gets it from this job's read.
    const source = await providerDb(t).contentSource.findFirstOrThrow({ where: { contentId: id } });
    expect(source).toMatchObject({
      width: 300,
      height: 600,
      durationMs: null,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      crc32: BigInt(crc32(bytes)),
    });
    expect(metadata.fingerprint).toContain(`sha256:${source.sha256}`);
  });

  it('makes a photo READY with its thumb before its preview, so the card need not wait for the preview', async () => {
    const noise = await sharp({
      create: {
        width: 150,
        height: 100,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .png()
      .toBuffer();
    const id = await insertContent(t, 'grande.jpg', await sharp(noise).resize(3000, 2000).jpeg().toBuffer());
    const kinds = async () =>
      (await providerDb(t).derivative.findMany({ where: { contentId: id }, orderBy: { kind: 'asc' } })).map(
        (d) => d.kind,
      );
    const seen: { percent: number; state: string; kinds: string[] }[] = [];
    const result = await t.app.get(MakeDerivativesHandler).handle(
      { contentId: id, version: 1 },
      {
        jobId: 'test',
        actor: 'test.owner',
        attempt: 1,
        startedBefore: false,
        stopRequested: () => Promise.resolve(false),
        progress: async (percent) =>
          void seen.push({ percent, state: await stateOf(id), kinds: await kinds() }),
      },
    );
    expect(result).toEqual({ derivatives: ['preview', 'thumb'], state: 'READY' });
    // The thumb alone first, READY: the readiness stream re-reads on this progress and the web shows it.
    expect(seen.find((s) => s.percent === 50)).toEqual({ percent: 50, state: 'READY', kinds: ['thumb'] });
    expect(seen.filter((s) => s.percent < 50).every((s) => s.state === 'PROCESSING')).toBe(true);
    expect(await kinds()).toEqual(['preview', 'thumb']);
    const thumb = await sharp((await derivative(t, id, 'thumb')).bytes).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 267]);
    expect((await metadataOf(t, id)).fingerprint).toMatch(/^sha256:[0-9a-f]{64} dhash:[0-9a-f]{16}$/);
  });

  it('gives a CMYK photo an sRGB preview, and a 16-bit PNG with alpha an 8-bit one that keeps it', async () => {
    const cmyk = await insertContent(t, 'catalogo-cmyk.jpg', await cmykJpeg());
    expect((await makeDerivatives(t, cmyk)).state).toBe('completed');
    const preview = await sharp((await derivative(t, cmyk, 'preview')).bytes).metadata();
    expect(preview).toMatchObject({ space: 'srgb', channels: 3, width: 800, height: 500 });
    const { data } = await sharp((await derivative(t, cmyk, 'thumb')).bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // #0a84ff survives the round trip through CMYK as a clear blue.
    expect(data[2]).toBeGreaterThan(data[0] + 100);

    const deep = await insertContent(t, 'logo-trasparente.png', await deepAlphaPng());
    expect((await makeDerivatives(t, deep)).state).toBe('completed');
    const deepPreview = await sharp((await derivative(t, deep, 'preview')).bytes).metadata();
    expect(deepPreview).toMatchObject({ depth: 'uchar', hasAlpha: true, width: 300, height: 200 });
  });

  it('gives a 2-second video a poster, a thumb and a playable H.264/AAC proxy, with its duration', async () => {
    const video = await demoVideo(work, {
      seconds: 2,
      width: 320,
      height: 240,
      pattern: 'testsrc',
      frequency: 440,
    });
    const id = await insertContent(t, 'spot-breve.mp4', video);

    const job = await makeDerivatives(t, id);
    expect(job.result).toEqual({ derivatives: ['poster', 'thumb', 'proxy'], state: 'READY' });

    const poster = await derivative(t, id, 'poster');
    expect(poster.row.mimeType).toBe('image/jpeg');
    expect(await sharp(poster.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    const proxy = await derivative(t, id, 'proxy');
    expect(proxy.row.mimeType).toBe('video/mp4');
    const proxyFile = join(work, 'proxy.mp4');
    await writeFile(proxyFile, proxy.bytes);
    const probed = await runFfprobe(proxyFile);
    expect(probed.streams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          codec_type: 'video',
          codec_name: 'h264',
          profile: expect.stringMatching(/Baseline/),
        }),
        expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
      ]),
    );
    expect(Number(probed.format.duration)).toBeCloseTo(2, 0);

    const metadata = await metadataOf(t, id);
    expect(metadata).toMatchObject({ resolution: '320x240', size: String(video.length) });
    expect(Number(metadata.duration)).toBeGreaterThanOrEqual(1900);
    expect(Number(metadata.duration)).toBeLessThanOrEqual(2200);
    expect(metadata.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('gives an audio file an AAC proxy and a waveform thumb', async () => {
    const id = await insertContent(
      t,
      'motore-avvio.mp3',
      await demoAudio(work, { seconds: 2, frequency: 220, format: 'mp3' }),
    );
    expect((await makeDerivatives(t, id)).result).toEqual({
      derivatives: ['preview', 'thumb', 'proxy'],
      state: 'READY',
    });
    const proxyFile = join(work, 'proxy.m4a');
    await writeFile(proxyFile, (await derivative(t, id, 'proxy')).bytes);
    expect((await runFfprobe(proxyFile)).streams).toEqual([
      expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
    ]);
    expect((await sharp((await derivative(t, id, 'thumb')).bytes).metadata()).width).toBe(400);
  });

  it('renders the first page of a PDF as preview and thumb', async () => {
    const id = await insertContent(t, 'listino-prezzi.pdf', minimalPdf('Listino 2026', ['Pagina uno']));
    expect((await makeDerivatives(t, id)).state).toBe('completed');
    const preview = await derivative(t, id, 'preview');
    // A4 portrait scaled so its longer side is 2048.
    expect(await sharp(preview.bytes).metadata()).toMatchObject({ height: 2048, width: 1448 });
    const { data } = await sharp(preview.bytes)
      .extract({ left: 0, top: 0, width: 10, height: 10 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The red band at the top of the page is there.
    expect(data[0]).toBeGreaterThan(150);
    expect(data[1]).toBeLessThan(60);
  });

  it('changes nothing when run again, and still succeeds', async () => {
    const id = await insertContent(t, 'ripetuto.jpg', await sidewaysJpeg());
    await makeDerivatives(t, id);
    const snapshot = async () => {
      const rows = await providerDb(t).derivative.findMany({
        where: { contentId: id },
        orderBy: { kind: 'asc' },
      });
      const bytes = await Promise.all(rows.map((r) => readBlob(t, r.blobKey)));
      const metadata = await providerDb(t).contentMetadata.findMany({
        where: { contentId: id },
        select: { key: true, value: true, classificationId: true },
        orderBy: { key: 'asc' },
      });
      return { rows: rows.map(({ createdAt: _c, ...r }) => r), bytes, metadata };
    };
    const first = await snapshot();
    const again = await makeDerivatives(t, id);
    expect(again).toMatchObject({ state: 'completed', errorCode: null });
    expect(await snapshot()).toEqual(first);
    expect(await stateOf(id)).toBe('READY');
  });

  it('still makes the renditions of a version a newer one replaced first, once, leaving the state to the newer', async () => {
    const colour = (r: number, b: number) =>
      sharp({ create: { width: 1200, height: 800, channels: 3, background: { r, g: 40, b } } })
        .jpeg()
        .toBuffer();
    const id = await insertContent(t, 'prima.jpg', await colour(20, 220));
    // Version 2 arrives before version 1's job ran: version 1 is what a compare shows beside it (issue 27).
    await addVersion(t, id, 'seconda.jpg', await colour(220, 20));
    expect(await makeDerivatives(t, id, 2)).toMatchObject({ state: 'completed', result: { state: 'READY' } });
    expect(await makeDerivatives(t, id, 1)).toMatchObject({ state: 'completed', result: { state: 'READY' } });
    const meanOf = async (version: number) =>
      (await sharp((await derivative(t, id, 'preview', version)).bytes).stats()).channels.map((c) => c.mean);
    const [r1, , b1] = await meanOf(1);
    const [r2, , b2] = await meanOf(2);
    expect(b1).toBeGreaterThan(r1!);
    expect(r2).toBeGreaterThan(b2!);
    // Once made, a run again for the replaced version does nothing.
    expect(await makeDerivatives(t, id, 1)).toMatchObject({ result: { state: 'skipped' } });
    expect(await stateOf(id)).toBe('READY');
  });

  it('ends FAILED with a permanent error code on a corrupt file, after a single attempt', async () => {
    const id = await insertContent(t, 'rotto.jpg', Buffer.from('this is not a jpeg at all, just text'));
    const job = await makeDerivatives(t, id);
    expect(job).toMatchObject({ state: 'failed', errorCode: DERIVATIVE_ERROR_CODES.UNREADABLE, attempts: 1 });
    expect(await stateOf(id)).toBe('FAILED');
    expect(await providerDb(t).derivative.count({ where: { contentId: id } })).toBe(0);
  });

  it('refuses an image above the pixel limit with its own code, without decoding it', async () => {
    const id = await insertContent(t, 'gigante.png', pngClaiming(20_000, 20_000));
    const job = await makeDerivatives(t, id);
    expect(job).toMatchObject({
      state: 'failed',
      errorCode: DERIVATIVE_ERROR_CODES.TOO_MANY_PIXELS,
      attempts: 1,
    });
    expect(await stateOf(id)).toBe('FAILED');
  });

  it('fails permanently for a content that does not exist', async () => {
    const job = await makeDerivatives(t, '7d6f1b7e-0000-4000-8000-000000000000');
    expect(job).toMatchObject({
      state: 'failed',
      errorCode: DERIVATIVE_ERROR_CODES.SOURCE_MISSING,
      attempts: 1,
    });
  });
});
