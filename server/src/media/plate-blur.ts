import type { PlateBoxShape } from '@paddock/rules';
import sharp from 'sharp';

/** Formats a blurred rendition keeps; anything else (TIFF, HEIC, PSD…) is written as a JPEG. */
export type BlurredFormat = 'jpeg' | 'png' | 'webp';

export interface BlurOptions {
  format: BlurredFormat;
  /** Fit inside this box (never enlarged); absent: the picture's own size. */
  fit?: { width: number; height: number };
}

/** Blocks across a box's longer side: no character of a plate survives 6 blocks, then a blur. */
const BLOCKS_ACROSS = 6;

/**
 * The picture as displayed (EXIF orientation applied), resized when asked, with every box
 * pixelated and blurred, encoded without any metadata (sharp writes none unless asked: no EXIF, no
 * GPS, no maker notes). Boxes are fractions of the displayed picture, so they hold at every size.
 */
export async function blurPlates(
  input: Buffer,
  boxes: readonly PlateBoxShape[],
  options: BlurOptions,
): Promise<Buffer> {
  let base = sharp(input, { failOn: 'none' }).rotate();
  if (options.fit) base = base.resize({ ...options.fit, fit: 'inside', withoutEnlargement: true });
  const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const overlays = [];
  for (const box of boxes) {
    const region = pixelRegion(box, info.width, info.height);
    if (!region) continue;
    overlays.push({
      input: await obscured(data, raw, region),
      raw: { ...raw, ...sizeOf(region) },
      left: region.left,
      top: region.top,
    });
  }
  return sharp(data, { raw }).composite(overlays).toFormat(options.format).toBuffer();
}

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

function sizeOf(region: Region): { width: number; height: number } {
  return { width: region.width, height: region.height };
}

/** A box in whole pixels, grown outwards (never shrunk) and kept inside the picture; null when empty. */
export function pixelRegion(box: PlateBoxShape, width: number, height: number): Region | null {
  const left = Math.max(0, Math.floor(box.x * width));
  const top = Math.max(0, Math.floor(box.y * height));
  const right = Math.min(width, Math.ceil((box.x + box.w) * width));
  const bottom = Math.min(height, Math.ceil((box.y + box.h) * height));
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : null;
}

/** The region pixelated (a few blocks) and smoothed: raw pixels of the region's size. */
async function obscured(
  data: Buffer,
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
  region: Region,
): Promise<Buffer> {
  const block = Math.max(1, Math.max(region.width, region.height) / BLOCKS_ACROSS);
  const small = await sharp(data, { raw })
    .extract(region)
    .resize(Math.max(1, Math.round(region.width / block)), Math.max(1, Math.round(region.height / block)), {
      fit: 'fill',
    })
    .raw()
    .toBuffer();
  const sigma = Math.max(0.3, Math.min(region.width, region.height) / 4);
  return sharp(small, {
    raw: {
      ...raw,
      width: Math.max(1, Math.round(region.width / block)),
      height: Math.max(1, Math.round(region.height / block)),
    },
  })
    .resize(region.width, region.height, { fit: 'fill', kernel: 'cubic' })
    .blur(sigma)
    .raw()
    .toBuffer();
}
