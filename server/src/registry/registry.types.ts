import { registryTitle, type RegistryRecord } from '@paddock/rules';

/** A registry record as stored: the answer's fields (rules RegistryRecord) less the derived title. */
export type StoredRegistryRecord = Omit<RegistryRecord, 'title' | 'publishedAt'> & {
  publishedAt: Date | null;
  publishedBy: string | null;
  updatedAt: Date;
};

/** Field by field: a stored row may carry columns the answer must not show. */
export function toRegistryRecord(r: StoredRegistryRecord): RegistryRecord {
  return {
    id: r.id,
    category: r.category,
    registryType: r.registryType,
    name: r.name,
    sfId: r.sfId,
    groupId: r.groupId,
    ancestors: r.ancestors,
    currentCategoryId: r.currentCategoryId,
    title: registryTitle(r),
    publishedAt: r.publishedAt?.toISOString() ?? null,
  };
}
