import type { AssetSnapshot } from '../audit/audit-record';
import type { ProviderContentDetail } from '../provider/contents.gateway';

/** What a step changes beyond folders and tags, kept in its audit rows when it asks. */
export interface SnapshotParts {
  /** Each `key=value` of the content's metadata (enrichment sets and clears them). */
  metadata?: boolean;
}

/**
 * A content's state for its audit row: its folders and tags, sorted so a row compares with
 * another, and the parts the step asked for; `null` when the content does not exist.
 */
export function snapshotOf(
  content: ProviderContentDetail | undefined,
  parts: SnapshotParts = {},
): AssetSnapshot | null {
  if (!content) return null;
  return {
    folderIds: [...content.linkedCategoryIds].sort(),
    tags: content.itags.map((t) => t.prettyId ?? t.id).sort(),
    ...(parts.metadata && { metadata: content.imetadata.map((m) => `${m.key}=${m.value}`).sort() }),
  };
}
