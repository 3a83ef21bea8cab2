import { specialCodeOf } from '@paddock/rules';

/**
 * The department a content belongs to: the one its workflow folders name (`<code>-<department>`),
 * else `fallback` (the uploader's), lower case as folder codes are; null when neither says.
 */
export function departmentOfContent(
  content: { linkedCategories: readonly { prettyId: string }[] },
  fallback: string | null | undefined,
): string | null {
  const named = content.linkedCategories.map((f) => specialCodeOf(f.prettyId)?.department).find(Boolean);
  return named ?? fallback?.toLowerCase() ?? null;
}
