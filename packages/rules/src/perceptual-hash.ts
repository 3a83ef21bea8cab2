/** 64-bit perceptual hashes (dHash): their distance and the keys of a near-duplicate search. */

/** The server's dHash: 64 bits as 16 lowercase hex digits (server derivatives `differenceHash`). */
const HASH_64 = /^[0-9a-f]{16}$/i;

export function isPerceptualHash(value: string): boolean {
  return HASH_64.test(value);
}

/** The grey picture a difference hash is made of: 9 columns by 8 rows, row by row. */
export const DHASH_GRID = { columns: 9, rows: 8 } as const;

/**
 * The 64-bit difference hash of a 9×8 grey picture (DHASH_GRID, one byte per pixel, row by row):
 * each bit says whether a pixel is brighter than its right neighbour. The server (sharp) and the
 * browser (a canvas) make the grid their own way; near-identical pictures differ in a few bits.
 */
export function differenceHashOf(grey: ArrayLike<number>): string {
  const { columns, rows } = DHASH_GRID;
  if (grey.length !== columns * rows) throw new RangeError(`A ${columns}x${rows} grey grid is needed`);
  let hex = '';
  for (let row = 0; row < rows; row += 1) {
    let byte = 0;
    for (let col = 0; col < columns - 1; col += 1)
      byte = (byte << 1) | (grey[row * columns + col]! > grey[row * columns + col + 1]! ? 1 : 0);
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

/**
 * The hash's four 16-bit chunks, most significant first: the keys of a multi-index search (one
 * B-tree per chunk position, chunk i compared only with chunk i). Pigeonhole: two hashes within
 * distance 3 differ in at most 3 of the 4 chunks, so at least one chunk is equal; within distance
 * 7 at least one chunk differs by at most one bit, so the search also probes each chunk's 16
 * one-bit neighbours to reach NEAR_DUPLICATE_SEARCH_RADIUS.
 */
export function chunks16(hash: string): [number, number, number, number] {
  if (!isPerceptualHash(hash)) throw new RangeError(`Not a 64-bit hex hash: ${hash}`);
  const chunk = (i: number) => parseInt(hash.slice(i * 4, i * 4 + 4), 16);
  return [chunk(0), chunk(1), chunk(2), chunk(3)];
}

function bitCount16(value: number): number {
  let count = 0;
  for (let rest = value; rest; rest &= rest - 1) count += 1;
  return count;
}

/** How many of the 64 bits differ between two hashes (0 = same picture, 64 = every bit). */
export function hammingDistance64(a: string, b: string): number {
  const right = chunks16(b);
  return chunks16(a).reduce((sum, chunk, i) => sum + bitCount16(chunk ^ right[i]!), 0);
}

/**
 * The farthest a near-duplicate search reaches (multi-index with one-bit neighbours, see
 * chunks16): a rule cannot ask for more, the search would never find them.
 */
export const NEAR_DUPLICATE_SEARCH_RADIUS = 7;

/**
 * The values a multi-index search looks up per chunk position: the chunk itself and its 16
 * one-bit neighbours (see chunks16), each position's list in the hash's order.
 */
export function chunkProbes(hash: string): number[][] {
  return chunks16(hash).map((chunk) => [
    chunk,
    ...Array.from({ length: 16 }, (_, bit) => chunk ^ (1 << bit)),
  ]);
}
