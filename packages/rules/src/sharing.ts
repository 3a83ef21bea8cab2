import { E_CODES } from './errors';
import { LIMITS, LANGUAGES, type Language } from './limits';

/**
 * External shares (SPEC §3 "External share request", §5, §9), as the hub, the built-in provider
 * and the web all check them: one definition of the password rule, the recipients and the limits.
 */

/** SPEC §5: the special characters a share password must hold one of. */
export const SHARE_PASSWORD_SPECIALS = '@#$%^()&+=!?*"£&/';

/** What a password lacks, each a key the web translates (`sharing.password.<key>`). */
export const SHARE_PASSWORD_PROBLEMS = ['length', 'upper', 'lower', 'digit', 'special'] as const;
export type SharePasswordProblem = (typeof SHARE_PASSWORD_PROBLEMS)[number];

/** SPEC §5: ≥ LIMITS.sharePasswordMinLength characters with an upper, a lower, a digit and a special. */
export function sharePasswordProblems(password: string): SharePasswordProblem[] {
  const problems: SharePasswordProblem[] = [];
  // Characters, not UTF-16 units: '£' is one either way, an emoji would count twice.
  if ([...password].length < LIMITS.sharePasswordMinLength) problems.push('length');
  if (!/[A-Z]/.test(password)) problems.push('upper');
  if (!/[a-z]/.test(password)) problems.push('lower');
  if (!/\d/.test(password)) problems.push('digit');
  if (![...password].some((c) => SHARE_PASSWORD_SPECIALS.includes(c))) problems.push('special');
  return problems;
}

/** How long a generated password is: above the minimum, still easy to paste into a message. */
export const GENERATED_SHARE_PASSWORD_LENGTH = 20;

const PASSWORD_CLASSES = [
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  'abcdefghijkmnopqrstuvwxyz',
  '23456789',
  // '£' and '"' are left out: a generated password is pasted into mails and chats as it is.
  '@#$%^()&+=!?*/',
] as const;

/**
 * A password the rule above accepts: one character of each class, the rest from all of them, in
 * an order drawn at random. `randomBelow(n)` must give a uniform integer in [0, n) from a CSPRNG
 * (the web passes crypto.getRandomValues); look-alikes (I, l, O, 0, 1) are left out.
 */
export function generateSharePassword(randomBelow: (bound: number) => number): string {
  const all = PASSWORD_CLASSES.join('');
  const pick = (from: string) => from[randomBelow(from.length)];
  const chars = [
    ...PASSWORD_CLASSES.map(pick),
    ...Array.from({ length: GENERATED_SHARE_PASSWORD_LENGTH - PASSWORD_CLASSES.length }, () => pick(all)),
  ];
  // Fisher–Yates, so the guaranteed characters are not always first.
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomBelow(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export function isStrongSharePassword(password: string): boolean {
  return sharePasswordProblems(password).length === 0;
}

/** The longest password accepted: hashing is costly, an unbounded input is a denial of service. */
export const SHARE_PASSWORD_MAX_LENGTH = 256;

/** The most e-mail recipients one share may have (each gets a link of its own). */
export const SHARE_RECIPIENTS_MAX = 50;

/** The longest name, message and disclaimer of a share. */
export const SHARE_TEXT_LIMITS = { name: 150, message: 2000, disclaimer: 4000 } as const;

/**
 * An e-mail address the share mails to: a practical subset of RFC 5321 (local part of atoms
 * separated by dots, a domain with a dot), ASCII only, at most 254 characters.
 */
export function isValidEmail(address: string): boolean {
  if (address.length > 254) return false;
  return /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(
    address,
  );
}

export type RecipientsParse =
  { ok: true; recipients: string[] } | { ok: false; code: ShareErrorCode; invalid: string[] };

/**
 * SPEC §5 "Recipient e-mails are separated by semicolons": the list typed in the dialog, trimmed,
 * empty entries dropped, duplicates (any case) kept once, lower-cased. Refused when empty, when
 * an entry is not an address, or over SHARE_RECIPIENTS_MAX.
 */
export function parseRecipients(text: string): RecipientsParse {
  const entries = text
    .split(';')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
  const invalid = entries.filter((e) => !isValidEmail(e));
  if (invalid.length) return { ok: false, code: SHARE_ERROR_CODES.BAD_RECIPIENT, invalid };
  const recipients = [...new Set(entries.map((e) => e.toLowerCase()))];
  if (!recipients.length) return { ok: false, code: SHARE_ERROR_CODES.NO_RECIPIENTS, invalid: [] };
  if (recipients.length > SHARE_RECIPIENTS_MAX)
    return { ok: false, code: SHARE_ERROR_CODES.TOO_MANY_RECIPIENTS, invalid: [] };
  return { ok: true, recipients };
}

/** SPEC §9: a share is available LIMITS.externalShareAvailabilityHours after it is made, unless set otherwise. */
export function defaultShareExpiry(now: Date): Date {
  return shareExpiryOf('day', now);
}

/** The longest validity a user may choose (press campaigns run a few weeks). */
export const SHARE_MAX_VALIDITY_DAYS = 90;

/** An expiry a user may choose: after now, at most SHARE_MAX_VALIDITY_DAYS ahead. */
export function isValidShareExpiry(expiresAt: Date, now: Date): boolean {
  const t = expiresAt.getTime();
  return Number.isFinite(t) && t > now.getTime() && t <= now.getTime() + SHARE_MAX_VALIDITY_DAYS * 86_400_000;
}

/**
 * The expiry quick picks of the dialog's details step, in hours from now: SPEC §9's 24 h (the
 * default), a week and a month; 'custom' is a date-time the user types (checked by
 * isValidShareExpiry like any other).
 */
export const SHARE_EXPIRY_PICKS = {
  day: LIMITS.externalShareAvailabilityHours,
  week: 7 * 24,
  month: 30 * 24,
} as const;
export type ShareExpiryPick = keyof typeof SHARE_EXPIRY_PICKS | 'custom';
export const SHARE_EXPIRY_PICK_KEYS = [
  ...(Object.keys(SHARE_EXPIRY_PICKS) as (keyof typeof SHARE_EXPIRY_PICKS)[]),
  'custom',
] as const satisfies readonly ShareExpiryPick[];

/** The expiry a quick pick gives at `now`. */
export function shareExpiryOf(pick: keyof typeof SHARE_EXPIRY_PICKS, now: Date): Date {
  return new Date(now.getTime() + SHARE_EXPIRY_PICKS[pick] * 3_600_000);
}

/** SPEC §3 "type: e-mail or link". */
export const SHARE_TYPES = ['link', 'email'] as const;
export type ShareType = (typeof SHARE_TYPES)[number];

/** The languages a share's page and mails are in (SPEC §3 "dispatch e-mail … language"). */
export const SHARE_LANGUAGES = LANGUAGES;
export type ShareLanguage = Language;

/**
 * A share's life. 'succeded' is SPEC §7's spelling of the provider's status, kept on the wire;
 * the hub's own states are in ShareState.
 */
export const PROVIDER_SHARE_STATUSES = ['pending', 'succeded', 'failed'] as const;
export type ProviderShareStatus = (typeof PROVIDER_SHARE_STATUSES)[number];

/** What the management panel shows of a share. */
export const SHARE_STATES = ['pending', 'active', 'expired', 'revoked', 'failed'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

/** `POST /api/external-shares` (SPEC §3 "External share request", the hub's spelling). */
export interface ExternalShareRequest {
  type: ShareType;
  name: string;
  /** At most LIMITS.externalShareMaxFiles. */
  contentIds: string[];
  /** The folder the user shares from; SPEC §6 decides from it. */
  folderId: string;
  message?: string;
  disclaimer?: string;
  /** SPEC §5 rule; never echoed, logged or mailed. */
  password: string;
  contentDownload: boolean;
  /** ISO date-time; default now + 24 h (SPEC §9). */
  expiresAt?: string;
  language: ShareLanguage;
  /** E-mail shares: the semicolon-separated list of SPEC §5. */
  recipients?: string;
}

export interface ShareRecipientSummary {
  id: string;
  email: string;
  /** This recipient's own link: its owner's to see, never kept in a job record. */
  url: string;
  revoked: boolean;
  /** null before the mail went out. */
  sentAt: string | null;
  views: number;
  downloads: number;
  lastOpenedAt: string | null;
}

/** One row of `GET /api/external-shares`, and the answer of `GET /api/external-shares/{id}`. */
export interface ExternalShareSummary {
  id: string;
  name: string;
  type: ShareType;
  language: ShareLanguage;
  state: ShareState;
  /** The reason of a failed share (an error code). */
  failure: string | null;
  createdAt: string;
  expiresAt: string;
  assetCount: number;
  contentDownload: boolean;
  views: number;
  downloads: number;
  /** The link of a link share; e-mail shares have one per recipient. */
  url: string | null;
  recipients: ShareRecipientSummary[];
}

/** What a recipient did (SPEC §2 panel, per-recipient access log): opened the page, downloaded an asset or the ZIP. */
export const SHARE_EVENTS = ['open', 'download', 'zip'] as const;
export type ShareEventKind = (typeof SHARE_EVENTS)[number];

/** One row of `GET /api/external-shares/{id}/events`, newest first. */
export interface ShareAccessEvent {
  recipientId: string;
  /** null for the link of a link share. */
  email: string | null;
  event: ShareEventKind;
  /** The downloaded asset ('download' only). */
  contentId: string | null;
  at: string;
}

export interface ShareAccessEventsResponse {
  items: ShareAccessEvent[];
}

/**
 * The management panel's pages of `GET /api/external-shares`, newest first: `default` shares a
 * page unless `limit` says otherwise, at most `max`.
 */
export const SHARE_LIST_PAGE = { default: 20, max: 100 } as const;

export interface ExternalShareListResponse {
  items: ExternalShareSummary[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** One user's external shares submitted within the rate's window. */
export interface ShareSenderCount {
  username: string;
  shares: number;
  recipients: number;
}

/**
 * `GET /api/external-shares/senders` (administrators): who submitted how many external shares and
 * recipients in the last `windowMinutes`, most shares first, beside the per-user limits.
 */
export interface ShareSendersResponse {
  windowMinutes: number;
  maxShares: number;
  maxRecipients: number;
  items: ShareSenderCount[];
}

/** Error codes of sharing the hub answers before a job exists, besides SPEC §8's E003/E004/E035/E062. */
export const SHARE_ERROR_CODES = {
  /** SPEC §5 password rule; `details.problems` lists SharePasswordProblem keys. */
  WEAK_PASSWORD: 'SHARE_WEAK_PASSWORD',
  /** SPEC §5 "at most 500 files at once". */
  TOO_MANY_FILES: 'SHARE_TOO_MANY_FILES',
  /** An e-mail share without a recipient. */
  NO_RECIPIENTS: 'SHARE_NO_RECIPIENTS',
  /** A recipient that is not an e-mail address; `details.invalid` lists them. */
  BAD_RECIPIENT: 'SHARE_BAD_RECIPIENT',
  TOO_MANY_RECIPIENTS: 'SHARE_TOO_MANY_RECIPIENTS',
  /** An expiry in the past or beyond SHARE_MAX_VALIDITY_DAYS. */
  BAD_EXPIRY: 'SHARE_BAD_EXPIRY',
  /** SPEC §6: share flag, archives view and an asset not restricted; `details.ids` lists the refused. */
  NOT_ALLOWED: 'SHARE_NOT_ALLOWED',
  /** An asset is not in the folder the share was asked from (a stale view); `details.ids` lists them. */
  NOT_IN_FOLDER: 'SHARE_NOT_IN_FOLDER',
  /** The share (or recipient) does not exist, is someone else's, or is revoked already. */
  NOT_FOUND: 'SHARE_NOT_FOUND',
  /** The mail could not be sent after the last retry. */
  MAIL_FAILED: 'SHARE_MAIL_FAILED',
  /**
   * The user's external shares or their recipients in the window are used up (the hub's
   * EXTERNAL_SHARE_RATE_* settings); `details.retryAfterSeconds`, as Retry-After, says when it fits.
   */
  RATE_LIMITED: 'SHARE_RATE_LIMITED',
} as const;
export type ShareErrorCode = (typeof SHARE_ERROR_CODES)[keyof typeof SHARE_ERROR_CODES];

/**
 * SPEC §8's codes of sharing: E003 a share the provider could not create (the job's failure),
 * E004 loading a share's data, E035 tagging for an internal share, E062 share and publish. Their
 * statuses are in HTTP_STATUS_OF_CODE (error-status.ts).
 */
export const SHARE_E_CODES = [
  E_CODES.EXTERNAL_SHARE_FAILED,
  E_CODES.SHARED_METADATA_FAILED,
  E_CODES.TAG_BULK_INSERT_FAILED,
  E_CODES.SHARE_PUBLISH_FAILED,
] as const;
