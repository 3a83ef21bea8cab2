import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, LIMITS, type ErrorCode } from '@paddock/rules';
import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { PROVIDER_HTTP } from './http-provider.gateway';
import { ProviderError, envelopeSchema } from './provider.errors';
import { callProvider, tokenHeader } from './provider-call';

const client = (clientId: string) => encodeURIComponent(clientId);
const scope = (clientId: string, classificationId: string) =>
  `${client(clientId)}/${encodeURIComponent(classificationId)}`;

/** The provider paths of itags and imetadata (research §4.4, §4.5), relative to PROVIDER_URL. */
export const TAGGING_PATHS = {
  /** body {value:{tagId:{id}, targets:[{id, entityType}] ≤ 50}} → {targetsInIssue}. */
  tagInsert: (clientId: string, classificationId: string) =>
    `/xintelligence/resources/itag/bulkInsertMultiTargets/${scope(clientId, classificationId)}`,
  tagRemove: (clientId: string, classificationId: string) =>
    `/xintelligence/resources/itag/bulkRemoveMultiTargets/${scope(clientId, classificationId)}`,
  /** body {value:{imetadata:[{key, value, lang?}] ≤ 50, target:{id, entityType}}} → envelope. */
  metadataInsert: (clientId: string, classificationId: string) =>
    `/xintelligence/resources/imetadata/bulkInsert/${scope(clientId, classificationId)}`,
  metadataRemove: (clientId: string, classificationId: string) =>
    `/xintelligence/resources/imetadata/bulkRemove/${scope(clientId, classificationId)}`,
} as const;

/**
 * The E-code of each call (SPEC §8) that a refusal becomes: E032 failed tag insert, E035 tag bulk
 * change, E038 failed metadata insert, E045 metadata bulk change.
 */
export const TAGGING_FAILURE_CODES = {
  addTags: E_CODES.TAG_INSERT_FAILED,
  removeTags: E_CODES.TAG_BULK_INSERT_FAILED,
  setMetadata: E_CODES.METADATA_INSERT_FAILED,
  removeMetadata: E_CODES.METADATA_BULK_INSERT_FAILED,
} as const satisfies Record<string, ErrorCode>;

const targetSchema = z.object({ id: z.string(), entityType: z.string() });
const multiTargetsSchema = envelopeSchema.extend({
  targetsInIssue: z.array(targetSchema).optional().default([]),
});

const contentTarget = (id: string) => ({ id, entityType: 'CONTENT' as const });

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += LIMITS.idChunkSize) out.push(items.slice(i, i + LIMITS.idChunkSize));
  return out;
}

/**
 * Tags and metadata of contents over HTTP. Every change is idempotent at the provider (a tag
 * already there, a key already absent), so a job may repeat a call after a crash.
 */
@Injectable()
export class TaggingGateway {
  private readonly clientId: string;

  constructor(
    @Inject(PROVIDER_HTTP) private readonly http: AxiosInstance,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {
    this.clientId = config.CLIENT_ID;
  }

  /** Each tag (id or prettyId) on every content, 50 contents a call. */
  async addTags(
    token: string,
    contentIds: string[],
    tagIds: string[],
    classificationId: string,
  ): Promise<void> {
    await this.multiTargets(
      TAGGING_PATHS.tagInsert(this.clientId, classificationId),
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
      TAGGING_PATHS.tagRemove(this.clientId, classificationId),
      token,
      contentIds,
      tagIds,
      TAGGING_FAILURE_CODES.removeTags,
    );
  }

  /** Sets (replaces) each key's value on one content, 50 keys a call. */
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
          url: TAGGING_PATHS.metadataInsert(this.clientId, classificationId),
          data: { value: { imetadata: part, target: contentTarget(contentId) } },
          headers: tokenHeader(token),
        },
        envelopeSchema,
        { fallback: TAGGING_FAILURE_CODES.setMetadata },
      );
  }

  /** Removes the keys (in every language) from one content; absent keys are fine. */
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
          url: TAGGING_PATHS.metadataRemove(this.clientId, classificationId),
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
