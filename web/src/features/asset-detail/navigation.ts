/**
 * Previous/next through the current result list (SPEC §2): at the end of what is loaded the next
 * page is loaded first; past the last result it wraps to the first, and before the first to the last
 * loaded one.
 */
export async function stepThrough(
  ids: readonly string[],
  current: string,
  direction: 1 | -1,
  more: { hasMore: boolean; load(): Promise<readonly string[]> },
): Promise<string | undefined> {
  if (ids.length === 0) return undefined;
  const index = ids.indexOf(current);
  if (index === -1) return ids[0];
  if (direction === -1) return ids[index === 0 ? ids.length - 1 : index - 1];
  if (index < ids.length - 1) return ids[index + 1];
  if (more.hasMore) {
    const loaded = await more.load();
    if (loaded.length > ids.length) return loaded[index + 1];
  }
  return ids[0];
}
