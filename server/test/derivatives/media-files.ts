import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Media made by the test itself (sharp, ffmpeg, ImageMagick, LibreOffice): never downloaded. */

/** A landscape 600x300 JPEG stored sideways: EXIF orientation 6 says "turn 90° clockwise". */
export function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 300, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withMetadata({ orientation: 6, density: 300 })
    .withExifMerge({ IFD2: { DateTimeOriginal: '2024:05:06 07:08:09' } })
    .toBuffer();
}

export function cmykJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 500, channels: 3, background: '#0a84ff' } })
    .toColourspace('cmyk')
    .jpeg()
    .toBuffer();
}

/** 16 bits per channel with an alpha channel. */
export function deepAlphaPng(): Promise<Buffer> {
  return sharp({
    create: { width: 300, height: 200, channels: 4, background: { r: 20, g: 200, b: 90, alpha: 0.5 } },
  })
    .toColourspace('rgb16')
    .png()
    .toBuffer();
}

export function runFfprobe(path: string): Promise<{
  streams: { codec_type: string; codec_name: string; profile?: string; width?: number }[];
  format: { duration: string };
}> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffprobe', [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      path,
    ]);
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`ffprobe exit ${code}`)),
    );
  });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header claims width x height (its pixel data is a stub): what a decompression bomb
 * looks like to a reader, without making the test allocate gigabytes.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Runs a tool; a missing one fails the test (CI installs them all). */
function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    const keep = (chunk: Buffer) => (said = (said + chunk.toString()).slice(-2000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exit ${code}: ${said}`)),
    );
  });
}

/** In a scratch directory: write `name`, let `make` turn it into `out`, read `out`. */
async function convertedFile(
  name: string,
  content: string | Buffer,
  out: string,
  make: (dir: string, input: string, output: string) => Promise<void>,
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'media-files-'));
  try {
    await writeFile(join(dir, name), content);
    await make(dir, join(dir, name), join(dir, out));
    return await readFile(join(dir, out));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Debian's ImageMagick 6 by its own name, else ImageMagick 7 (what the worker runs too). */
async function imageMagick(args: readonly string[]): Promise<void> {
  try {
    await run('convert-im6.q16', args);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await run('magick', args);
  }
}

/**
 * A single-layer RGB Photoshop file of one colour at 300 dpi, written by ImageMagick from a sharp
 * PNG (TrueColor: ImageMagick 6 cannot read back the indexed PSD it writes for a one-colour image).
 */
export async function photoshopFile(width: number, height: number, colour: string): Promise<Buffer> {
  const png = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .withMetadata({ density: 300 })
    .toBuffer();
  return convertedFile('flat.png', png, 'flat.psd', (_dir, input, output) =>
    imageMagick([input, '-type', 'TrueColor', `psd:${output}`]),
  );
}

/** An EPS: a 200x100 pt red rectangle, its %%BoundingBox starting at (100, 100). */
export function redRectangleEps(): Buffer {
  return postscript([
    '%!PS-Adobe-3.0 EPSF-3.0',
    '%%BoundingBox: 100 100 300 200',
    '%%EndComments',
    '0.86 0.15 0.15 setrgbcolor',
    '100 100 200 100 rectfill',
    'showpage',
    '%%EOF',
  ]);
}

/** An EPS of a 200x100 pt red rectangle that asks for a 60000 pt square page (a pixel bomb). */
export function pageBombEps(): Buffer {
  return postscript([
    '%!PS-Adobe-3.0 EPSF-3.0',
    '%%BoundingBox: 0 0 200 100',
    '%%EndComments',
    '<< /PageSize [60000 60000] >> setpagedevice',
    '0.86 0.15 0.15 setrgbcolor',
    '0 0 200 100 rectfill',
    'showpage',
    '%%EOF',
  ]);
}

function postscript(lines: string[]): Buffer {
  return Buffer.from(`${lines.join('\n')}\n`, 'latin1');
}

/** A flat LibreOffice profile per call: two soffice processes sharing one fail. */
function soffice(dir: string, input: string, format: string): Promise<void> {
  return run('soffice', [
    `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
    '--headless',
    '--convert-to',
    format,
    '--outdir',
    dir,
    input,
  ]);
}

/** A Word document: a heading, a wide red band (a table cell) and a line of text. */
export function wordDocument(): Promise<Buffer> {
  const html =
    '<html><body><h1>Listino 2026</h1>' +
    '<table width="100%" cellpadding="0" cellspacing="0"><tr><td bgcolor="#dc2626" height="300">&nbsp;</td></tr></table>' +
    '<p>Pagina uno</p></body></html>';
  return convertedFile('listino.html', html, 'listino.docx', (dir, input) =>
    soffice(dir, input, 'docx:MS Word 2007 XML'),
  );
}

/** A PowerPoint deck of one 16:9 slide whose left half is a blue rectangle (from a flat ODP). */
export function powerPointDeck(): Promise<Buffer> {
  const fodp =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"' +
    ' xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"' +
    ' xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"' +
    ' xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"' +
    ' office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">' +
    '<office:automatic-styles><style:style style:name="blue" style:family="graphic">' +
    '<style:graphic-properties draw:fill="solid" draw:fill-color="#1d4ed8" draw:stroke="none"/>' +
    '</style:style></office:automatic-styles>' +
    '<office:body><office:presentation><draw:page draw:name="Slide1">' +
    '<draw:rect draw:style-name="blue" svg:x="0cm" svg:y="0cm" svg:width="14cm" svg:height="15.75cm"/>' +
    '</draw:page></office:presentation></office:body></office:document>';
  return convertedFile('deck.fodp', fodp, 'deck.pptx', (dir, input) => soffice(dir, input, 'pptx'));
}
