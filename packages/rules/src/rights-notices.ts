import { restrictionDayOf, rightsDatesOf } from './enrichment';
import { RIGHTS_ENDING_DAYS } from './limits';
import type { ShareEventKind } from './sharing';

/**
 * Rights that follow the asset out (issue 28 point 2, docs/rights-notices.md): when an embargo
 * starts, a copyright ends or ends within RIGHTS_ENDING_DAYS, everyone who received the asset is
 * told once — internal sharers, external recipients who viewed or downloaded it, and registered
 * webhooks. Defined once for the hub and the web.
 */

export const RIGHTS_EVENTS = ['embargo-started', 'copyright-ended', 'copyright-ending'] as const;
export type RightsEvent = (typeof RIGHTS_EVENTS)[number];

/**
 * One notice-worthy fact about an asset: the event and its window — the date it is about (the
 * embargo's date, the to-date ended or ending). A date changed by an enrichment is a new window, so
 * a new notice; the same date never is.
 */
export interface RightsEventAt {
  event: RightsEvent;
  /** ISO yyyy-mm-dd: the notice's window and the date it tells. */
  window: string;
}

const DAY_MS = 86_400_000;

/**
 * The rights events of an asset today (UTC days, as restrictionOf): an embargo whose date is after
 * today has started (its latest date); a copyright whose to-date is before today has ended (its
 * earliest: it does not move when a later one passes too); otherwise one whose to-date is within
 * `endingDays` from today, both included, ends soon (the earliest such).
 */
export function rightsEventsOf(
  metadata: readonly { key: string; value: string }[],
  now: Date,
  endingDays: number = RIGHTS_ENDING_DAYS,
): RightsEventAt[] {
  const today = restrictionDayOf(now);
  const horizon = restrictionDayOf(new Date(Date.parse(today) + endingDays * DAY_MS));
  const { embargo, copyrightEnds } = rightsDatesOf(metadata);
  const out: RightsEventAt[] = [];
  const embargoUntil = embargo.filter((d) => d > today).at(-1);
  if (embargoUntil) out.push({ event: 'embargo-started', window: embargoUntil });
  const ended = copyrightEnds.find((d) => d < today);
  const ending = copyrightEnds.find((d) => d >= today && d <= horizon);
  if (ended) out.push({ event: 'copyright-ended', window: ended });
  else if (ending) out.push({ event: 'copyright-ending', window: ending });
  return out;
}

/**
 * Whether an external recipient's access log shows they received the asset: the page opened (it
 * shows every asset of the share), the ZIP, or this asset downloaded.
 */
export function receivedAsset(
  log: readonly { event: ShareEventKind; contentId: string | null }[],
  contentId: string,
): boolean {
  return log.some((e) => e.event !== 'download' || e.contentId === contentId);
}

/** Who a notice goes to, as its unique row names them. */
export type NoticeRecipient = `user:${string}` | `email:${string}` | `webhook:${string}`;

/** The headers of a webhook delivery (docs/rights-notices.md, "For receivers"). */
export const WEBHOOK_HEADERS = {
  /** `sha256=<hex>`: HMAC-SHA256 with the endpoint's secret of `<timestamp>.<raw body>`. */
  signature: 'X-Paddock-Signature',
  /** Unix seconds when the delivery was signed; part of what is signed. */
  timestamp: 'X-Paddock-Timestamp',
  /** The same for every try of one notice: receivers de-duplicate on it. */
  idempotencyKey: 'Idempotency-Key',
  /** The event, also in the body. */
  event: 'X-Paddock-Event',
} as const;

/** The event of a test delivery an administrator sends from the panel. */
export const WEBHOOK_TEST_EVENT = 'test';

/** A webhook delivery's body (JSON, signed as sent). */
export interface RightsNoticeBody {
  event: RightsEvent | typeof WEBHOOK_TEST_EVENT;
  /** The notice's id: equal to the Idempotency-Key header. */
  id: string;
  assetId: string | null;
  name: string | null;
  /** ISO yyyy-mm-dd: when the embargo lasts to, or the copyright ends or ended. */
  effectiveDate: string | null;
  /** ISO 8601: when the notice was claimed. */
  occurredAt: string;
  /** The portal's address. */
  portal: string;
}

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** Bounds of webhook endpoints. */
export const WEBHOOK_LIMITS = {
  urlMaxLength: 2000,
  /** Endpoints the organisation registers (active and not). */
  endpointsMax: 100,
  /** Deliveries the panel lists per endpoint (the newest). */
  deliveriesListed: 20,
  /** Milliseconds a receiver has to answer before the try counts as failed. */
  timeoutMs: 10_000,
} as const;

export const RIGHTS_NOTICE_ERROR_CODES = {
  /** A webhook URL that is no http(s) URL, carries credentials, or points at the portal itself. */
  BAD_WEBHOOK_URL: 'WEBHOOK_BAD_URL',
  /** A test delivery to an endpoint deactivated already, or a second deactivation. */
  WEBHOOK_INACTIVE: 'WEBHOOK_INACTIVE',
  /** More endpoints than WEBHOOK_LIMITS.endpointsMax. */
  TOO_MANY_WEBHOOKS: 'WEBHOOK_LIMIT_REACHED',
  /** A delivery's receiver answered no 2xx, or not in time (the job retries, then fails with it). */
  WEBHOOK_UNDELIVERED: 'WEBHOOK_UNDELIVERED',
} as const;
export type RightsNoticeErrorCode =
  (typeof RIGHTS_NOTICE_ERROR_CODES)[keyof typeof RIGHTS_NOTICE_ERROR_CODES];

export type WebhookUrlProblem = 'invalid' | 'protocol' | 'credentials' | 'portal';

/**
 * Why a webhook URL is refused, or null: it must parse, be http or https, carry no user or password,
 * and not point at the portal itself (`portalUrl`'s host and port), which would call its own API.
 */
export function webhookUrlProblem(url: string, portalUrl: string): WebhookUrlProblem | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'invalid';
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return 'protocol';
  if (target.username || target.password) return 'credentials';
  const portal = new URL(portalUrl);
  if (target.host.toLowerCase() === portal.host.toLowerCase()) return 'portal';
  return null;
}

/** Who registers webhooks: administrators (of a department for that department's, or of none for all). */
export function mayManageWebhooks(user: { roles: readonly string[] }): boolean {
  return user.roles.includes('admin');
}

/**
 * Whether an administrator manages the webhooks of `department` (null: those that hear every
 * department): one of that department, or one of none (the organisation's), as for legal holds.
 */
export function mayManageDepartmentWebhooks(
  user: { roles: readonly string[]; department: string | null },
  department: string | null,
): boolean {
  if (!mayManageWebhooks(user)) return false;
  return user.department === null || user.department.toLowerCase() === department?.toLowerCase();
}

/** POST /api/webhooks. */
export interface RegisterWebhookRequest {
  url: string;
  /** Lower-case department code whose assets it hears; null: every department's. */
  department: string | null;
  description?: string;
}

export interface WebhookDeliveryView {
  id: string;
  event: string;
  assetId: string | null;
  /** The asset's name as the notice told it. */
  assetName: string | null;
  state: WebhookDeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface WebhookEndpointView {
  id: string;
  url: string;
  department: string | null;
  description: string;
  active: boolean;
  createdBy: string;
  createdAt: string;
  deliveries: WebhookDeliveryView[];
}

/** The answer of a registration: the only time the signing secret is shown. */
export interface RegisteredWebhook extends WebhookEndpointView {
  secret: string;
}
