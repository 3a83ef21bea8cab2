import type { AssetPreflight } from './preflight';
import type { AssetRestriction, MetadataType, TagSummary } from './enrichment';
import type { AssetActions, Place } from './permissions';
import type { RejectionChecklist } from './rejection-checklist';
import { PLATE_BOXES_METADATA } from './plates';
import {
  CONTENT_VERSION_METADATA,
  INTERNAL_SHARE_METADATA,
  type AssetWorkflowInfo,
  type AssetWorkflowState,
} from './workflow';
/**
 * Asset core wire types (issue 3 hub contract) and the content rules of SPEC §3 and §5, shared by
 * the hub and the web.
 */

/**
 * The grid's tile sizes (issue 23): each user picks one, remembered in their preferences; the web
 * gives each its pixels. The default shows at least two whole rows on a 1280×720 laptop.
 */
export const TILE_SIZES = ['small', 'medium', 'large'] as const;
export type TileSize = (typeof TILE_SIZES)[number];
export const DEFAULT_TILE_SIZE: TileSize = 'medium';
export function isTileSize(value: unknown): value is TileSize {
  return typeof value === 'string' && (TILE_SIZES as readonly string[]).includes(value);
}

/** Content types a content can have (SPEC §3). */
export const CONTENT_TYPES = ['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** The content-type filter also offers these (SPEC §3). */
export const FILTER_CONTENT_TYPES = [...CONTENT_TYPES, 'PAGE', 'PLAYLIST', 'URL'] as const;
export type FilterContentType = (typeof FILTER_CONTENT_TYPES)[number];

/** File extensions offered by the extension filter (SPEC §3). */
export const FILE_EXTENSIONS = [
  'ai',
  'docx',
  'eps',
  'jpg',
  'mp4',
  'pdf',
  'png',
  'pptx',
  'psd',
  'zip',
] as const;
export type FileExtension = (typeof FILE_EXTENSIONS)[number];

/** SPEC §3 `registry-id`: the registry record an asset is filed under. */
export const REGISTRY_ID_METADATA = 'registry-id';

/** The asset's registry record id (SPEC §3 `registry-id`), as AssetDetail carries it: absent when unset. */
export function registryIdOf(metadata: readonly { key: string; value: string }[]): { registryId?: string } {
  const value = metadata.find((m) => m.key === REGISTRY_ID_METADATA && m.value.trim() !== '')?.value.trim();
  return value ? { registryId: value } : {};
}

/**
 * Metadata keys never displayed (SPEC §3 "Hidden from display": canvas, internal share, rework,
 * fingerprint, version, registry id), spelled as the metadata keys of SPEC §3.
 */
export const HIDDEN_METADATA_KEYS = [
  'jsoncanvas',
  INTERNAL_SHARE_METADATA,
  'rework',
  'fingerprint',
  CONTENT_VERSION_METADATA,
  REGISTRY_ID_METADATA,
  PLATE_BOXES_METADATA,
] as const;

export function isHiddenMetadataKey(key: string): boolean {
  return (HIDDEN_METADATA_KEYS as readonly string[]).includes(key.toLowerCase());
}

const VIDEO_EXTENSIONS = new Set(['mp4', 'mov', 'm4v', 'avi', 'mkv', 'webm', 'mpg', 'mpeg', 'wmv', 'mxf']);
const AUDIO_EXTENSIONS = new Set(['mp3', 'wav', 'aac', 'm4a', 'flac', 'ogg', 'oga', 'aif', 'aiff', 'wma']);

/**
 * The content type of a file. Images are detected by a MIME type starting with 'image' (SPEC §5) —
 * so an .ai or .psd the browser labels image/* is an IMAGE; video and audio by MIME, then by
 * extension (browsers often send application/octet-stream); everything else is a DOCUMENT.
 */
export function contentTypeOf(
  mimeType: string | null | undefined,
  extension: string | null | undefined,
): ContentType {
  const mime = (mimeType ?? '').toLowerCase();
  const ext = (extension ?? '').toLowerCase().replace(/^\./, '');
  if (mime.startsWith('image')) return 'IMAGE';
  if (mime.startsWith('video')) return 'VIDEO';
  if (mime.startsWith('audio')) return 'AUDIO';
  if (VIDEO_EXTENSIONS.has(ext)) return 'VIDEO';
  if (AUDIO_EXTENSIONS.has(ext)) return 'AUDIO';
  return 'DOCUMENT';
}

/** Hub error codes of the asset core SPEC §8 names without a number. */
export const ASSET_ERROR_CODES = {
  /** SPEC §5 "Upload is denied in the suppliers folder". */
  UPLOAD_DENIED_SUPPLIERS: 'UPLOAD_DENIED_SUPPLIERS',
  /** The user's groups have no `write` right on the target folder. */
  UPLOAD_FORBIDDEN: 'UPLOAD_FORBIDDEN',
  /** The upload declares more bytes than UPLOAD_MAX_BYTES (announced as tus's Tus-Max-Size). */
  UPLOAD_TOO_LARGE: 'UPLOAD_TOO_LARGE',
  /** The tus upload is not finished, or its result was never recorded. */
  UPLOAD_NOT_FINISHED: 'UPLOAD_NOT_FINISHED',
  /** A content whose file cannot be read may not go on to approval nor be shared until a new version replaces it. */
  UNREADABLE: 'ASSET_UNREADABLE',
  /** A rename or new version asked from a folder the asset is not in (a stale view). */
  NOT_IN_FOLDER: 'ASSET_NOT_IN_FOLDER',
} as const;

export interface FolderRights {
  manage: boolean;
  share: boolean;
  write: boolean;
}

/** `GET /api/folders/tree` node; `name` is in the user's language (fallback EN). */
export interface FolderNode {
  id: string;
  name: string;
  prettyId: string | null;
  parentId: string | null;
  isSupplier: boolean;
  /** SPEC §3 "origin folder": the folder this one was made from, as the provider records it. */
  originId: string | null;
  rights: FolderRights;
  /**
   * SPEC §3 tree node data: the user may create a sub-folder here (SPEC §6 "Create" in the folder's
   * view, with `manage`), decided by the hub from the folder's whole path and checked again on create.
   */
  canCreate: boolean;
  hasChildren: boolean;
  children?: FolderNode[];
  /**
   * Only on a top-level folder below folders the user does not see (a supplier's folder in each
   * department): the name of its department, so roots of the same name read apart.
   */
  department?: string;
  /** In a view-scoped tree: kept only because folders of the view sit below it (not opened). */
  context?: boolean;
  /** Breadcrumb, root first; only on `GET /api/folders/:id`. */
  path?: { id: string; name: string }[];
  /** Only on `GET /api/folders/:id`: the folder's place and the SPEC §6 actions on assets in it. */
  place?: Place;
  actions?: AssetActions;
}

export interface FolderTreeResponse {
  roots: FolderNode[];
}

/** SPEC §3: sort by creation date, last update, name or relevance, each ascending or descending. */
export const ASSET_SORT_FIELDS = ['creationDate', 'lastUpdate', 'name', 'relevance'] as const;
export type AssetSortField = (typeof ASSET_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The order a sort starts in when it is chosen: names A→Z, dates newest first, best matches first. */
export const DEFAULT_SORT_ORDER: Record<AssetSortField, SortOrder> = {
  creationDate: 'desc',
  lastUpdate: 'desc',
  name: 'asc',
  relevance: 'desc',
};

export interface AssetSummary {
  id: string;
  name: string;
  type: ContentType;
  extension: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  updatedAt: string;
  owner: string;
  /** Hub URL, e.g. /api/assets/:id/thumbnail?size=WxH. */
  thumbnailUrl: string;
  /** The provider's processing state: PROCESSING until the derivatives exist, then READY (or FAILED). */
  state: string;
  /** Where the asset stands in the workflow (the card's chip); null outside it. */
  workflowState: AssetWorkflowState | null;
  /** Embargo active or copyright expired (SPEC §4 derived flags, restrictionOf): the card marks it. */
  restricted: boolean;
  /** Published with its folder (SPEC §4 "Folders"): the card and the detail say so to everyone. */
  published: boolean;
  /** Audio and video: the running time of the current version. */
  durationMs?: number;
  /** The current version (1, then one more with each new version): the card says which it shows. */
  version: number;
  /** The current version's pre-flight when it warned or blocked (issue 27): the card marks it. */
  preflightVerdict?: 'warn' | 'block';
  /** Deleted to the junk: when the nightly purge may delete it for good (junkPurgeDueAt), ISO 8601. */
  purgeDueAt?: string;
  /**
   * The reasons of the active legal holds on it: listed in the junk, what keeps it from the purge; in
   * a detail where a new version would be offered, what withdraws that action.
   */
  holdReasons?: string[];
}

export interface AssetListResponse {
  items: AssetSummary[];
  /** The page is full: the next one may hold more. */
  hasMore: boolean;
  /** With hasMore: the `cursor` that asks for the next page. */
  next?: string;
  offset: number;
  limit: number;
}

/** GET /api/assets/total: the hits of the same search, counted up to LIMITS.searchCountCap. */
export interface AssetTotalResponse {
  totalResults: number;
  /** More assets match than totalResults ("10,000+"). */
  totalIsCapped: boolean;
}

/**
 * One metadata value of an asset with what its definition says of it (SPEC §3 "each entry key,
 * value, type, name"): its type and its name in the language asked. A key the provider has no
 * definition of, or one of a type SPEC does not list (KEY, COLOR, …), comes without them.
 */
export interface AssetMetadataEntry {
  /** The classification it belongs to (SPEC §3 "metadata grouped by classification code"). */
  classificationId: string;
  key: string;
  value: string;
  type?: MetadataType;
  name?: string;
}

export interface AssetRights {
  rename: boolean;
  newVersion: boolean;
  download: boolean;
}

export interface AssetDetail extends AssetSummary {
  names: { IT: string; EN: string };
  version: number;
  size: number;
  mimeType: string;
  width?: number;
  height?: number;
  durationMs?: number;
  folders: { id: string; name: string }[];
  metadata: AssetMetadataEntry[];
  /** The tags on the asset; the classification tells products (vu62a5) from free tags and the rest. */
  tags: { id: string; classificationId: string; label: string }[];
  /** SPEC §3 owner type ENGINE: the asset was made by a machine, not uploaded by a person. */
  machineOwned: boolean;
  /** SPEC §3 availableChannels: the provider's delivery channels the current version is ready on. */
  availableChannels: string[];
  /** The products the asset is linked to (SPEC §7 product-content links), named by the product listing. */
  products: TagSummary[];
  /**
   * SPEC §3 `registry-id` (hidden from display): the registry record the asset is filed under, which
   * the wizard's summary shows and may share and publish (SPEC §2).
   */
  registryId?: string;
  previewUrl: string;
  posterUrl?: string;
  proxyUrl?: string;
  downloadUrl: string;
  rights: AssetRights;
  /** Approval state, rejection note and drawing, deletion date (SPEC §3, §4). */
  workflow: AssetWorkflowInfo;
  /** The current version's pre-flight (issue 27); null while it is being checked or was never checked. */
  preflight: AssetPreflight | null;
  /**
   * The marks on the rejection an earlier version carries over to this one (issue 27), when the
   * workflow facts hold one (`carriedRejectionOf`); null otherwise.
   */
  checklist: RejectionChecklist | null;
  /** Embargo active or copyright expired (SPEC §4 derived flags): the modal warns, share is refused. */
  restriction: AssetRestriction;
  /** With `?folderId=`: where the asset is looked at, and what SPEC §6 lets this user do there. */
  place?: Place;
  actions?: AssetActions;
}

/**
 * A supplier's delivery that came back rejected (issue 23): still in its supplier work folder with the
 * refused state, what the supplier's notice and badge are made of. `GET /api/assets/rejected-deliveries`.
 */
export interface RejectedDelivery {
  id: string;
  /** In the asked language (nameIn), with `extension` beside it as the listing has them. */
  name: string;
  extension: string;
  version: number;
  /** The supplier work folder (`lvrr02-<department>`) it sits in: the web names its department from it. */
  folderId: string;
  /** Why (content_note), and who (rejected_by): their name, the username when the directory has none. */
  note: string | null;
  rejectedBy: string | null;
}

export interface RejectedDeliveriesResponse {
  items: RejectedDelivery[];
}

/** `PATCH /api/assets/:id` body. */
export interface RenameAssetRequest {
  name: string;
}

/** `GET /api/uploads/:uploadId/result`. */
export interface UploadResult {
  contentId: string;
  /** 1 for a new content, the new version number for a new version. */
  version: number;
  /** The version's pre-flight check (issue 27): its report is on the asset's detail once it ends. */
  preflightJobId: string;
  /**
   * A new version of a rejected delivery, or of one whose earlier version was blocked: the job
   * after which it is back at approval step 1, unless the pre-flight blocks it.
   */
  jobId?: string;
}

/** tus Upload-Metadata keys the hub reads. */
export const UPLOAD_METADATA_KEYS = {
  filename: 'filename',
  folderId: 'folderId',
  contentId: 'contentId',
  filetype: 'filetype',
} as const;

/**
 * The suppliers folder of a department (`frnt01-<department>`, SPEC §3), where uploads are denied
 * (SPEC §5); the supplier companies' folders under it (`frnt01-<department>-<supplier>`) are not.
 */
export function isSuppliersRootPrettyId(prettyId: string | null | undefined): boolean {
  return !!prettyId && /^frnt01(-[^-]+)?$/i.test(prettyId);
}

/**
 * A thumbnail box "WxH" (THRON's divArea; the hub's `?size=`): up to four digits a side, 0 leaving
 * that side free.
 */
export const THUMBNAIL_BOX_PATTERN = /^(\d{1,4})x(\d{1,4})$/;

/** The side of a card's square thumbnail in the grid: the hub asks it, the built-in provider keeps it fitted. */
export const CARD_THUMBNAIL_SIDE = 340;
/** The card's box as a thumbnail size ("WxH"): the summaries' thumbnail address asks it, the hub keeps it in memory. */
export const CARD_THUMBNAIL_BOX = `${CARD_THUMBNAIL_SIDE}x${CARD_THUMBNAIL_SIDE}`;

/** The processing state of a content whose derivatives are still being made (THRON's is READY at once). */
export const PROCESSING_STATE = 'PROCESSING';

/**
 * The processing state of a content whose file could not be read (corrupt, truncated, not what its
 * extension says): the provider made no usable preview, and the file is useless to anyone it goes to.
 */
export const UNREADABLE_STATE = 'FAILED';

/** The contents among these whose file cannot be read: refused for approval and sharing (ASSET_UNREADABLE). */
export function unreadableIds(contents: readonly { id: string; state: string }[]): string[] {
  return contents.filter((c) => c.state === UNREADABLE_STATE).map((c) => c.id);
}

/** At most this many contents per `GET /api/assets/events` stream (a page of the listing). */
export const ASSET_EVENTS_MAX_IDS = 100;

/**
 * One message of `GET /api/assets/events?ids=…`: the contents whose derivatives are now made
 * (READY or FAILED), and how many asked for still wait; the stream ends after `pending` 0.
 */
export interface AssetReadinessEvent {
  ready: { contentId: string; state: string }[];
  pending: number;
}
