const CONTENT_DRAFT_MAX_BYTES = 65_536;
/** What a stored enrichment draft holds beside its state: the selection's ids and folder, quoted. */
const DRAFT_SELECTION_ROOM_BYTES = 16_384;

/** Business constants and limits of SPEC §9, defined once. */
export const LIMITS = {
  externalShareAvailabilityHours: 24,
  junkRetentionDays: 30,
  taggingMaxAssets: 200,
  externalShareMaxFiles: 500,
  previewMaxAssets: 25,
  vinPlatePairsMax: 3,
  copyrightOptionsMax: 4,
  sharePasswordMinLength: 16,
  idChunkSize: 50,
  subFolderPageSize: 50,
  junkMoveRetryMax: 10,
  /**
   * How long after their own delete a user who may not open the junk may still restore from it:
   * the Undo of the notice that follows (the web's NOTICE_WITH_UNDO_MS), with room for the job to end
   * and the click.
   */
  junkUndoWindowMs: 60_000,
  /** Assets one workflow job takes (a bulk accept, move or delete). */
  workflowMaxAssets: 500,
  shareStatusPollMs: 3000,
  recentRecipientsMax: 10,
  recentRecipientsCookieDays: 365,
  uploadCheckPageSize: 10,
  uploadCheckPageRange: 3,
  /** Files the upload check compares by content at once (their hashes, made in the browser). */
  uploadCheckFilesMax: 50,
  /**
   * The largest file whose SHA-256 the browser makes for the upload check: Web Crypto hashes a
   * file whole, in memory. A larger one is compared by its picture only.
   */
  uploadCheckHashMaxBytes: 256 * 1024 * 1024,
  contentServiceTimeoutMs: 60_000,
  sessionCookieDays: 30,
  /**
   * A listing or search counts its hits up to this many (or to the end of the page asked for, when
   * that is further) and then says "more": an exact count of 100,000 hits costs more than the page.
   */
  searchCountCap: 10_000,
  /**
   * A supplier's rejected deliveries read for its badge and notice: its work folders' newest this many
   * (a rejected delivery is answered or removed, so a supplier's folder keeps few).
   */
  rejectedDeliveriesRead: 200,
  /** The longest folder or asset name, in every locale (THRON's locale name limit). */
  nameMaxLength: 150,
  /** The deepest offset a page may start at: past it a listing is refused, not overflowed in SQL. */
  pageOffsetMax: 10_000_000,
  /** The longest page token a provider's content/search gives (one by name carries a name twice). */
  pageTokenMaxLength: 4000,
  /** The largest JSON or form body the hub and the provider read (a reject's drawing is the largest). */
  jsonBodyMaxBytes: 1_048_576,
  /**
   * The deepest nesting of a body or a JSON cookie the hub and the provider read (body-parser's own
   * bound for forms): deeper input is refused before anything walks it.
   */
  inputDepthMax: 32,
  /** The largest draft the provider keeps for one user on one content (content/saveDraft), as JSON. */
  contentDraftMaxBytes: CONTENT_DRAFT_MAX_BYTES,
  /**
   * The largest enrichment working state the hub saves as a draft, as JSON: the provider's bound
   * less room for the selection stored beside it (200 ids of 36 characters and a folder id).
   */
  enrichmentDraftMaxBytes: CONTENT_DRAFT_MAX_BYTES - DRAFT_SELECTION_ROOM_BYTES,
  /** The longest name of a saved search or a collection (docs/saved-searches.md). */
  savedSearchNameMaxLength: 80,
  /** Saved searches one user owns. */
  savedSearchesPerOwner: 100,
  /** Colleagues a saved search or a collection is shared with by name. */
  savedSearchShareUsersMax: 20,
  /** Collections one user owns. */
  collectionsPerOwner: 100,
  /** Assets one collection holds: the provider's bound on the ids of one search. */
  collectionItemsMax: 500,
} as const;

/**
 * "Rights ending": a copyright to-date from today to this many days on — the built-in saved search
 * and the rights notices' `copyright-ending` event alike.
 */
export const RIGHTS_ENDING_DAYS = 30;

export const CLIENT_VERSION = '2.0.1';
export const CLIENT_ID = 'paddock';

export const LANGUAGES = ['it', 'en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';
export const FALLBACK_LANGUAGE: Language = 'en';
/** The asset-facing locale pair (SPEC §1). */
export const ASSET_LOCALES = ['IT', 'EN'] as const;
/**
 * The locales a folder is named in: the asset pair and French, since folders (unlike assets) have
 * French names; the hub names a folder it creates or renames in each, so none goes stale.
 */
export const FOLDER_LOCALES = [...ASSET_LOCALES, 'FR'] as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `items` in consecutive groups of at most `size` (ids sent to the provider, batches a page asks). */
export function inGroupsOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
