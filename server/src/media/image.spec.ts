import { hammingDistance64 } from '@paddock/rules';
import sharp from 'sharp';
import { differenceHash } from './image';

/** A landscape picture: a gradient and a disc off centre, so that a quarter turn changes its hash. */
async function picture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#101820"/><stop offset="1" stop-color="#e0e8f0"/></linearGradient></defs>
    <rect width="900" height="600" fill="url(#g)"/><circle cx="250" cy="200" r="150" fill="#d04020"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

describe('differenceHash', () => {
  it('hashes a photo as it is shown: stored sideways with an EXIF orientation, it matches the upright one', async () => {
    const upright = await sharp(await picture())
      .rotate(90)
      .jpeg({ quality: 92 })
      .toBuffer();
    // The same pixels stored unturned, with the camera's "turn 90° clockwise to show" tag.
    const tagged = await sharp(await picture())
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 92 })
      .toBuffer();
    const unturned = await differenceHash(await picture());
    expect(
      hammingDistance64(await differenceHash(tagged), await differenceHash(upright)),
    ).toBeLessThanOrEqual(2);
    expect(hammingDistance64(unturned, await differenceHash(upright))).toBeGreaterThan(10);
  });
});
