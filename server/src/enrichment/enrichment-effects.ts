import type { EnrichmentOp } from '../jobs/job-catalogue';
import type { ProviderContentDetail } from '../provider/contents.gateway';
import type { TagDefinitionSummary } from '../provider/enrichment.gateway';

/**
 * A content as the changes the provider took leave it, worked out from the content as read before
 * them, so a job reads each content once (issue 26): a tag added is there (with its definition's
 * prettyId and names), one removed is gone; a value set replaces the key's value without a language
 * in its classification, a key removed goes in every language — as the provider's own calls do.
 */
export function withChanges(
  content: ProviderContentDetail,
  changes: readonly EnrichmentOp[],
  tags: ReadonlyMap<string, TagDefinitionSummary>,
): ProviderContentDetail {
  let { itags, imetadata } = content;
  for (const change of changes) {
    if (change.kind === 'tag') {
      const other = (t: { id: string; prettyId: string | null }) =>
        t.id !== change.tagId && t.prettyId !== change.tagId;
      itags = itags.filter(other);
      if (change.action === 'add') {
        const tag = tags.get(change.tagId);
        itags = [
          ...itags,
          {
            id: tag?.id ?? change.tagId,
            classificationId: change.classificationId,
            prettyId: tag?.prettyId ?? null,
            names: tag?.names ?? [],
          },
        ];
      }
    } else {
      const same = (m: { classificationId: string; key: string; lang: string | null }) =>
        m.classificationId === change.classificationId &&
        m.key === change.key &&
        (change.action === 'remove' || m.lang === null);
      imetadata = imetadata.filter((m) => !same(m));
      if (change.action === 'set')
        imetadata = [
          ...imetadata,
          {
            classificationId: change.classificationId,
            key: change.key,
            value: change.value ?? '',
            lang: null,
          },
        ];
    }
  }
  return { ...content, itags, imetadata };
}
