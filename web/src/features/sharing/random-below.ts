/**
 * A uniform integer in [0, bound) from the browser's CSPRNG (crypto.getRandomValues), with
 * rejection sampling so no value is likelier than another.
 */
export function randomBelow(bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const draw = new Uint32Array(1);
  do crypto.getRandomValues(draw);
  while (draw[0] >= limit);
  return draw[0] % bound;
}
