import {
  ERROR_CODES,
  E_CODES,
  isStrongSharePassword,
  isValidShareExpiry,
  parseRecipients,
  type ShareAccessEvent,
} from '@paddock/rules';
import type {
  ExternalSharesGateway,
  ProviderShare,
  ProviderShareRequest,
  SharePage,
} from '../../src/provider/external-shares.gateway';
import type { InMemoryProvider } from './in-memory-provider';

/** A share as the provider keeps it: what it answers, and what only it knows. */
export interface ShareRecord {
  share: ProviderShare;
  requestKey: string;
  contentIds: string[];
  password: string;
  expiresAt: Date;
  /** The access log, newest first. */
  events: ShareAccessEvent[];
}

/**
 * The in-memory provider's externalshare service, refusing as the built-in one does (as the HTTP
 * gateway maps its answers): a weak password, bad recipients or expiry are VALIDATION_FAILED; a
 * content the sharer may not see or share EXTERNAL_SHARE_FAILED; `onBehalfOf` or a delivery report
 * from anyone but the service account FORBIDDEN; a share that is not the caller's (unknown,
 * someone else's, or revoked already for a revoke) NOT_FOUND. A create repeated with its
 * `requestKey` answers the share it made.
 */
export class InMemoryExternalShares implements ExternalSharesGateway {
  /** In creation order. */
  readonly shares: ShareRecord[] = [];

  constructor(private readonly model: InMemoryProvider) {}

  async create(token: string, r: ProviderShareRequest): Promise<string> {
    this.model.enter('create', [token, r]);
    const caller = this.model.userOf(token);
    const sharer = r.onBehalfOf;
    if (sharer !== caller && (!this.model.isServiceAccount(token) || !this.model.members.has(sharer)))
      throw this.model.refusal(ERROR_CODES.FORBIDDEN);
    const again = this.shares.find((s) => s.share.owner === sharer && s.requestKey === r.requestKey);
    if (again) return again.share.id;
    const now = this.model.now();
    const recipients = r.type === 'email' ? parseRecipients(r.recipients.join(';')) : null;
    if (
      !isStrongSharePassword(r.password) ||
      !isValidShareExpiry(r.expiresAt, now) ||
      recipients?.ok === false
    )
      throw this.model.refusal(ERROR_CODES.VALIDATION_FAILED);
    const contentIds = [...new Set(r.contentIds)];
    if (contentIds.some((id) => !this.model.rightsOf(this.model.tokenOf(sharer), id).share))
      throw this.model.refusal(E_CODES.EXTERNAL_SHARE_FAILED);
    const id = this.model.id('share');
    const emails = recipients?.ok ? recipients.recipients : [null];
    this.shares.push({
      requestKey: r.requestKey,
      contentIds,
      password: r.password,
      expiresAt: r.expiresAt,
      events: [],
      share: {
        id,
        name: r.name,
        type: r.type === 'email' ? 'EMAIL' : 'LINK',
        language: r.language,
        token: `${id}-link-1`,
        url: `https://hub.example/share/${id}-link-1`,
        state: { status: 'succeded', failure: null },
        createdAt: now.toISOString(),
        expirationDate: r.expiresAt.toISOString(),
        expired: false,
        revoked: false,
        contentDownload: r.contentDownload ? 'enabled' : 'disabled',
        contentCount: contentIds.length,
        owner: sharer,
        ownerFullName: sharer,
        recipients: emails.map((email, i) => ({
          id: `${id}-link-${i + 1}`,
          email,
          url: `https://hub.example/share/${id}-link-${i + 1}`,
          revoked: false,
          sentAt: null,
          views: 0,
          downloads: 0,
          lastOpenedAt: null,
        })),
      },
    });
    return id;
  }

  async status(token: string, id: string): Promise<ProviderShare> {
    this.model.enter('status', [token, id]);
    return this.answer(this.own(token, id));
  }

  async list(token: string, page: SharePage): Promise<{ shares: ProviderShare[]; next: string | null }> {
    this.model.enter('list', [token, page]);
    const caller = this.model.userOf(token);
    const mine = this.shares.filter((s) => s.share.owner === caller).reverse();
    const from = Number(page.cursor ?? 0);
    const to = from + page.limit;
    return {
      shares: mine.slice(from, to).map((s) => this.answer(s)),
      next: to < mine.length ? String(to) : null,
    };
  }

  async events(token: string, id: string): Promise<ShareAccessEvent[]> {
    this.model.enter('events', [token, id]);
    return this.own(token, id).events.map((e) => ({ ...e }));
  }

  async revoke(token: string, id: string): Promise<void> {
    this.model.enter('revoke', [token, id]);
    const record = this.own(token, id);
    if (record.share.revoked) throw this.model.refusal(ERROR_CODES.NOT_FOUND);
    record.share.revoked = true;
  }

  async revokeRecipient(token: string, id: string, recipientId: string): Promise<void> {
    this.model.enter('revokeRecipient', [token, id, recipientId]);
    const link = this.own(token, id).share.recipients.find((l) => l.id === recipientId);
    if (!link || link.revoked) throw this.model.refusal(ERROR_CODES.NOT_FOUND);
    link.revoked = true;
  }

  async delivery(
    token: string,
    id: string,
    report: { sentRecipientIds?: string[]; failure?: string },
  ): Promise<void> {
    this.model.enter('delivery', [token, id, report]);
    const { share } = this.own(token, id);
    if (!this.model.isServiceAccount(token)) throw this.model.refusal(ERROR_CODES.FORBIDDEN);
    const sentAt = this.model.now().toISOString();
    for (const link of share.recipients)
      if (report.sentRecipientIds?.includes(link.id) && !link.sentAt) link.sentAt = sentAt;
    if (report.failure) share.state = { status: 'failed', failure: report.failure };
  }

  /** A share of the caller's; the service account reads those it made for users. */
  private own(token: string, id: string): ShareRecord {
    const record = this.shares.find((s) => s.share.id === id);
    if (!record || (record.share.owner !== this.model.userOf(token) && !this.model.isServiceAccount(token)))
      throw this.model.refusal(ERROR_CODES.NOT_FOUND);
    return record;
  }

  /** A copy as read now: a share past its date is expired. */
  private answer(record: ShareRecord): ProviderShare {
    return {
      ...structuredClone(record.share),
      expired: record.expiresAt.getTime() <= this.model.now().getTime(),
    };
  }
}
