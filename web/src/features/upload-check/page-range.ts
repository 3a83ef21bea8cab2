/**
 * The page numbers a paginator shows (1-based): a window of `range` pages around the current one,
 * shifted inward at both ends so it always holds `range` pages when there are that many.
 */
export function pageRange(current: number, pageCount: number, range: number): number[] {
  if (pageCount <= 0) return [];
  const size = Math.min(range, pageCount);
  const first = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}
