/**
 * Internal shares and folder publishing (SPEC §4 "Internal share", "Folders"): the codes the hub
 * answers, the fixed tags it sets, and the `internal-share` metadata's format, one definition for
 * the hub, the built-in provider and the web.
 */

/** Refusals of `POST /api/shares` and of folder publishing, and the publish jobs' failures. */
export const INTERNAL_SHARE_ERROR_CODES = {
  /**
   * SPEC §4: an asset already sits in the chosen folder's tree (the shared copy); it can be shared
   * there again once that copy is deleted. `details.ids` the assets, `details.folderIds` the folders.
   */
  ALREADY_SHARED: 'SHARE_ALREADY_SHARED',
  /** A target that is not among the user's sharing folders (the provider's sharing-folder lookup). */
  BAD_TARGET: 'SHARE_BAD_TARGET',
  /** SPEC §6: publishing needs the share right on the folder, in a view that shares. */
  PUBLISH_NOT_ALLOWED: 'FOLDER_PUBLISH_NOT_ALLOWED',
  /** SPEC §8 "publish and unpublish folder errors": the job's failure after its last try. */
  PUBLISH_FAILED: 'FOLDER_PUBLISH_FAILED',
  UNPUBLISH_FAILED: 'FOLDER_UNPUBLISH_FAILED',
} as const;
export type InternalShareErrorCode =
  (typeof INTERNAL_SHARE_ERROR_CODES)[keyof typeof INTERNAL_SHARE_ERROR_CODES];

/** SPEC §3 fixed tags of sharing, written by the hub's service account only (RESERVED_TAGS). */
export const SHARING_TAGS = {
  /** On every content shared into an internal-share folder. */
  internalShared: 'wf-internal-shared',
  /** On every content of a published folder. */
  published: 'wf-published',
} as const;

/** The most target folders one internal share may choose. */
export const INTERNAL_SHARE_MAX_TARGETS = 20;

/** One entry of the `internal-share` metadata: the folder and the day it was shared into it. */
export interface InternalShareEntry {
  folderId: string;
  /** yyyyMMdd (SPEC §9 "internal-share storage yyyyMMdd"). */
  date: string;
}

/** The day of `now` as the metadata stores it: yyyyMMdd, in UTC. */
export function internalShareDate(now: Date): string {
  return now.toISOString().slice(0, 10).replaceAll('-', '');
}

/** The metadata's value as entries; a value that is not the list reads as none. */
export function parseInternalShares(value: string | undefined): InternalShareEntry[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((e: unknown) => {
      if (typeof e !== 'object' || e === null) return [];
      const { folderId, date } = e as Record<string, unknown>;
      return typeof folderId === 'string' && typeof date === 'string' && /^\d{8}$/.test(date)
        ? [{ folderId, date }]
        : [];
    });
  } catch {
    return [];
  }
}

/**
 * SPEC §4: the metadata with the folders it misses appended (dated `now`), or null when it
 * already names them all (nothing to write: a retry changes nothing).
 */
export function withInternalShares(
  value: string | undefined,
  folderIds: readonly string[],
  now: Date,
): string | null {
  const entries = parseInternalShares(value);
  const missing = [...new Set(folderIds)].filter((id) => !entries.some((e) => e.folderId === id));
  if (!missing.length) return null;
  const date = internalShareDate(now);
  return JSON.stringify([...entries, ...missing.map((folderId) => ({ folderId, date }))]);
}

/** `POST /api/shares`: link the selection, seen in `folderId`, to the chosen folders. */
export interface InternalShareRequest {
  contentIds: string[];
  /** The folder the user shares from; SPEC §6 decides from it. */
  folderId: string;
  targetFolderIds: string[];
}

/** A folder of the picker's path, with what folderNameIn needs to name it as the tree does. */
export interface SharingFolderPlace {
  /** SPEC §3 code: well-known folders (internally shared, shared archive) get translated names. */
  prettyId: string;
  isSupplier: boolean;
  /** Names by upper-case locale (IT, EN, FR). */
  names: Record<string, string>;
}

/** A folder the user may share into (`GET /api/shares/folders`), with its path for the picker. */
export interface SharingFolder extends SharingFolderPlace {
  id: string;
  /** Its ancestors the user sees, top first. */
  path: SharingFolderPlace[];
}

export interface SharingFoldersResponse {
  items: SharingFolder[];
}

/** What a publish or unpublish job reports: the folder's contents and those it changed. */
export interface FolderPublishResult {
  total: number;
  /** Contents published (or removed) now; the rest already were. */
  changed: number;
}
