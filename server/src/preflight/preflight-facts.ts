import { open } from 'node:fs/promises';
import sharp from 'sharp';
import {
  MAGIC_HEAD_LENGTH,
  VIN_LENGTH,
  formatOfMagicBytes,
  type ColourFact,
  type ColourSpace,
  type ContentType,
  type Fact,
  type PreflightFacts,
} from '@paddock/rules';
import { MEDIA_ERROR_CODES } from '@paddock/rules';
import { PermanentJobError, TransientJobError } from '../jobs/job-errors';
import { extractFrame, pdfPageCount, probe } from '../media/av';
import { differenceHash, MAX_INPUT_PIXELS } from '../media/image';
import { iccDescription } from './icc-description';

/** What the job reads from the file itself; duplicates are looked up from these afterwards. */
export type FileFacts = Omit<PreflightFacts, 'exactDuplicates' | 'nearDuplicates'> & {
  /** 64-bit difference hash of the picture (an image, or a video's frame); null when none was made. */
  dhash: string | null;
};

/**
 * A fact read by `tool`, or why it could not be: the tool is not installed, or failed on this file.
 * A transient failure (a timeout on a busy machine, a killed tool) is thrown: the job tries again.
 */
export async function factOf<T>(tool: string, read: () => Promise<T>): Promise<Fact<T>> {
  try {
    return { value: await read() };
  } catch (error) {
    if (error instanceof TransientJobError) throw error;
    const missing = error instanceof PermanentJobError && error.code === MEDIA_ERROR_CODES.TOOL_MISSING;
    return { unknown: missing ? 'toolMissing' : 'toolFailed', tool };
  }
}

async function head(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(MAGIC_HEAD_LENGTH);
    const { bytesRead } = await file.read(buffer, 0, MAGIC_HEAD_LENGTH, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Wide-gamut RGB profiles go by their description; sharp says `srgb` for every RGB. */
const RGB_PROFILES: readonly [RegExp, ColourSpace][] = [
  // "AdobeCompat" and "sP3C" are the compact profiles' names (sharp embeds them).
  [/adobe\s*(rgb|compat)/i, 'adobergb'],
  [/\bp3\b|^sp3c$/i, 'displayp3'],
  [/prophoto|romm/i, 'prophoto'],
];

/** sharp's interpretation and the embedded profile, as the colour-space rule names them. */
export function colourOf(space: string | undefined, icc: Buffer | undefined): ColourFact {
  const iccProfile = Boolean(icc?.length);
  const described = icc ? iccDescription(icc) : null;
  switch (space) {
    case 'srgb':
    case 'rgb':
    case 'rgb16':
    case 'scrgb':
      return {
        space: RGB_PROFILES.find(([pattern]) => described && pattern.test(described))?.[1] ?? 'srgb',
        iccProfile,
      };
    case 'cmyk':
      return { space: 'cmyk', iccProfile };
    case 'b-w':
    case 'grey16':
      return { space: 'gray', iccProfile };
    case 'lab':
    case 'labs':
    case 'labq':
      return { space: 'lab', iccProfile };
    default:
      return { space: space ?? 'unknown', iccProfile };
  }
}

/** VINs written in the file name (a photographer's "ZFA31200000123456_front.jpg"), upper-cased. */
export function vinsInName(name: string): string[] {
  const pattern = new RegExp(`(?<![A-Z0-9])[A-HJ-NPR-Z0-9]{${VIN_LENGTH}}(?![A-Z0-9])`, 'g');
  const found = name.toUpperCase().match(pattern) ?? [];
  // A run of 17 digits is a number (a timestamp, a serial), not a VIN: a VIN carries letters.
  return [...new Set(found.filter((candidate) => /[A-Z]/.test(candidate)))];
}

async function imageFacts(path: string): Promise<Partial<FileFacts>> {
  const meta = await factOf('sharp', () => sharp(path, { limitInputPixels: false }).metadata());
  if (!('value' in meta)) return { dimensions: meta, colour: meta, dhash: null };
  const { width, height, orientation, space, icc } = meta.value;
  if (!width || !height) {
    const failed = { unknown: 'toolFailed', tool: 'sharp' } as const;
    return { dimensions: failed, colour: failed, dhash: null };
  }
  const turned = (orientation ?? 1) >= 5;
  const picture = await factOf('sharp', async () =>
    differenceHash(
      await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize(256, 256, { fit: 'inside' })
        .toBuffer(),
    ),
  );
  return {
    dimensions: { value: turned ? { width: height, height: width } : { width, height } },
    colour: { value: colourOf(space, icc) },
    dhash: 'value' in picture ? picture.value : null,
  };
}

async function videoFacts(path: string, workDir: string): Promise<Partial<FileFacts>> {
  const probed = await factOf('ffprobe', () => probe(path));
  if (!('value' in probed))
    return { dimensions: probed, durationSeconds: probed, framesPerSecond: probed, dhash: null };
  const { width, height, durationMs, framesPerSecond } = probed.value;
  const failed = { unknown: 'toolFailed', tool: 'ffprobe' } as const;
  const frame = await factOf('ffmpeg', async () =>
    differenceHash(await sharp(await extractFrame(path, workDir, durationMs)).toBuffer()),
  );
  return {
    dimensions: width && height ? { value: { width, height } } : failed,
    durationSeconds: durationMs !== undefined ? { value: durationMs / 1000 } : failed,
    framesPerSecond: framesPerSecond !== undefined ? { value: framesPerSecond } : failed,
    dhash: 'value' in frame ? frame.value : null,
  };
}

/**
 * The facts of one uploaded file for the rules of its asset type: the format from its first bytes,
 * then what sharp (images), ffprobe and ffmpeg (videos) or pdfinfo (PDFs) read. A fact a tool
 * could not read says which tool, so its rule reports "not checked" rather than passing.
 */
export async function readFileFacts(
  path: string,
  assetType: ContentType,
  fileName: string,
  workDir: string,
): Promise<FileFacts> {
  const format = formatOfMagicBytes(await head(path));
  const facts: FileFacts = {
    assetType,
    format: { value: format },
    vins: { value: vinsInName(fileName) },
    dhash: null,
  };
  if (assetType === 'IMAGE') return { ...facts, ...(await imageFacts(path)) };
  if (assetType === 'VIDEO') return { ...facts, ...(await videoFacts(path, workDir)) };
  if (assetType === 'DOCUMENT' && format === 'pdf')
    return { ...facts, pages: await factOf('pdfinfo', () => pdfPageCount(path)) };
  return facts;
}
