import { Inject, Injectable } from '@nestjs/common';
import {
  isStrongSharePassword,
  isValidShareExpiry,
  parseRecipients,
  type ProviderShareStatus,
} from '@paddock/rules';
import { CLOCK, type Clock } from '../../common/clock';
import { AccessRepository } from '../access/access.repository';
import { contentRights } from '../access/content-rights';
import { CallerResolver, type ProviderCaller } from '../access/provider-caller';
import { fullNameOf } from '../identity/identity-user';
import { PasswordHasher } from '../identity/password-hasher';
import { THRON_FAILURES, ThronError, thronError } from '../thron.errors';
import { isUuid } from '../uuid';
import { ShareLinks } from './share-links';
import { PlateRenditions } from '../plates/plate-renditions';
import { ShareRepository, type LinkRow, type ShareRow } from './share.repository';
import type { CreateShareForm, DeliveryForm, ListSharesQuery } from './shares.dto';
import { SHARE_FAILURES } from './shares.errors';

/** The prefix of a stored password hash: its version, so parameters can be raised later. */
export const PASSWORD_HASH_VERSION = 'v1|';

/** The most access-log rows one answer holds (the newest). */
const EVENTS_LIMIT = 1000;

export interface ShareEventWire {
  recipientId: string;
  email: string | null;
  event: string;
  contentId: string | null;
  at: string;
}

export interface LinkWire {
  id: string;
  email: string | null;
  url: string;
  revoked: boolean;
  sentAt: string | null;
  views: number;
  downloads: number;
  lastOpenedAt: string | null;
}

/** `GET …/externalshares/{id}` (SPEC §7: token, state.status and url) and each item of the list. */
export interface ShareWire {
  id: string;
  name: string;
  type: 'EMAIL' | 'LINK';
  language: string;
  /** The first link's token and URL (the link share's only one). */
  token: string;
  url: string;
  state: { status: ProviderShareStatus; failure: string | null };
  createdAt: string;
  expirationDate: string;
  expired: boolean;
  revoked: boolean;
  contentDownload: 'enabled' | 'disabled';
  contentCount: number;
  owner: string;
  ownerFullName: string;
  recipients: LinkWire[];
}

/** The owner's side of external shares: create, status, list, revoke, and the hub's delivery report. */
@Injectable()
export class SharesService {
  constructor(
    private readonly shares: ShareRepository,
    private readonly access: AccessRepository,
    private readonly callers: CallerResolver,
    private readonly hasher: PasswordHasher,
    private readonly links: ShareLinks,
    private readonly plates: PlateRenditions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Checks everything before anything is written: the password rule, the recipients, the expiry,
   * and that the sharer may see and share every content. The share is ready when this answers
   * (status 'succeded'); the caller follows it with `status` as SPEC §7 describes.
   */
  async create(caller: ProviderCaller, form: CreateShareForm): Promise<{ id: string }> {
    const sharer = await this.sharerOf(caller, form.onBehalfOf);
    if (form.requestKey) {
      const existing = await this.shares.findByRequestKey(sharer.user.id, form.requestKey);
      if (existing) return existing;
    }
    if (!isStrongSharePassword(form.options.password)) throw new ThronError(SHARE_FAILURES.weakPassword);
    const now = this.clock.now();
    const expiresAt = new Date(form.options.expirationDate);
    if (!isValidShareExpiry(expiresAt, now)) throw new ThronError(SHARE_FAILURES.badExpiry);
    let emails: (string | null)[] = [null];
    if (form.type === 'EMAIL') {
      const parsed = parseRecipients(form.dispatchEmail.recipients.join(';'));
      if (!parsed.ok) throw new ThronError(SHARE_FAILURES.badRecipients);
      emails = parsed.recipients;
    }
    const contentIds = [...new Set(form.contents.fromIds)];
    await this.requireShareable(sharer, contentIds);
    const passwordHash = PASSWORD_HASH_VERSION + (await this.hasher.hash(form.options.password));
    const id = await this.shares.create(
      {
        ownerId: sharer.user.id,
        type: form.type === 'EMAIL' ? 'email' : 'link',
        name: form.name,
        message: form.message,
        disclaimer: form.options.disclaimer,
        language: form.dispatchEmail.language,
        contentDownload: form.options.contentDownload === 'enabled',
        passwordHash,
        requestKey: form.requestKey ?? null,
        expiresAt,
        contentIds,
        links: emails.map((email) => {
          const link = this.links.create();
          return { email, tokenSha256: link.tokenSha256, nonce: link.nonce };
        }),
      },
      'succeded',
    );
    // Images with plate boxes are served only blurred: their renditions start rendering now.
    for (const contentId of (await this.plates.plansOf(contentIds)).keys())
      await this.plates.request(contentId, id);
    return { id };
  }

  async status(caller: ProviderCaller, id: string): Promise<ShareWire> {
    const share = await this.ownShare(caller, id);
    const [wire] = await this.wires([share]);
    return wire;
  }

  /** The caller's shares, newest first, `query.limit` at a time; `next` is absent on the last page. */
  async list(
    caller: ProviderCaller,
    query: ListSharesQuery,
  ): Promise<{ shares: ShareWire[]; paging: { next?: string } }> {
    const after = query.cursor === undefined ? undefined : pageCursorOf(query.cursor);
    const rows = await this.shares.byOwner(caller.user.id, query.limit + 1, after);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      shares: await this.wires(page),
      paging: rows.length > query.limit && last ? { next: cursorOf(last) } : {},
    };
  }

  /** The share's access log, newest first (at most EVENTS_LIMIT rows). */
  async events(caller: ProviderCaller, id: string): Promise<ShareEventWire[]> {
    const share = await this.ownShare(caller, id);
    const rows = await this.shares.events(share.id, EVENTS_LIMIT);
    return rows.map((r) => ({
      recipientId: r.recipientId,
      email: r.recipient.email,
      event: r.event,
      contentId: r.contentId,
      at: r.at.toISOString(),
    }));
  }

  async revoke(caller: ProviderCaller, id: string): Promise<void> {
    const share = await this.ownShare(caller, id);
    if (!(await this.shares.revoke(share.id, this.clock.now())))
      throw new ThronError(SHARE_FAILURES.shareNotExists);
  }

  async revokeRecipient(caller: ProviderCaller, id: string, recipientId: string): Promise<void> {
    const share = await this.ownShare(caller, id);
    if (!(await this.shares.revokeLink(share.id, recipientId, this.clock.now())))
      throw new ThronError(SHARE_FAILURES.shareNotExists);
  }

  /**
   * The hub's report of the mails it sent or of the share's failure: its service account's alone
   * (the owner signing in at the provider may not mark their own recipients mailed or the share failed).
   */
  async delivery(caller: ProviderCaller, id: string, form: DeliveryForm): Promise<void> {
    const share = await this.ownShare(caller, id);
    if (!caller.serviceAccount) throw new ThronError(SHARE_FAILURES.notAllowed);
    if (form.sentRecipientIds.length)
      await this.shares.markSent(share.id, form.sentRecipientIds, this.clock.now());
    if (form.failure) await this.shares.markFailed(share.id, form.failure);
  }

  /** The user the share is made for: the caller, or whom the hub's service account names. */
  private async sharerOf(caller: ProviderCaller, onBehalfOf: string | undefined): Promise<ProviderCaller> {
    if (onBehalfOf === undefined || onBehalfOf === caller.user.username) return caller;
    if (!caller.serviceAccount) throw new ThronError(SHARE_FAILURES.notAllowed);
    const user = await this.shares.userByUsername(onBehalfOf);
    if (!user?.active) throw new ThronError(SHARE_FAILURES.notAllowed);
    return this.callers.callerOf(user);
  }

  /** Every content visible to the sharer with the share right on one of its folders (THRON's share ACL). */
  private async requireShareable(sharer: ProviderCaller, contentIds: string[]): Promise<void> {
    const access = await this.access.contentAccess(sharer, contentIds);
    for (const id of contentIds) {
      const a = access.get(id);
      if (!a || !contentRights(a).share) throw new ThronError(SHARE_FAILURES.contentNotShareable);
    }
  }

  /** A share of the caller's; the service account reads those it made for users. Others: not found. */
  private async ownShare(caller: ProviderCaller, id: string): Promise<ShareRow> {
    const share = await this.shares.find(id);
    if (!share || (share.ownerId !== caller.user.id && !caller.serviceAccount))
      throw new ThronError(SHARE_FAILURES.shareNotExists);
    return share;
  }

  private async wires(shares: ShareRow[]): Promise<ShareWire[]> {
    const ids = shares.map((s) => s.id);
    const [links, counts] = await Promise.all([this.shares.links(ids), this.shares.contentCounts(ids)]);
    const stats = await this.shares.stats(links.map((l) => l.id));
    const owners = new Map<string, { username: string; fullName: string }>();
    for (const ownerId of new Set(shares.map((s) => s.ownerId))) {
      const user = await this.shares.userById(ownerId);
      owners.set(ownerId, { username: user?.username ?? '', fullName: user ? fullNameOf(user) : '' });
    }
    const now = this.clock.now();
    return shares.map((share) => {
      const own = links.filter((l) => l.shareId === share.id);
      const first = own[0] as LinkRow | undefined;
      return {
        id: share.id,
        name: share.name,
        type: share.type === 'email' ? 'EMAIL' : 'LINK',
        language: share.language,
        token: first ? this.links.tokenOf(first.tokenNonce) : '',
        url: first ? this.links.urlOf(first.tokenNonce) : '',
        state: { status: share.status as ProviderShareStatus, failure: share.failure },
        createdAt: share.createdAt.toISOString(),
        expirationDate: share.expiresAt.toISOString(),
        expired: share.expiredAt !== null || share.expiresAt <= now,
        revoked: share.revokedAt !== null,
        contentDownload: share.contentDownload ? 'enabled' : 'disabled',
        contentCount: counts.get(share.id) ?? 0,
        owner: owners.get(share.ownerId)?.username ?? '',
        ownerFullName: owners.get(share.ownerId)?.fullName ?? '',
        recipients: own.map((l) => {
          const s = stats.get(l.id);
          return {
            id: l.id,
            email: l.email,
            url: this.links.urlOf(l.tokenNonce),
            revoked: l.revokedAt !== null,
            sentAt: l.sentAt?.toISOString() ?? null,
            views: s?.views ?? 0,
            downloads: s?.downloads ?? 0,
            lastOpenedAt: s?.lastOpenedAt?.toISOString() ?? null,
          };
        }),
      };
    });
  }
}

/** The list's cursor: where the page ended (the last share's creation time and id), opaque to callers. */
function cursorOf(share: ShareRow): string {
  return Buffer.from(`${share.createdAt.toISOString()}|${share.id}`).toString('base64url');
}

/** A cursor `cursorOf` made; anything else is THRON's invalid arguments. */
function pageCursorOf(cursor: string): { at: Date; id: string } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (rest.length || !id || !isUuid(id) || Number.isNaN(date.getTime()))
    throw thronError(THRON_FAILURES.invalidArguments, 'cursor is not one this list made');
  return { at: date, id };
}
