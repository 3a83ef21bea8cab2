import { spawn } from 'node:child_process';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Media made by the test itself (sharp, ffmpeg): never downloaded. */

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
