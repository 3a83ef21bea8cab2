import sharp from 'sharp';
import { DERIVATIVE_ERROR_CODES } from '../../src/builtin-provider/derivatives/derivatives.errors';
import { QueueName } from '../../src/jobs/job-catalogue';
import { JobQueues } from '../../src/jobs/job-queues';
import { minimalPdf } from '../../src/seed/demo-content';
import { psdHeader } from '../../src/seed/demo-documents';
import { startTestApp, type TestApp } from '../support/test-app';
import { derivative, insertContent, makeDerivatives, metadataOf, providerDb } from './derivatives-fixtures';
import { pageBombEps, photoshopFile, powerPointDeck, redRectangleEps, wordDocument } from './media-files';

// LibreOffice takes seconds to start on a busy machine.
jest.setTimeout(180_000);

/** The colour at (x, y), as fractions of the picture's width and height. */
async function colourAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset =
    (Math.min(info.height - 1, Math.floor(y * info.height)) * info.width +
      Math.min(info.width - 1, Math.floor(x * info.width))) *
    info.channels;
  return [data[offset], data[offset + 1], data[offset + 2]];
}

const isRed = ([r, g, b]: number[]) => r > 180 && g < 90 && b < 90;
const isBlue = ([r, g, b]: number[]) => b > 150 && r < 90 && g < 120;
const isWhite = ([r, g, b]: number[]) => r > 235 && g > 235 && b > 235;

/**
 * Previews of formats sharp cannot read, made by the Debian tools the worker runs: ImageMagick
 * (PSD), Ghostscript (EPS, PostScript Illustrator), poppler (PDF Illustrator), LibreOffice (office).
 */
describe('media/make-derivatives of PSD, EPS, AI and office files (real converters)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** The failure's message, tool output included, as BullMQ keeps it next to the job's record. */
  const failureOf = async (jobId: string) =>
    (await t.app.get(JobQueues).get(QueueName.Media).getJob(jobId))?.failedReason ?? '';

  const stateOf = async (id: string) =>
    (await providerDb(t).content.findUniqueOrThrow({ where: { id } })).state;

  /** Runs the job and checks it made a real (WebP) preview and thumb, not the typed placeholder. */
  async function previewed(fileName: string, bytes: Buffer) {
    const id = await insertContent(t, fileName, bytes);
    const job = await makeDerivatives(t, id);
    expect(job).toMatchObject({ state: 'completed', errorCode: null });
    expect(job.result).toEqual({ derivatives: ['preview', 'thumb'], state: 'READY' });
    expect(await stateOf(id)).toBe('READY');
    const preview = await derivative(t, id, 'preview');
    const thumb = await derivative(t, id, 'thumb');
    expect(preview.row.mimeType).toBe('image/webp');
    expect(thumb.row.mimeType).toBe('image/webp');
    expect(Math.max(thumb.row.width ?? 0, thumb.row.height ?? 0)).toBeLessThanOrEqual(400);
    return { id, preview: preview.bytes, thumb: thumb.bytes, row: preview.row };
  }

  it('gives a PSD its flattened composite as preview and thumb, with resolution and dpi', async () => {
    const psd = await photoshopFile(1200, 800, '#dc2626');
    const { id, preview, thumb, row } = await previewed('volantino.psd', psd);
    expect(row).toMatchObject({ width: 1200, height: 800 });
    expect(isRed(await colourAt(preview, 0.5, 0.5))).toBe(true);
    expect(await sharp(thumb).metadata()).toMatchObject({ width: 400, height: 267 });
    expect(isRed(await colourAt(thumb, 0.1, 0.9))).toBe(true);
    expect(await metadataOf(t, id)).toMatchObject({ resolution: '1200x800', dpi: '300' });
  });

  it('renders an EPS at its bounding box', async () => {
    const { preview } = await previewed('marchio.eps', redRectangleEps());
    // 200x100 pt: the longer side becomes 2048 px, the shape keeps its 2:1.
    const meta = await sharp(preview).metadata();
    expect(meta.width).toBeGreaterThanOrEqual(2046);
    expect(meta.width).toBeLessThanOrEqual(2048);
    expect(Math.abs((meta.width ?? 0) / (meta.height ?? 1) - 2)).toBeLessThan(0.01);
    for (const [x, y] of [
      [0.02, 0.05],
      [0.5, 0.5],
      [0.98, 0.95],
    ])
      expect(isRed(await colourAt(preview, x, y))).toBe(true);
  });

  it('keeps an EPS that asks for a huge page to its bounding box (no pixel bomb)', async () => {
    const { preview } = await previewed('bomba.eps', pageBombEps());
    expect(await sharp(preview).metadata()).toMatchObject({ width: 2048, height: 1024 });
    expect(isRed(await colourAt(preview, 0.5, 0.5))).toBe(true);
  });

  it('renders a PDF-compatible Illustrator file like a PDF, and a PostScript one like an EPS', async () => {
    const pdf = await previewed('logo.ai', minimalPdf('Logo 2026', ['Versione PDF']));
    // The red band at the top of the A4 page, white below.
    expect(isRed(await colourAt(pdf.preview, 0.02, 0.02))).toBe(true);
    expect(isWhite(await colourAt(pdf.preview, 0.5, 0.6))).toBe(true);

    const postscript = await previewed('logo-vecchio.ai', redRectangleEps());
    expect(isRed(await colourAt(postscript.preview, 0.5, 0.5))).toBe(true);
  });

  it('converts a Word document and a PowerPoint deck with LibreOffice and shows their first page', async () => {
    const [docx, pptx] = [await wordDocument(), await powerPointDeck()];
    const word = await previewed('listino.docx', docx);
    const page = await sharp(word.preview).metadata();
    // An A4 (or Letter) portrait page, its longer side 2048.
    expect(page.height).toBe(2048);
    expect((page.width ?? 0) / 2048).toBeGreaterThan(0.69);
    expect((page.width ?? 0) / 2048).toBeLessThan(0.78);
    // The red band under the heading, white margins and an empty lower half.
    expect(isRed(await colourAt(word.preview, 0.5, 0.22))).toBe(true);
    expect(isWhite(await colourAt(word.preview, 0.02, 0.22))).toBe(true);
    expect(isWhite(await colourAt(word.preview, 0.5, 0.8))).toBe(true);

    const deck = await previewed('presentazione.pptx', pptx);
    const slide = await sharp(deck.preview).metadata();
    expect((slide.width ?? 0) / (slide.height ?? 1)).toBeCloseTo(16 / 9, 1);
    expect(isBlue(await colourAt(deck.preview, 0.25, 0.5))).toBe(true);
    expect(isWhite(await colourAt(deck.preview, 0.75, 0.5))).toBe(true);
    expect(isBlue(await colourAt(deck.thumb, 0.1, 0.1))).toBe(true);
  });

  it('gives a corrupt PSD the typed placeholder and records why, without retrying', async () => {
    // A real PSD cut after its header: ImageMagick reads the size, then finds no layers or image.
    const whole = await photoshopFile(64, 64, '#16a34a');
    const id = await insertContent(t, 'rovinato.psd', whole.subarray(0, 100));
    const job = await makeDerivatives(t, id);
    expect(job).toMatchObject({
      state: 'failed',
      errorCode: DERIVATIVE_ERROR_CODES.UNREADABLE,
      attempts: 1,
    });
    expect(await failureOf(job.id)).toMatch(
      /convert.*(decompress|insufficient image data|corrupt|unexpected end)/i,
    );
    expect(await stateOf(id)).toBe('FAILED');
    // The PSD card (blue, Photoshop's colour), so the grid shows what the file is.
    const thumb = await derivative(t, id, 'thumb');
    expect(thumb.row).toMatchObject({ mimeType: 'image/png', width: 400, height: 400 });
    const card = await colourAt(thumb.bytes, 0.5, 0.6);
    expect(card[2]).toBeGreaterThan(200);
    expect(card[0]).toBeLessThan(100);
    expect((await derivative(t, id, 'preview')).row.mimeType).toBe('image/png');
    expect(Object.keys(await metadataOf(t, id))).toEqual(expect.arrayContaining(['size', 'fingerprint']));
  });

  it('refuses a PSD above the pixel limit from its header, with the placeholder', async () => {
    const id = await insertContent(t, 'gigante.psd', psdHeader(30_000, 30_000));
    const job = await makeDerivatives(t, id);
    expect(job).toMatchObject({
      state: 'failed',
      errorCode: DERIVATIVE_ERROR_CODES.TOO_MANY_PIXELS,
      attempts: 1,
    });
    expect((await derivative(t, id, 'thumb')).row.mimeType).toBe('image/png');
  });

  it('gives an EPS that is not PostScript the placeholder and a permanent failure', async () => {
    const id = await insertContent(t, 'finto.eps', Buffer.from('GIF89a definitely not PostScript'));
    const job = await makeDerivatives(t, id);
    expect(job).toMatchObject({ state: 'failed', errorCode: DERIVATIVE_ERROR_CODES.UNREADABLE, attempts: 1 });
    expect(await failureOf(job.id)).toContain('Not a PostScript file');
    expect((await derivative(t, id, 'preview')).row.mimeType).toBe('image/png');
  });
});
