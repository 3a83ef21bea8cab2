import { access, mkdir, mkdtemp, open, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatOfMagicBytes, MAGIC_HEAD_LENGTH, MEDIA_ERROR_CODES } from '@paddock/rules';
import { PermanentJobError } from '../jobs/job-errors';
import { unreadable } from './media-errors';
import { MAX_INPUT_PIXELS, PREVIEW_BOX } from './image';
import { MEDIA_TOOLS, missingToolMessage } from './media-tools';
import { runTool, type ToolRun } from './run-tool';

/** ImageMagick and Ghostscript on a layered PSD or a busy EPS take seconds; a stuck one still ends. */
const RENDER_TIMEOUT_MS = 120_000;
/** LibreOffice starts in seconds and lays out long documents slowly. */
const OFFICE_TIMEOUT_MS = 180_000;

/** The first of ImageMagick's commands that ran here (media-tools.ts says which and why). */
let imageMagick: string | undefined;

async function runImageMagick(args: string[]): Promise<ToolRun> {
  if (imageMagick) return runTool(imageMagick, args, RENDER_TIMEOUT_MS);
  for (const candidate of MEDIA_TOOLS.imagemagick.commands) {
    try {
      const run = await runTool(candidate, args, RENDER_TIMEOUT_MS);
      imageMagick = candidate;
      return run;
    } catch (error) {
      const missing = error instanceof PermanentJobError && error.code === MEDIA_ERROR_CODES.TOOL_MISSING;
      if (!missing) {
        imageMagick = candidate;
        throw error;
      }
    }
  }
  throw new PermanentJobError(MEDIA_ERROR_CODES.TOOL_MISSING, missingToolMessage('imagemagick'));
}

async function readHead(path: string, length: number, position = 0): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function refuseAbove(width: number, height: number): void {
  if (width * height > MAX_INPUT_PIXELS)
    throw new PermanentJobError(
      MEDIA_ERROR_CODES.TOO_MANY_PIXELS,
      `${width}x${height} is above the limit of ${MAX_INPUT_PIXELS} pixels`,
    );
}

/**
 * A Photoshop file's flattened composite (the image Photoshop stores for other readers) as PNG,
 * with its size and resolution. The header is checked first: its size against the pixel limit.
 */
export async function psdComposite(source: string, workDir: string): Promise<string> {
  // Signature, version, 6 reserved bytes, channels, then height and width (PSD and PSB alike).
  const head = await readHead(source, 26);
  if (head.length < 26 || formatOfMagicBytes(head) !== 'psd')
    throw unreadable('Not a Photoshop file (no 8BPS signature)');
  refuseAbove(head.readUInt32BE(18), head.readUInt32BE(14));
  const out = join(workDir, 'composite.png');
  // The explicit 'psd:' coder: ImageMagick must not sniff another format (MVG, SVG…) from the bytes.
  await runImageMagick([`psd:${source}[0]`, `png:${out}`]);
  return out;
}

const DOS_EPS = Buffer.from([0xc5, 0xd0, 0xd3, 0xc6]);
const BOUNDING_BOX = /%%BoundingBox:[ \t]*(-?[\d.]+)[ \t]+(-?[\d.]+)[ \t]+(-?[\d.]+)[ \t]+(-?[\d.]+)/;
/** Where the DSC comments are looked for: the header, and the trailer for '(atend)'. */
const DSC_WINDOW = 64 * 1024;
/** US Letter in points: Ghostscript's page when an EPS names no bounding box. */
const LETTER = { width: 612, height: 792 };

/** The PostScript part's bounding box in points (width and height), if its DSC comments give one. */
async function boundingBox(source: string): Promise<{ width: number; height: number } | undefined> {
  let head = await readHead(source, DSC_WINDOW);
  let start = 0;
  let length = Infinity;
  // A DOS EPS binary header points at its PostScript section (the rest is a TIFF or WMF preview).
  if (head.subarray(0, 4).equals(DOS_EPS) && head.length >= 12) {
    start = head.readUInt32LE(4);
    length = head.readUInt32LE(8);
    head = await readHead(source, Math.min(DSC_WINDOW, length), start);
  }
  if (!head.toString('latin1', 0, 2).startsWith('%!')) throw unreadable('Not a PostScript file');
  let match = BOUNDING_BOX.exec(head.toString('latin1'));
  if (!match) {
    const { size } = await stat(source);
    const end = Math.min(size, start + length);
    const tail = await readHead(source, DSC_WINDOW, Math.max(start, end - DSC_WINDOW));
    match = BOUNDING_BOX.exec(tail.toString('latin1'));
  }
  if (!match) return undefined;
  const [llx, lly, urx, ury] = match.slice(1).map(Number);
  const width = urx - llx;
  const height = ury - lly;
  return width > 0 && height > 0 && Number.isFinite(width * height) ? { width, height } : undefined;
}

/**
 * An EPS (or a PostScript-only Illustrator file) rendered by Ghostscript as PNG, its longer side
 * PREVIEW_BOX pixels. The page is fixed to the bounding box (-dFIXEDMEDIA): a file that asks for
 * a larger page cannot make Ghostscript render more pixels than that.
 */
export async function postscriptPage(source: string, workDir: string): Promise<string> {
  const box = (await boundingBox(source)) ?? LETTER;
  const width = Math.max(1, Math.ceil(box.width));
  const height = Math.max(1, Math.ceil(box.height));
  const dpi = Math.min(1200, (PREVIEW_BOX * 72) / Math.max(width, height));
  const out = join(workDir, 'postscript.png');
  await runTool(
    'gs',
    [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-dFIXEDMEDIA',
      `-dDEVICEWIDTHPOINTS=${width}`,
      `-dDEVICEHEIGHTPOINTS=${height}`,
      '-dEPSCrop',
      '-dFirstPage=1',
      '-dLastPage=1',
      '-dTextAlphaBits=4',
      '-dGraphicsAlphaBits=4',
      '-sDEVICE=png16m',
      `-r${dpi.toFixed(3)}`,
      `-sOutputFile=${out}`,
      source,
    ],
    RENDER_TIMEOUT_MS,
  );
  return out;
}

/** Whether the file is a PDF (an Illustrator file saved with PDF compatibility is one). */
export async function isPdf(source: string): Promise<boolean> {
  return formatOfMagicBytes(await readHead(source, MAGIC_HEAD_LENGTH)) === 'pdf';
}

/** One LibreOffice at a time per worker process: each takes hundreds of MB and both cores to start. */
let officeQueue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = officeQueue.then(work, work);
  officeQueue = run.catch(() => undefined);
  return run;
}

/**
 * An office document (Word, PowerPoint, Excel, OpenDocument) converted to PDF by LibreOffice.
 * Each conversion has its own profile directory: two soffice processes sharing one fail.
 */
export function officePdf(source: string, workDir: string): Promise<string> {
  return oneAtATime(async () => {
    const profile = await mkdtemp(join(workDir, 'office-profile-'));
    const outDir = join(workDir, 'office');
    await mkdir(outDir, { recursive: true });
    const { stdout, stderr } = await runTool(
      'soffice',
      [
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        source,
      ],
      OFFICE_TIMEOUT_MS,
    );
    const pdf = join(outDir, `${basename(source, extname(source))}.pdf`);
    try {
      await access(pdf);
    } catch {
      // soffice exits 0 when it cannot load the file, and says so on stderr or stdout.
      throw unreadable(`soffice made no PDF: ${(stderr || stdout.toString('utf8')).trim().slice(-500)}`);
    }
    return pdf;
  });
}
