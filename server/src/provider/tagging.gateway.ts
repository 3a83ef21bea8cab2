import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, inGroupsOf, LIMITS, type ErrorCode } from '@paddock/rules';
import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { PROVIDER_HTTP } from './http-provider.gateway';
import { envelopeSchema } from './provider.errors';
import { ProviderError } from '../common/provider-error';
import { callProvider, tokenHeader } from './provider-call';
import { PROVIDER_PATHS } from './provider-paths';

/**
 * The E-code of each call (SPEC §8) that a refusal becomes: E032 a failed tag insert and E038 a
 * failed metadata insert on one content; E035 the tag bulk insert and E045 the metadata bulk insert
 * over many contents (bulk tagging, enrichment). Removals answer as the change of their kind.
 */
export const TAGGING_FAILURE_CODES = {
  addTags: E_CODES.TAG_INSERT_FAILED,
  removeTags: E_CODES.TAG_BULK_INSERT_FAILED,
  setMetadata: E_CODES.METADATA_INSERT_FAILED,
  removeMetadata: E_CODES.METADATA_BULK_INSERT_FAILED,
  tagsMany: E_CODES.TAG_BULK_INSERT_FAILED,
  metadataMany: E_CODES.METADATA_BULK_INSERT_FAILED,
} as const satisfies Record<string, ErrorCode>;

const targetSchema = z.object({ id: z.string(), entityType: z.string() });
export const multiTargetsSchema = envelopeSchema.extend({
  targetsInIssue: z.array(targetSchema).optional().default([]),
});

export const contentTarget = (id: string) => ({ id, entityType: 'CONTENT' as const });

/** Lists of ids go to the provider in groups of LIMITS.idChunkSize (SPEC §7). */
export function chunks<T>(items: readonly T[]): T[][] {
  return inGroupsOf(items, LIMITS.idChunkSize);
}

export const TAGGING_GATEWAY = Symbol('TAGGING_GATEWAY');

/**
 * Tags and metadata of contents. Every change is idempotent at the provider (a tag already there, a
 * key already absent), so a job may repeat a call after a crash. A content the provider leaves out
 * (unknown, trashed, not visible) fails the call with its E-code (TAGGING_FAILURE_CODES).
 */
export interface TaggingGateway {
  /** Each tag (id or prettyId) on every content, 50 contents a call. */
  addTags(token: string, contentIds: string[], tagIds: string[], classificationId: string): Promise<void>;
  removeTags(token: string, contentIds: string[], tagIds: string[], classificationId: string): Promise<void>;
  /** Sets (replaces) each key's value on one content, 50 keys a call. */
  setMetadata(
    token: string,
    contentId: string,
    entries: { key: string; value: string }[],
    classificationId: string,
  ): Promise<void>;
  /** Removes the keys (in every language) from one content; absent keys are fine. */
  removeMetadata(token: string, contentId: string, keys: string[], classificationId: string): Promise<void>;
}

/** The tagging gateway over HTTP. */
@Injectable()
export class HttpTaggingGateway implements TaggingGateway {
  private readonly clientId: string;

  constructor(
    @Inject(PROVIDER_HTTP) private readonly http: AxiosInstance,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {
    this.clientId = config.CLIENT_ID;
  }

  async addTags(
    token: string,
    contentIds: string[],
    tagIds: string[],
    classificationId: string,
  ): Promise<void> {
    await this.multiTargets(
      PROVIDER_PATHS.tagging.tagInsert(this.clientId, classificationId),
      token,
      contentIds,
      tagIds,
      TAGGING_FAILURE_CODES.addTags,
    );
  }

  async removeTags(
    token: string,
    contentIds: string[],
    tagIds: string[],
    classificationId: string,
  ): Promise<void> {
    await this.multiTargets(
      PROVIDER_PATHS.tagging.tagRemove(this.clientId, classificationId),
      token,
      contentIds,
      tagIds,
      TAGGING_FAILURE_CODES.removeTags,
    );
  }

  async setMetadata(
    token: string,
    contentId: string,
    entries: { key: string; value: string }[],
    classificationId: string,
  ): Promise<void> {
    for (const part of chunks(entries))
      await callProvider(
        this.http,
        {
          method: 'POST',
          url: PROVIDER_PATHS.tagging.metadataInsert(this.clientId, classificationId),
          data: { value: { imetadata: part, target: contentTarget(contentId) } },
          headers: tokenHeader(token),
        },
        envelopeSchema,
        { fallback: TAGGING_FAILURE_CODES.setMetadata },
      );
  }

  async removeMetadata(
    token: string,
    contentId: string,
    keys: string[],
    classificationId: string,
  ): Promise<void> {
    for (const part of chunks(keys))
      await callProvider(
        this.http,
        {
          method: 'POST',
          url: PROVIDER_PATHS.tagging.metadataRemove(this.clientId, classificationId),
          data: { value: { imetadata: part.map((key) => ({ key })), target: contentTarget(contentId) } },
          headers: tokenHeader(token),
        },
        envelopeSchema,
        { fallback: TAGGING_FAILURE_CODES.removeMetadata },
      );
  }

  /** A content the provider left out (unknown, trashed, not visible) fails the call with its E-code. */
  private async multiTargets(
    url: string,
    token: string,
    contentIds: string[],
    tagIds: string[],
    fallback: ErrorCode,
  ): Promise<void> {
    for (const tagId of tagIds)
      for (const part of chunks(contentIds)) {
        const answer = await callProvider(
          this.http,
          {
            method: 'POST',
            url,
            data: { value: { tagId: { id: tagId }, targets: part.map(contentTarget) } },
            headers: tokenHeader(token),
          },
          multiTargetsSchema,
          { fallback },
        );
        if (answer.targetsInIssue.length)
          throw new ProviderError(
            fallback,
            false,
            `Provider left out ${answer.targetsInIssue.length} content(s) of tag ${tagId}`,
            { resultCode: answer.resultCode },
          );
      }
  }
}
