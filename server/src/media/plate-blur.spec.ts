import sharp from 'sharp';
import { blurPlates, pixelRegion } from './plate-blur';

/** A 400×200 picture of fine black and white stripes (a plate's characters at their sharpest). */
async function stripes(): Promise<Buffer> {
  const width = 400;
  const height = 200;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data.fill(x % 4 < 2 ? 0 : 255, (y * width + x) * 3, (y * width + x + 1) * 3);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function pixels(image: Buffer): Promise<{ data: Buffer; width: number; channels: number }> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, channels: info.channels };
}

function variance(
  p: { data: Buffer; width: number; channels: number },
  x0: number,
  y0: number,
  x1: number,
  y1: number,
) {
  const values: number[] = [];
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) values.push(p.data[(y * p.width + x) * p.channels]!);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
}

describe('blurPlates', () => {
  it('leaves nothing of the stripes inside the box and every pixel outside as it was', async () => {
    const input = await stripes();
    const out = await blurPlates(input, [{ x: 0.25, y: 0.25, w: 0.5, h: 0.5 }], { format: 'png' });
    const before = await pixels(input);
    const after = await pixels(out);
    expect(variance(before, 100, 50, 300, 150)).toBeGreaterThan(10_000);
    expect(variance(after, 100, 50, 300, 150)).toBeLessThan(200);
    for (const [x, y] of [
      [10, 10],
      [99, 120],
      [301, 60],
      [390, 190],
      [200, 20],
    ] as const)
      expect(after.data[(y * after.width + x) * after.channels]).toBe(
        before.data[(y * before.width + x) * before.channels],
      );
  });

  it('blurs at the size asked, strips the metadata and keeps the format', async () => {
    const withExif = await sharp(await stripes())
      .withMetadata({ exif: { IFD0: { Make: 'Paddock', Model: 'Prototype' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const out = await blurPlates(withExif, [{ x: 0, y: 0, w: 0.5, h: 0.5 }], {
      format: 'webp',
      fit: { width: 100, height: 100 },
    });
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 100, 50, undefined]);
  });

  it('turns a box into whole pixels that cover it, inside the picture', () => {
    expect(pixelRegion({ x: 0.101, y: 0.5, w: 0.2, h: 0.6 }, 100, 10)).toEqual({
      left: 10,
      top: 5,
      width: 21,
      height: 5,
    });
    expect(pixelRegion({ x: 1, y: 0, w: 0.1, h: 0.1 }, 100, 100)).toBeNull();
  });
});
