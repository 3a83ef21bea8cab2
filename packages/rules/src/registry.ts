/** SPEC §3 "Registry (enrichment record)" as `GET /api/registry/:id` answers it. */
export interface RegistryRecord {
  id: string;
  /** 'ADP' or another category (registryTitle). */
  category: string;
  registryType: string;
  name: string;
  sfId: string;
  groupId: string;
  ancestors: string[];
  currentCategoryId: string;
  /** SPEC §2: 'type: name - Rif: sfId', or 'type - Rif: sfId' for category ADP. */
  title: string;
  /** ISO 8601 while published, else null. */
  publishedAt: string | null;
}

/** `POST /api/registry/share-publish/:id` → 202: the record published and the external share's job. */
export interface RegistrySharePublishResponse {
  jobId: string;
  record: RegistryRecord;
}
