import { registryTitle, type RegistryRecord } from '@paddock/rules';

/** A registry record as stored. */
export interface StoredRegistryRecord {
  id: string;
  category: string;
  registryType: string;
  name: string;
  sfId: string;
  groupId: string;
  ancestors: string[];
  currentCategoryId: string;
  publishedAt: Date | null;
  publishedBy: string | null;
  updatedAt: Date;
}

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
