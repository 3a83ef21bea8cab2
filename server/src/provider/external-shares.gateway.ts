import { Inject, Injectable } from '@nestjs/common';
import {
  E_CODES,
  ERROR_CODES,
  PROVIDER_SHARE_STATUSES,
  SHARE_EVENTS,
  type ShareAccessEvent,
  type ShareLanguage,
  type ShareType,
} from '@paddock/rules';
import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { PROVIDER_HTTP } from './http-provider.gateway';
import { callProvider, tokenHeader } from './provider-call';
import { envelopeSchema } from './provider.errors';
import { PROVIDER_PATHS } from './provider-paths';

/** SPEC §3 "External share request", as the hub hands it to the provider. */
export interface ProviderShareRequest {
  name: string;
  type: ShareType;
  contentIds: string[];
  message: string;
  disclaimer: string;
  password: string;
  contentDownload: boolean;
  expiresAt: Date;
  language: ShareLanguage;
  recipients: string[];
  /** SPEC §3 `contextId`: the folder the assets were shared from. */
  contextId?: string;
  /** The user the hub's service account shares for. */
  onBehalfOf: string;
  /** Makes a repeated create (a retried job) answer the same share. */
  requestKey: string;
}

const linkSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  url: z.string(),
  revoked: z.boolean(),
  sentAt: z.string().nullable(),
  views: z.number(),
  downloads: z.number(),
  lastOpenedAt: z.string().nullable(),
});

const shareSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['EMAIL', 'LINK']),
  language: z.string(),
  token: z.string(),
  url: z.string(),
  state: z.object({ status: z.enum(PROVIDER_SHARE_STATUSES), failure: z.string().nullable().optional() }),
  createdAt: z.string(),
  expirationDate: z.string(),
  expired: z.boolean(),
  revoked: z.boolean(),
  contentDownload: z.enum(['enabled', 'disabled']),
  contentCount: z.number(),
  owner: z.string(),
  ownerFullName: z.string(),
  recipients: z.array(linkSchema),
});
export type ProviderShare = z.infer<typeof shareSchema>;

const eventSchema = z.object({
  recipientId: z.string(),
  email: z.string().nullable(),
  event: z.enum(SHARE_EVENTS),
  contentId: z.string().nullable(),
  at: z.string(),
});

export const EXTERNAL_SHARES_GATEWAY = Symbol('EXTERNAL_SHARES_GATEWAY');

/** A page of the share list: where the previous one ended (its `next`), and how many. */
export interface SharePage {
  cursor?: string;
  limit: number;
}

/** The provider's externalshare service (SPEC §7). A share that is not the caller's is NOT_FOUND. */
export interface ExternalSharesGateway {
  /** Answers the new share's id (SPEC §7 "response id"). */
  create(token: string, request: ProviderShareRequest): Promise<string>;
  /** SPEC §7: token, state.status ('succeded' when ready) and url. */
  status(token: string, id: string): Promise<ProviderShare>;
  /** The caller's shares, newest first, a page at a time; `next` is null on the last page. */
  list(token: string, page: SharePage): Promise<{ shares: ProviderShare[]; next: string | null }>;
  /** The share's per-recipient access log, newest first. */
  events(token: string, id: string): Promise<ShareAccessEvent[]>;
  revoke(token: string, id: string): Promise<void>;
  revokeRecipient(token: string, id: string, recipientId: string): Promise<void>;
  /** Reports the mails sent, or the share's failure (shown in the panel). */
  delivery(
    token: string,
    id: string,
    report: { sentRecipientIds?: string[]; failure?: string },
  ): Promise<void>;
}

@Injectable()
export class HttpExternalSharesGateway implements ExternalSharesGateway {
  private readonly clientId: string;
  /** SPEC §3 `domain`: the hub's own host, where recipients are sent (the share page). */
  private readonly domain: string;

  constructor(
    @Inject(PROVIDER_HTTP) private readonly http: AxiosInstance,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'CLIENT_ID' | 'PUBLIC_URL'>,
  ) {
    this.clientId = config.CLIENT_ID;
    this.domain = new URL(config.PUBLIC_URL).host;
  }

  async create(token: string, r: ProviderShareRequest): Promise<string> {
    const answer = await callProvider(
      this.http,
      {
        method: 'POST',
        url: PROVIDER_PATHS.externalShares.shares(),
        params: { clientId: this.clientId },
        headers: tokenHeader(token),
        data: {
          name: r.name,
          type: r.type === 'email' ? 'EMAIL' : 'LINK',
          options: {
            contentDetailLevel: 'minimal',
            contentDownload: r.contentDownload ? 'enabled' : 'disabled',
            expirationDate: r.expiresAt.toISOString(),
            disclaimer: r.disclaimer,
            password: r.password,
          },
          domain: this.domain,
          contextId: r.contextId,
          contents: { fromIds: r.contentIds },
          message: r.message,
          dispatchEmail: { recipients: r.recipients, language: r.language },
          onBehalfOf: r.onBehalfOf,
          requestKey: r.requestKey,
        },
      },
      envelopeSchema.extend({ id: z.string().min(1) }),
      { fallback: E_CODES.EXTERNAL_SHARE_FAILED },
    );
    return answer.id;
  }

  status(token: string, id: string): Promise<ProviderShare> {
    return callProvider(
      this.http,
      {
        method: 'GET',
        url: PROVIDER_PATHS.externalShares.share(id),
        params: { clientId: this.clientId },
        headers: tokenHeader(token),
      },
      envelopeSchema.extend(shareSchema.shape),
      { fallback: ERROR_CODES.NOT_FOUND },
    );
  }

  async list(token: string, page: SharePage): Promise<{ shares: ProviderShare[]; next: string | null }> {
    const answer = await callProvider(
      this.http,
      {
        method: 'GET',
        url: PROVIDER_PATHS.externalShares.shares(),
        params: { clientId: this.clientId, limit: page.limit, cursor: page.cursor },
        headers: tokenHeader(token),
      },
      envelopeSchema.extend({
        shares: z.array(shareSchema),
        paging: z.object({ next: z.string().optional() }).optional(),
      }),
      { fallback: E_CODES.SHARED_METADATA_FAILED, load: true },
    );
    return { shares: answer.shares, next: answer.paging?.next ?? null };
  }

  async events(token: string, id: string): Promise<ShareAccessEvent[]> {
    const answer = await callProvider(
      this.http,
      {
        method: 'GET',
        url: PROVIDER_PATHS.externalShares.events(id),
        params: { clientId: this.clientId },
        headers: tokenHeader(token),
      },
      envelopeSchema.extend({ events: z.array(eventSchema) }),
      { fallback: ERROR_CODES.NOT_FOUND },
    );
    return answer.events;
  }

  async revoke(token: string, id: string): Promise<void> {
    await this.post(token, PROVIDER_PATHS.externalShares.revoke(id), {});
  }

  async revokeRecipient(token: string, id: string, recipientId: string): Promise<void> {
    await this.post(token, PROVIDER_PATHS.externalShares.revokeRecipient(id, recipientId), {});
  }

  async delivery(
    token: string,
    id: string,
    report: { sentRecipientIds?: string[]; failure?: string },
  ): Promise<void> {
    await this.post(token, PROVIDER_PATHS.externalShares.delivery(id), report);
  }

  private async post(token: string, url: string, data: object): Promise<void> {
    await callProvider(
      this.http,
      { method: 'POST', url, params: { clientId: this.clientId }, headers: tokenHeader(token), data },
      envelopeSchema,
      { fallback: ERROR_CODES.NOT_FOUND },
    );
  }
}
