import sharp from 'sharp';

/**
 * A real photo: a gradient and a disc, so that a re-encode at another quality stays a near
 * duplicate and a picture with another disc colour is far.
 */
export async function photo(width: number, height: number, disc: string, quality = 90): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#102030"/><stop offset="1" stop-color="#c0d0e0"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height / 2}" r="${height / 3}" fill="${disc}"/></svg>`;
  return sharp(Buffer.from(svg)).withIccProfile('srgb').jpeg({ quality }).toBuffer();
}
