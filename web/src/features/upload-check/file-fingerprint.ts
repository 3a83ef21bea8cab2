import { DHASH_GRID, LIMITS, differenceHashOf, type FileFingerprint } from '@paddock/rules';

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** SHA-256 of the whole file, or null past LIMITS.uploadCheckHashMaxBytes (Web Crypto hashes in memory). */
async function sha256Of(file: File): Promise<string | null> {
  if (file.size > LIMITS.uploadCheckHashMaxBytes) return null;
  return hex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
}

function canvasOf(width: number, height: number): [OffscreenCanvas, OffscreenCanvasRenderingContext2D] {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas');
  context.imageSmoothingQuality = 'high';
  return [canvas, context];
}

/**
 * The picture's difference hash as the server makes it (laid over white, grey, 9×8): halved step
 * by step first, so each grid pixel averages its area as sharp's resize does, not a few samples.
 * Null for a file the browser cannot draw (not a picture, or a format it does not read).
 */
async function pictureHashOf(file: File): Promise<string | null> {
  if (!file.type.startsWith('image/')) return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const { columns, rows } = DHASH_GRID;
  let source: CanvasImageSource = bitmap;
  let [width, height] = [bitmap.width, bitmap.height];
  while (width >= columns * 4 && height >= rows * 4) {
    [width, height] = [Math.round(width / 2), Math.round(height / 2)];
    const [half, context] = canvasOf(width, height);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(source, 0, 0, width, height);
    source = half;
  }
  const [, grid] = canvasOf(columns, rows);
  grid.fillStyle = '#ffffff';
  grid.fillRect(0, 0, columns, rows);
  grid.drawImage(source, 0, 0, columns, rows);
  bitmap.close();
  const { data } = grid.getImageData(0, 0, columns, rows);
  // Rec. 709 luma, as libvips' black-and-white.
  const grey = Array.from({ length: columns * rows }, (_, i) =>
    Math.round(0.2126 * data[i * 4]! + 0.7152 * data[i * 4 + 1]! + 0.0722 * data[i * 4 + 2]!),
  );
  return differenceHashOf(grey);
}

/** What the upload check compares of a file, measured in the browser before anything is sent. */
export async function fingerprintOf(file: File): Promise<FileFingerprint> {
  const [sha256, dhash] = await Promise.all([sha256Of(file), pictureHashOf(file)]);
  return { name: file.name, sha256, dhash };
}
