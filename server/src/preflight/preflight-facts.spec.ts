import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { MEDIA_ERROR_CODES } from '@paddock/rules';
import { PermanentJobError, TransientJobError } from '../jobs/job-errors';
import { colourOf, factOf, readFileFacts, vinsInName } from './preflight-facts';

/** A PDF of `pages` empty A4 pages, its cross-reference table at the right offsets. */
function pdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'),
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('the facts pre-flight reads from a file (issue 27)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'preflight-facts-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const file = async (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return path;
  };
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

  it('reads an upright size, the colour space and the profile of a photo, and hashes its picture', async () => {
    // Orientation 6: stored 1200×800, shown 800×1200.
    const path = await file(
      'turned.jpg',
      await picture(1200, 800).withMetadata({ orientation: 6 }).withIccProfile('p3').jpeg().toBuffer(),
    );
    const facts = await readFileFacts(path, 'IMAGE', 'turned.jpg', dir);
    expect(facts.format).toEqual({ value: 'jpeg' });
    expect(facts.dimensions).toEqual({ value: { width: 800, height: 1200 } });
    expect(facts.colour).toEqual({ value: { space: 'displayp3', iccProfile: true } });
    expect(facts.dhash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('tells a photo without a profile and a CMYK one', async () => {
    const plain = await file('plain.png', await picture(64, 48).png().toBuffer());
    expect((await readFileFacts(plain, 'IMAGE', 'plain.png', dir)).colour).toEqual({
      value: { space: 'srgb', iccProfile: false },
    });
    const cmyk = await file('cmyk.jpg', await picture(64, 48).toColourspace('cmyk').jpeg().toBuffer());
    expect((await readFileFacts(cmyk, 'IMAGE', 'cmyk.jpg', dir)).colour).toMatchObject({
      value: { space: 'cmyk' },
    });
  });

  it('says sharp could not read a picture rather than inventing its facts', async () => {
    const broken = await file('broken.jpg', Buffer.from('this is no picture at all'));
    const facts = await readFileFacts(broken, 'IMAGE', 'broken.jpg', dir);
    expect(facts.format).toEqual({ value: null });
    expect(facts.dimensions).toEqual({ unknown: 'toolFailed', tool: 'sharp' });
    expect(facts.colour).toEqual({ unknown: 'toolFailed', tool: 'sharp' });
    expect(facts.dhash).toBeNull();
  });

  it("reads a film's size, duration and frame rate, and hashes a frame", async () => {
    const path = join(dir, 'film.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=2',
      '-pix_fmt',
      'yuv420p',
      path,
    ]);
    const facts = await readFileFacts(path, 'VIDEO', 'film.mp4', dir);
    expect(facts.format).toEqual({ value: 'mp4' });
    expect(facts.dimensions).toEqual({ value: { width: 320, height: 240 } });
    expect(facts.durationSeconds).toEqual({ value: 2 });
    expect(facts.framesPerSecond).toEqual({ value: 25 });
    expect(facts.dhash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("counts a PDF's pages", async () => {
    const path = await file('three.pdf', pdf(3));
    expect((await readFileFacts(path, 'DOCUMENT', 'three.pdf', dir)).pages).toEqual({ value: 3 });
  });
});

describe('a fact a tool could not read', () => {
  it('names the missing tool, or the one that failed, and leaves a transient failure to the retry', async () => {
    const missing = new PermanentJobError(MEDIA_ERROR_CODES.TOOL_MISSING, 'pdfinfo is not installed');
    await expect(factOf('pdfinfo', () => Promise.reject(missing))).resolves.toEqual({
      unknown: 'toolMissing',
      tool: 'pdfinfo',
    });
    await expect(factOf('sharp', () => Promise.reject(new Error('corrupt header')))).resolves.toEqual({
      unknown: 'toolFailed',
      tool: 'sharp',
    });
    const busy = new TransientJobError(MEDIA_ERROR_CODES.TOOL_TIMEOUT, 'ffprobe took too long');
    await expect(factOf('ffprobe', () => Promise.reject(busy))).rejects.toBe(busy);
  });
});

describe('VINs in a file name', () => {
  it('finds 17-character VINs with letters, whatever the case, and nothing else', () => {
    expect(vinsInName('zfa31200000123456_front.jpg')).toEqual(['ZFA31200000123456']);
    expect(vinsInName('ZFA31200000123456-ZFA31200000123456.jpg')).toEqual(['ZFA31200000123456']);
    expect(vinsInName('20261129101530123.jpg')).toEqual([]);
    expect(vinsInName('XZFA31200000123456.jpg')).toEqual([]);
    expect(vinsInName('ZFA3120000012345I.jpg')).toEqual([]);
  });
});

describe('colour spaces as the rule names them', () => {
  it('maps sharp interpretations, and tells wide-gamut RGB by its profile', () => {
    expect(colourOf('b-w', undefined)).toEqual({ space: 'gray', iccProfile: false });
    expect(colourOf('lab', undefined)).toEqual({ space: 'lab', iccProfile: false });
    expect(colourOf('multiband', undefined)).toEqual({ space: 'multiband', iccProfile: false });
    expect(colourOf('srgb', undefined)).toEqual({ space: 'srgb', iccProfile: false });
  });
});
