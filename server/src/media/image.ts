import { DHASH_GRID, MEDIA_ERROR_CODES, differenceHashOf } from '@paddock/rules';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { PermanentJobError } from '../jobs/job-errors';
import { unreadable } from './media-errors';
import { exifDateTimeOriginal } from './exif-date';

/** 16384 x 16384: above this an image is refused (decompression bombs, absurd scans). */
export const MAX_INPUT_PIXELS = 268_435_456;

export const THUMB_BOX = 400;
export const PREVIEW_BOX = 2048;

export interface Rendition {
  data: Buffer;
  mimeType: string;
  extension: string;
  width: number;
  height: number;
}

export interface ImageFacts {
  /** Upright size (EXIF orientation applied). */
  width: number;
  height: number;
  dpi?: number;
  createdAt?: Date;
}

function open(input: string | Buffer): Sharp {
  // failOn 'error': truncated or corrupt data fails the decode instead of producing grey tiles.
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
}

/** Size, density and shooting date, read from the header without decoding the pixels. */
export async function readImageFacts(path: string): Promise<ImageFacts> {
  let meta: Metadata;
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw unreadable(`Not a readable image: ${(error as Error).message}`);
  }
  if (!meta.width || !meta.height) throw unreadable('The image has no dimensions');
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw new PermanentJobError(
      MEDIA_ERROR_CODES.TOO_MANY_PIXELS,
      `${meta.width}x${meta.height} is above the limit of ${MAX_INPUT_PIXELS} pixels`,
    );
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
    dpi: meta.density ? Math.round(meta.density) : undefined,
    createdAt: exifDateTimeOriginal(meta.exif),
  };
}

async function toWebp(pipeline: Sharp): Promise<Rendition> {
  const { data, info } = await pipeline
    .webp({ quality: 82, alphaQuality: 90 })
    .toBuffer({ resolveWithObject: true });
  return { data, mimeType: 'image/webp', extension: 'webp', width: info.width, height: info.height };
}

/**
 * An upright sRGB 8-bit rendition fitting inside `box` (never enlarged). CMYK and 16-bit sources
 * are converted with their embedded profile (sharp's CMYK profile when none); alpha is kept (WebP).
 */
export async function renderInside(input: string | Buffer, box: number): Promise<Rendition> {
  try {
    return await toWebp(
      open(input)
        .rotate()
        .resize(box, box, { fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb'),
    );
  } catch (error) {
    if (error instanceof PermanentJobError) throw error;
    throw unreadable(`Could not decode the image: ${(error as Error).message}`);
  }
}

/** Preview (inside 2048) and thumb (inside 400, made from the preview: one decode of the source). */
export async function previewAndThumb(
  input: string | Buffer,
): Promise<{ preview: Rendition; thumb: Rendition }> {
  const preview = await renderInside(input, PREVIEW_BOX);
  const thumb = await renderInside(preview.data, THUMB_BOX);
  return { preview, thumb };
}

/**
 * 64-bit difference hash (differenceHashOf): greyscale 9x8. Near-identical images (re-encoded,
 * resized) differ in a few bits only.
 */
export async function differenceHash(input: Buffer): Promise<string> {
  // Upright as it is shown (EXIF orientation), as the browser draws it for the upload check.
  const grey = await sharp(input)
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(DHASH_GRID.columns, DHASH_GRID.rows, { fit: 'fill' })
    .raw()
    .toBuffer();
  return differenceHashOf(grey);
}

/** A JPEG fitting `width`x`height` (0 = unconstrained), transparency laid over white. */
export async function fitJpeg(input: Buffer, width: number, height: number): Promise<Rendition> {
  const { data, info } = await sharp(input)
    .resize(width || null, height || null, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { data, mimeType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height };
}
