import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, ERROR_CODES } from '@paddock/rules';
import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { PROVIDER_HTTP } from './http-provider.gateway';
import { envelopeSchema } from './provider.errors';
import { callProvider, tokenHeader } from './provider-call';
import { PROVIDER_PATHS } from './provider-paths';
import { chunks } from './tagging.gateway';

/** A user's draft on one content, as the provider keeps it. */
export interface ContentDraft {
  contentId: string;
  draft: Record<string, unknown>;
  savedAt: string;
}

export const DRAFTS_GATEWAY = Symbol('DRAFTS_GATEWAY');

/**
 * The provider's content drafts (SPEC §7 "content draft save"): the token's user's draft on many
 * contents, 50 a call. Saving is a content write at the provider; contents the user does not see
 * are left out there, as unknown ones.
 */
export interface DraftsGateway {
  /** Saves `draft` (null clears) on each content; `forUser`: the service account clearing another's. */
  save(
    token: string,
    contentIds: string[],
    draft: Record<string, unknown> | null,
    forUser?: string,
  ): Promise<void>;
  /** The token user's drafts on the contents; those without one are left out. */
  find(token: string, contentIds: string[]): Promise<ContentDraft[]>;
}

const savedSchema = envelopeSchema.extend({ contentsInIssue: z.array(z.string()).default([]) });
const draftsSchema = envelopeSchema.extend({
  drafts: z.array(
    z.object({ contentId: z.string(), draft: z.record(z.string(), z.unknown()), savedAt: z.string() }),
  ),
});

@Injectable()
export class HttpDraftsGateway implements DraftsGateway {
  private readonly clientId: string;

  constructor(
    @Inject(PROVIDER_HTTP) private readonly http: AxiosInstance,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {
    this.clientId = config.CLIENT_ID;
  }

  async save(token: string, contentIds: string[], draft: Record<string, unknown> | null, forUser?: string) {
    for (const part of chunks(contentIds))
      await callProvider(
        this.http,
        {
          method: 'POST',
          url: PROVIDER_PATHS.contents.saveDraft(this.clientId),
          data: { contentIds: part, draft, ...(forUser ? { username: forUser } : {}) },
          headers: tokenHeader(token),
        },
        savedSchema,
        // The only business refusal left once the hub allowed tagging: the content is not writable.
        { fallback: ERROR_CODES.FORBIDDEN },
      );
  }

  async find(token: string, contentIds: string[]) {
    const found: ContentDraft[] = [];
    for (const part of chunks(contentIds)) {
      const answer = await callProvider(
        this.http,
        {
          method: 'POST',
          url: PROVIDER_PATHS.contents.getDraft(this.clientId),
          data: { contentIds: part },
          headers: tokenHeader(token),
        },
        draftsSchema,
        { fallback: E_CODES.CONTENT_LOOKUP_DETAIL_FAILED, load: true },
      );
      found.push(...answer.drafts);
    }
    return found;
  }
}
