import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  ENRICHMENT_CLASSIFICATIONS,
  ENRICHMENT_ERROR_CODES,
  E_CODES,
  ERROR_CODES,
  LIMITS,
  METADATA_TYPES,
  type ErrorCode,
  type MetadataDefinitionSummary,
  type MetadataType,
  type ProductPage,
  type ProductSummary,
  type TagSummary,
} from '@paddock/rules';
import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { CLOCK, systemClock, type Clock } from '../common/clock';
import { RecentCache } from '../common/recent-cache';
import { PROVIDER_HTTP } from './http-provider.gateway';
import { envelopeSchema, providerFailure } from './provider.errors';
import { ProviderError } from '../common/provider-error';
import { callProvider, tokenHeader } from './provider-call';
import { PROVIDER_PATHS } from './provider-paths';
import { callsInFlight } from './calls-in-flight';
import { TAGGING_FAILURE_CODES, chunks, contentTarget, multiTargetsSchema } from './tagging.gateway';

/** SPEC §8 E005–E008 "product and tag lookups": the code of each lookup this gateway makes. */
export const ENRICHMENT_LOOKUP_CODES = {
  products: E_CODES.PRODUCTS_LOOKUP_FAILED,
  classificationTags: E_CODES.TAG_LIST_FAILED,
  tags: E_CODES.TAG_LOOKUP_FAILED,
  metadataDefinitions: E_CODES.METADATA_DEFINITIONS_FAILED,
} as const satisfies Record<string, ErrorCode>;

/** What one change over many contents did, chunk by chunk (SPEC §7: 50 ids a call). */
export interface ManyTargetsResult {
  /** Contents the provider left out (unknown, trashed, not visible). */
  leftOut: string[];
  /** Chunks the provider refused, with the E-code of the step (nothing of them changed). */
  refused: { ids: string[]; code: ErrorCode }[];
  /** Provider calls made. */
  calls: number;
}

export interface TagDefinitionSummary {
  id: string;
  prettyId: string | null;
  classificationId: string;
  names: { lang: string; label: string }[];
}

export const ENRICHMENT_GATEWAY = Symbol('ENRICHMENT_GATEWAY');

/**
 * Definitions looked up by key (an asset detail's metadata, the audit log's names) are kept a
 * minute: every detail asked the provider again for each classification it shows (issue 26).
 * Kept per provider token, so nobody is answered with what only another user may read; the full
 * list an editor picks from is always asked afresh.
 */
const DEFINITIONS_BY_KEY = { capacity: 5_000, ttlMs: 60_000 };

/**
 * Enrichment at the provider (issue 13): one tag or metadata value on many contents, 50 contents a
 * call (itag and imetadata bulk…MultiTargets), the metadata definitions and the tag fetch by ids.
 * Every change is idempotent at the provider, so a job may repeat it after a crash. A refusal of a
 * chunk is reported, not thrown, so a job records each content's outcome; a transient failure
 * (no answer, 5xx) is thrown for the job to retry.
 */
export interface EnrichmentGateway {
  tagMany(
    token: string,
    action: 'add' | 'remove',
    tagId: string,
    classificationId: string,
    contentIds: string[],
  ): Promise<ManyTargetsResult>;
  metadataMany(
    token: string,
    action: 'set' | 'remove',
    entry: { key: string; value?: string },
    classificationId: string,
    contentIds: string[],
  ): Promise<ManyTargetsResult>;
  /** A classification's definitions: all (asked afresh), or those of `keys` (kept a minute per token). */
  metadataDefinitions(
    token: string,
    classificationId: string,
    keys?: string[],
  ): Promise<MetadataDefinitionSummary[]>;
  /**
   * SPEC §7 itagdefinition/insert: a new tag of the classification named in `names` (by lower-case
   * language), without a prettyId; its id. A name the provider finds taken is ENRICHMENT_TAG_EXISTS.
   */
  insertTag(
    token: string,
    classificationId: string,
    names: Readonly<Record<string, string>>,
  ): Promise<string>;
  /** SPEC §7 itagdefinition/detail: one tag by id or prettyId, with the prettyId the provider gave it. */
  tagDetail(token: string, classificationId: string, id: string): Promise<TagDefinitionSummary>;
  /** Tags by id or prettyId; unknown ones are left out. */
  tagsByIds(token: string, classificationId: string, ids: string[]): Promise<TagDefinitionSummary[]>;
  /** Every tag of a classification (the wizard's free tags). */
  tagsOf(token: string, classificationId: string): Promise<TagSummary[]>;
  /** A page of the product listing (SPEC §7), from `cursor` (the previous page's `next`). */
  products(token: string, cursor?: string): Promise<ProductPage>;
  /**
   * The products a content is linked to: their ids from the product-content links call, their
   * names from the listing's `ids` filter (SPEC §7), never read off the content's tags.
   */
  productsOfContent(token: string, contentId: string): Promise<ProductSummary[]>;
}

const namesSchema = z.array(z.object({ lang: z.string(), label: z.string() }));
const definitionSchema = z.object({
  id: z.string(),
  key: z.string(),
  names: namesSchema,
  metadataType: z.string(),
  constraints: z.record(z.string(), z.unknown()).optional().default({}),
  options: z.record(z.string(), z.unknown()).optional().default({}),
});
const definitionsSchema = envelopeSchema.extend({
  items: z.array(definitionSchema),
  totalResults: z.number(),
});
const optionValuesSchema = z.object({
  values: z.array(z.object({ value: z.string(), lang: z.string().optional(), label: z.string().optional() })),
});
const tagSchema = z.object({
  id: z.string(),
  prettyId: z.string().nullable().default(null),
  classificationId: z.string(),
  // SPEC §3 sub-tags: THRON gives parentId on a sub-tag only.
  parentId: z.string().nullable().default(null),
  names: namesSchema,
});
const tagsSchema = envelopeSchema.extend({ items: z.array(tagSchema) });
const insertedTagSchema = envelopeSchema.extend({ item: z.object({ id: z.string() }) });
const tagDetailSchema = envelopeSchema.extend({ item: tagSchema });

/** How itagdefinition/insert refuses (research §4): a taken name or prettyId, or no right to define there. */
const CODE_OF_INSERT_RESULT: Record<string, ErrorCode> = {
  ITAG_ALREADY_DEFINED: ENRICHMENT_ERROR_CODES.TAG_EXISTS,
  ACCESS_DENIED: ERROR_CODES.FORBIDDEN,
};

const pagedTagsSchema = tagsSchema.extend({ totalResults: z.number() });
const productsSchema = envelopeSchema.extend({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.record(z.string(), z.string()),
      tags: z
        .array(z.object({ classificationId: z.string(), ids: z.array(z.string()) }))
        .optional()
        .default([]),
    }),
  ),
  paging: z.object({ next: z.string().optional() }).optional(),
});

const productLinksSchema = envelopeSchema.extend({ items: z.array(z.object({ id: z.string() })) });

/** A product of the listing as a tag of the products classification, with its tags by classification (SPEC §3). */
const productSummary = (p: z.infer<typeof productsSchema>['items'][number]): ProductSummary => ({
  id: p.id,
  classificationId: ENRICHMENT_CLASSIFICATIONS.products,
  names: p.name,
  tags: p.tags,
});

/** Names by lower-case language, as the web's labelIn reads them. */
export const namesByLang = (names: readonly { lang: string; label: string }[]) =>
  Object.fromEntries(names.map((n) => [n.lang.toLowerCase(), n.label]));

const TYPE_OF_THRON = Object.fromEntries(
  Object.entries(METADATA_TYPES).map(([type, thron]) => [thron, type]),
) as Record<string, MetadataType | undefined>;

/** A THRON definition as the hub's summary; a type the wizard does not offer becomes null. */
function summaryOf(
  d: z.infer<typeof definitionSchema>,
  classificationId: string,
): MetadataDefinitionSummary | null {
  const type = TYPE_OF_THRON[d.metadataType];
  if (!type) return null;
  // THRON keeps `mandatory` in the constraint object of the type (stringConstraint, …).
  const mandatory = Object.values(d.constraints).some(
    (c) => typeof c === 'object' && c !== null && (c as { mandatory?: unknown }).mandatory === true,
  );
  const values = Object.values(d.options)
    .map((o) => optionValuesSchema.safeParse(o))
    .flatMap((o) => (o.success ? o.data.values : []));
  const options = new Map<string, { name: string; names: Record<string, string> }>();
  // One name per value (EN when THRON gives one per language), and every language's for the web.
  for (const v of values) {
    const option = options.get(v.value) ?? { name: v.label ?? v.value, names: {} };
    if (v.lang === 'EN' && v.label) option.name = v.label;
    if (v.lang && v.label) option.names[v.lang.toLowerCase()] = v.label;
    options.set(v.value, option);
  }
  return {
    id: d.id,
    key: d.key,
    classificationId,
    names: namesByLang(d.names),
    type,
    mandatory,
    options: [...options].map(([value, o]) => ({ value, ...o })),
  };
}

/** The enrichment gateway over HTTP. */
@Injectable()
export class HttpEnrichmentGateway implements EnrichmentGateway {
  private readonly clientId: string;
  /** Definitions asked for by key, per token, key and classification; null where there is none. */
  private readonly definitionsByKey: RecentCache<MetadataDefinitionSummary | null>;

  constructor(
    @Inject(PROVIDER_HTTP) private readonly http: AxiosInstance,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'CLIENT_ID'>,
    @Optional() @Inject(CLOCK) clock: Clock = systemClock,
  ) {
    this.clientId = config.CLIENT_ID;
    this.definitionsByKey = new RecentCache(DEFINITIONS_BY_KEY.capacity, DEFINITIONS_BY_KEY.ttlMs, clock);
  }

  tagMany(
    token: string,
    action: 'add' | 'remove',
    tagId: string,
    classificationId: string,
    contentIds: string[],
  ) {
    const add = action === 'add';
    return this.many(
      add
        ? PROVIDER_PATHS.tagging.tagInsert(this.clientId, classificationId)
        : PROVIDER_PATHS.tagging.tagRemove(this.clientId, classificationId),
      token,
      contentIds,
      (targets) => ({ value: { tagId: { id: tagId }, targets } }),
      TAGGING_FAILURE_CODES.tagsMany,
    );
  }

  metadataMany(
    token: string,
    action: 'set' | 'remove',
    entry: { key: string; value?: string },
    classificationId: string,
    contentIds: string[],
  ) {
    const set = action === 'set';
    return this.many(
      set
        ? PROVIDER_PATHS.tagging.metadataInsertMany(this.clientId, classificationId)
        : PROVIDER_PATHS.tagging.metadataRemoveMany(this.clientId, classificationId),
      token,
      contentIds,
      (targets) => ({ value: { imetadata: entry, targets } }),
      TAGGING_FAILURE_CODES.metadataMany,
    );
  }

  async metadataDefinitions(token: string, classificationId: string, keys?: string[]) {
    if (!keys) return this.readDefinitions(token, classificationId);
    const known = new Map<string, MetadataDefinitionSummary | null>();
    const entry = (key: string) => JSON.stringify([token, classificationId, key]);
    for (const key of keys) {
      const remembered = this.definitionsByKey.get(entry(key));
      if (remembered !== undefined) known.set(key, remembered);
    }
    const missing = [...new Set(keys.filter((key) => !known.has(key)))];
    if (missing.length) {
      const found = new Map(
        (await this.readDefinitions(token, classificationId, missing)).map((d) => [d.key, d]),
      );
      for (const key of missing) {
        known.set(key, found.get(key) ?? null);
        this.definitionsByKey.set(entry(key), found.get(key) ?? null);
      }
    }
    return [...known.values()].filter((d): d is MetadataDefinitionSummary => d !== null);
  }

  private async readDefinitions(token: string, classificationId: string, keys?: string[]) {
    const found: MetadataDefinitionSummary[] = [];
    const pages = keys ? chunks(keys).map((part) => ({ keys: part })) : [undefined];
    for (const criteria of pages)
      for (let offset = 0; ; offset += LIMITS.idChunkSize) {
        const answer = await callProvider(
          this.http,
          {
            method: 'POST',
            url: PROVIDER_PATHS.tagging.metadataDefinitions(this.clientId, classificationId),
            data: { criteria: criteria ?? {}, limit: LIMITS.idChunkSize, offset },
            headers: tokenHeader(token),
          },
          definitionsSchema,
          { fallback: ENRICHMENT_LOOKUP_CODES.metadataDefinitions, load: true },
        );
        for (const d of answer.items) {
          const summary = summaryOf(d, classificationId);
          if (summary) found.push(summary);
        }
        if (answer.items.length < LIMITS.idChunkSize || offset + LIMITS.idChunkSize >= answer.totalResults)
          break;
      }
    return found;
  }

  async insertTag(token: string, classificationId: string, names: Readonly<Record<string, string>>) {
    const answer = await callProvider(
      this.http,
      {
        method: 'POST',
        url: PROVIDER_PATHS.tagging.tagDefinitionInsert(this.clientId, classificationId),
        data: {
          value: {
            names: Object.entries(names).map(([lang, label]) => ({
              lang: lang.toUpperCase(),
              label,
              description: '',
            })),
            categorized: false,
            // The provider makes the prettyId: none the user types could pass for a workflow tag.
            patch: [{ op: 'remove', field: 'prettyId' }],
          },
        },
        headers: tokenHeader(token),
      },
      insertedTagSchema,
      {
        // SPEC §8 E032 "failed tag insert".
        fallback: E_CODES.TAG_INSERT_FAILED,
        refusal: (status, body, fallback) => {
          const mapped = providerFailure(status, body, fallback);
          const known =
            status === 418 && mapped.detail.resultCode && CODE_OF_INSERT_RESULT[mapped.detail.resultCode];
          return known ? new ProviderError(known, false, mapped.message, mapped.detail) : mapped;
        },
      },
    );
    return answer.item.id;
  }

  async tagDetail(token: string, classificationId: string, id: string) {
    const answer = await callProvider(
      this.http,
      {
        method: 'GET',
        url: PROVIDER_PATHS.tagging.tagDefinitionDetail(this.clientId, classificationId, id),
        headers: tokenHeader(token),
      },
      tagDetailSchema,
      { fallback: ENRICHMENT_LOOKUP_CODES.tags, load: true },
    );
    return answer.item;
  }

  async tagsByIds(token: string, classificationId: string, ids: string[]) {
    const found: TagDefinitionSummary[] = [];
    for (const part of chunks([...new Set(ids)])) {
      const answer = await callProvider(
        this.http,
        {
          method: 'POST',
          url: PROVIDER_PATHS.tagging.tagDefinitions(this.clientId, classificationId),
          data: { criteria: { ids: part } },
          headers: tokenHeader(token),
        },
        tagsSchema,
        { fallback: ENRICHMENT_LOOKUP_CODES.tags, load: true },
      );
      found.push(...answer.items);
    }
    return found;
  }

  async tagsOf(token: string, classificationId: string) {
    const found: TagSummary[] = [];
    for (let offset = 0; ; offset += LIMITS.idChunkSize) {
      const answer = await callProvider(
        this.http,
        {
          method: 'POST',
          url: PROVIDER_PATHS.tagging.tagDefinitions(this.clientId, classificationId),
          data: { criteria: {}, limit: LIMITS.idChunkSize, offset },
          headers: tokenHeader(token),
        },
        pagedTagsSchema,
        { fallback: ENRICHMENT_LOOKUP_CODES.classificationTags, load: true },
      );
      found.push(
        ...answer.items.map((t) => ({
          id: t.id,
          classificationId,
          names: namesByLang(t.names),
          parentId: t.parentId,
        })),
      );
      if (answer.items.length < LIMITS.idChunkSize || offset + LIMITS.idChunkSize >= answer.totalResults)
        return found;
    }
  }

  async products(token: string, cursor?: string): Promise<ProductPage> {
    const answer = await callProvider(
      this.http,
      {
        method: 'GET',
        url: PROVIDER_PATHS.tagging.products(this.clientId),
        params: { limit: LIMITS.idChunkSize, ...(cursor ? { cursor } : {}) },
        headers: tokenHeader(token),
      },
      productsSchema,
      { fallback: ENRICHMENT_LOOKUP_CODES.products, load: true },
    );
    return { items: answer.items.map(productSummary), next: answer.paging?.next ?? null };
  }

  async productsOfContent(token: string, contentId: string): Promise<ProductSummary[]> {
    const links = await callProvider(
      this.http,
      {
        method: 'GET',
        url: PROVIDER_PATHS.tagging.contentProducts(this.clientId, contentId),
        headers: tokenHeader(token),
      },
      productLinksSchema,
      { fallback: ENRICHMENT_LOOKUP_CODES.products, load: true },
    );
    const found: ProductSummary[] = [];
    for (const ids of chunks([...new Set(links.items.map((l) => l.id))])) {
      const answer = await callProvider(
        this.http,
        {
          method: 'GET',
          url: PROVIDER_PATHS.tagging.products(this.clientId),
          params: { ids: ids.join(','), limit: LIMITS.idChunkSize },
          headers: tokenHeader(token),
        },
        productsSchema,
        { fallback: ENRICHMENT_LOOKUP_CODES.products, load: true },
      );
      found.push(...answer.items.map(productSummary));
    }
    return found;
  }

  private many(
    url: string,
    token: string,
    contentIds: string[],
    body: (targets: { id: string; entityType: 'CONTENT' }[]) => unknown,
    fallback: ErrorCode,
  ): Promise<ManyTargetsResult> {
    return manyTargets(contentIds, async (part) => {
      const answer = await callProvider(
        this.http,
        { method: 'POST', url, data: body(part.map(contentTarget)), headers: tokenHeader(token) },
        multiTargetsSchema,
        { fallback },
      );
      return answer.targetsInIssue.map((t) => t.id);
    });
  }
}

/**
 * The chunks of one change made at once: each touches contents of its own, so they commute, and a
 * job's 200 contents take the time of one call rather than of four (issue 26 point 4).
 */
const WRITES_IN_FLIGHT = 4;

/**
 * One change over many contents, a provider call per chunk (`change` answers the ids it left out):
 * a refusal is the chunk's outcome, an outage or an expired session is thrown.
 */
export async function manyTargets(
  contentIds: string[],
  change: (part: string[]) => Promise<string[]>,
): Promise<ManyTargetsResult> {
  const parts = chunks(contentIds);
  const answers = await callsInFlight(parts, WRITES_IN_FLIGHT, async (part) => {
    try {
      return { leftOut: await change(part) };
    } catch (error) {
      // An expired session is the service session's to renew (withToken), not the chunk's outcome.
      if (!(error instanceof ProviderError) || error.transient || error.code === ERROR_CODES.UNAUTHENTICATED)
        throw error;
      return { refused: { ids: part, code: error.code } };
    }
  });
  return {
    leftOut: answers.flatMap((a) => a.leftOut ?? []),
    refused: answers.flatMap((a) => (a.refused ? [a.refused] : [])),
    calls: parts.length,
  };
}
