import sharp from 'sharp';

/**
 * A real photo: a gradient and a disc, so that a re-encode at another quality stays a near
 * duplicate. Its structure is what the perceptual hash sees: a disc of another colour at the same
 * place (`at`, a fraction of the width) may still be near; one elsewhere is far.
 */
export async function photo(
  width: number,
  height: number,
  disc: string,
  quality = 90,
  at = 0.3,
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#102030"/><stop offset="1" stop-color="#c0d0e0"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <circle cx="${width * at}" cy="${height / 2}" r="${height / 3}" fill="${disc}"/></svg>`;
  return sharp(Buffer.from(svg)).withIccProfile('srgb').jpeg({ quality }).toBuffer();
}
