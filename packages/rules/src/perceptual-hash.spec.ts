import {
  differenceHashOf,
  NEAR_DUPLICATE_SEARCH_RADIUS,
  chunkProbes,
  chunks16,
  hammingDistance64,
} from './perceptual-hash';

describe('perceptual hashes', () => {
  it('makes the difference hash of a 9x8 grey grid: a bit per pixel brighter than its right neighbour, row by row', () => {
    // Row 0 falls from left to right (every bit set), row 7 rises (none), the rows between are flat.
    const grid = Array.from({ length: 72 }, (_, i) => {
      const [row, col] = [Math.floor(i / 9), i % 9];
      return row === 0 ? 200 - col * 10 : row === 7 ? col * 10 : 100;
    });
    expect(differenceHashOf(grid)).toBe('ff00000000000000');
    grid[9 * 3 + 4] = 255;
    // Row 3: the pixel at column 4 is brighter than column 5 (bit 4 of 8 from the left: 0x08).
    expect(differenceHashOf(grid)).toBe('ff00000800000000');
    expect(() => differenceHashOf(grid.slice(1))).toThrow(RangeError);
  });

  it('measures the distance in bits', () => {
    expect(hammingDistance64('0123456789abcdef', '0123456789abcdef')).toBe(0);
    expect(hammingDistance64('0000000000000000', '0000000000000001')).toBe(1);
    expect(hammingDistance64('8000000000000000', '0000000000000000')).toBe(1);
    expect(hammingDistance64('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance64('00000000000000FF', '00000000000000f0')).toBe(4);
  });

  it('splits a hash into four 16-bit chunks, most significant first', () => {
    expect(chunks16('0001abcd8000ffff')).toEqual([0x0001, 0xabcd, 0x8000, 0xffff]);
  });

  it('refuses what is not a 64-bit hex hash', () => {
    expect(() => chunks16('abc')).toThrow(RangeError);
    expect(() => hammingDistance64('0123456789abcdeg', '0123456789abcdef')).toThrow(RangeError);
  });

  it('gives two hashes within distance 3 a chunk in common, wherever the bits differ', () => {
    const base = 'f0e1d2c3b4a59687';
    const flip = (hash: string, bit: number) =>
      (BigInt(`0x${hash}`) ^ (1n << BigInt(bit))).toString(16).padStart(16, '0');
    for (const bits of [
      [0, 16, 32],
      [15, 31, 47],
      [63, 62, 61],
      [5, 40, 60],
    ]) {
      const near = bits.reduce(flip, base);
      expect(hammingDistance64(base, near)).toBe(3);
      const shared = chunks16(base).filter((chunk, i) => chunk === chunks16(near)[i]);
      expect(shared.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('probes, for any hash within the search radius, a chunk the other hash has at the same position', () => {
    const base = '0f1e2d3c4b5a6978';
    const flip = (hash: string, bit: number) =>
      (BigInt(`0x${hash}`) ^ (1n << BigInt(bit))).toString(16).padStart(16, '0');
    // Seven bits spread so that every chunk differs in at least one: pigeonhole leaves one with one bit.
    const near = [0, 1, 16, 17, 32, 33, 48].reduce(flip, base);
    expect(hammingDistance64(base, near)).toBe(NEAR_DUPLICATE_SEARCH_RADIUS);
    const probes = chunkProbes(base);
    expect(probes.map((values) => values.length)).toEqual([17, 17, 17, 17]);
    expect(chunks16(near).some((chunk, i) => probes[i]!.includes(chunk))).toBe(true);
    // Eight bits, two in every chunk, escape the search: the radius is its limit.
    const far = [0, 1, 16, 17, 32, 33, 48, 49].reduce(flip, base);
    expect(chunks16(far).some((chunk, i) => probes[i]!.includes(chunk))).toBe(false);
  });
});
