// Thumbnail throughput: the derivative job's media code path (deriveMedia: facts, preview 2048,
// thumb 400 from the preview, dHash) against raw sharp on the same images, in the same run.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

async function makeImages(dir, count) {
  const sizes = [
    [6000, 4000],
    [4000, 3000],
    [3000, 2000],
    [1920, 1080],
    [1200, 800],
  ];
  const files = [];
  for (let i = 0; i < count; i += 1) {
    const [width, height] = sizes[i % sizes.length];
    // Noise plus gradients: compresses like a photo, not like a flat colour.
    const noise = await sharp({
      create: { width: 300, height: 200, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 50 } },
    })
      .png()
      .toBuffer();
    const path = join(dir, `img-${i}.jpg`);
    await sharp(noise)
      .resize(width, height, { kernel: 'cubic' })
      .modulate({ hue: i * 37 })
      .jpeg({ quality: 88 })
      .toFile(path);
    files.push(path);
  }
  return files;
}

/** Runs `fn` over the files with `parallel` in flight; returns images per second. */
async function throughput(files, parallel, fn) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < files.length) await fn(files[next++]);
    }),
  );
  return files.length / ((performance.now() - t0) / 1000);
}

export async function benchThumbnails({ count = 40, parallel = 2, root }) {
  const { deriveMedia } = require(join(root, 'server/dist/media/media-deriver.js'));
  const { THUMB_BOX, PREVIEW_BOX } = require(join(root, 'server/dist/media/image.js'));
  const dir = await mkdtemp(join(tmpdir(), 'paddock-bench-thumbs-'));
  try {
    const files = await makeImages(dir, count);
    const derive = (f) => deriveMedia(f, dir, { contentType: 'IMAGE', extension: 'jpg' });
    const rawThumb = (f) =>
      sharp(f).rotate().resize(THUMB_BOX, THUMB_BOX, { fit: 'inside' }).webp({ quality: 82 }).toBuffer();
    const rawPair = async (f) => {
      const preview = await sharp(f)
        .rotate()
        .resize(PREVIEW_BOX, PREVIEW_BOX, { fit: 'inside' })
        .webp({ quality: 82 })
        .toBuffer();
      await sharp(preview).resize(THUMB_BOX, THUMB_BOX, { fit: 'inside' }).webp({ quality: 82 }).toBuffer();
    };
    await derive(files[0]); // warm-up
    await rawThumb(files[0]);
    // Same files, same number in flight, one side after the other.
    const derivatives = await throughput(files, parallel, derive);
    const rawThumbRate = await throughput(files, parallel, rawThumb);
    const rawPairRate = await throughput(files, parallel, rawPair);
    return { count, parallel, derivatives, rawThumb: rawThumbRate, rawPair: rawPairRate };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
