import { FILTER_CONTENT_TYPES, LIMITS } from '@paddock/rules';
import { z } from 'zod';
import type { ThronEnvelope } from '../thron.errors';
import type { ContentHit, ContentSourceInfo, PageStart } from './content-search.types';

/** THRON accepts a single value where an array is expected (research §1). */
function listOf<T extends z.ZodType>(item: T, max = 500) {
  return z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(max));
}

/** Epoch milliseconds or ISO text (research §1, MContentCriteria.fromDate). */
const dateInput = z.union([z.number().int(), z.string().min(1)]).transform((v, ctx) => {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'is not a date' });
    return z.NEVER;
  }
  return d;
});

const boolInput = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** SPEC §7: at most 200 characters. */
export const SEARCH_KEY_MAX = 200;
export const PAGE_MAX = LIMITS.idChunkSize;

const ref = z.string().trim().min(1).max(200);

export const SEARCH_FIELDS = [
  'NAME',
  'DESCRIPTION',
  'EXCERPT',
  'OWNER',
  'USERID',
  'METADATA',
  'TAGS',
  'ITAGS',
] as const;

/**
 * Our extension to THRON's criteria (SPEC §3 "Metadata operators EQUAL, LESS, MORE, BETWEEN;
 * combinators must contain, must not contain, at least one"):
 * `imetadataOp: [{ combinator: MUST | MUST_NOT | AT_LEAST_ONE, clauses: [{ key, operator, value, value2? }] }]`
 * (one object is accepted for a list of one). EQUAL compares the text value exactly; LESS, MORE
 * and BETWEEN (value ≤ x ≤ value2) compare numbers, or dates given as ISO text or epoch ms.
 */
const metadataClauseSchema = z
  .object({
    key: z.string().min(1).max(100),
    operator: z.enum(['EQUAL', 'LESS', 'MORE', 'BETWEEN']).default('EQUAL'),
    value: z.union([z.string().max(1000), z.number()]).transform(String),
    value2: z
      .union([z.string().max(1000), z.number()])
      .transform(String)
      .optional(),
  })
  .transform((c, ctx) => {
    if (c.operator === 'EQUAL') return { key: c.key, operator: c.operator, value: c.value };
    const num = numberOf(c.value);
    const num2 = c.value2 === undefined ? undefined : numberOf(c.value2);
    if (num === undefined || (c.operator === 'BETWEEN' && num2 === undefined)) {
      ctx.addIssue({ code: 'custom', message: `${c.operator} needs numbers or dates` });
      return z.NEVER;
    }
    return { key: c.key, operator: c.operator, value: c.value, num, num2 };
  });

/** A number, or a date as epoch ms (value_num keeps dates that way, schema.prisma). */
function numberOf(text: string): number | undefined {
  if (/^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : date;
}

export const metadataGroupSchema = z.object({
  combinator: z.enum(['MUST', 'MUST_NOT', 'AT_LEAST_ONE']).default('MUST'),
  clauses: listOf(metadataClauseSchema, 20).refine((c) => c.length > 0, 'needs a clause'),
});

const contentTypeFilter = z.enum(FILTER_CONTENT_TYPES);
const extension = z
  .string()
  .regex(/^\.?[a-z0-9]{1,10}$/i)
  .transform((e) => e.replace(/^\./, '').toLowerCase());

/** THRON's orderBy (MEContentOrderBy) plus relevance_A|_D, our extension. */
export const ORDER_BY = [
  'contentName_A',
  'contentName_D',
  'creationDate_A',
  'creationDate_D',
  'lastUpdate_A',
  'lastUpdate_D',
  'relevance_A',
  'relevance_D',
] as const;
export type OrderByValue = (typeof ORDER_BY)[number];

/** POST content/findByProperties (research §3.2), with our extensions sourceExtensions, imetadataOp and itagOp. */
export const findByPropertiesSchema = z.object({
  client: z.object({ clientId: z.string().min(1) }),
  criteria: z
    .object({
      contentIds: listOf(ref).optional(),
      locale: z.string().max(100).optional(),
      textSearch: z
        .object({
          searchKey: z.string().max(SEARCH_KEY_MAX),
          searchKeyOption: z.enum(['EXACT_MATCH', 'BY_TOKEN']).default('EXACT_MATCH'),
          searchOnFields: listOf(z.enum(SEARCH_FIELDS), SEARCH_FIELDS.length).default([]),
        })
        .optional(),
      linkedCategoryOp: z
        .object({ linkedCategoryIds: listOf(ref, 200).default([]), cascade: boolInput.default(false) })
        .optional(),
      // Deprecated in THRON but still honoured there (research §3.2); `!_` negates.
      linkedCategories: listOf(ref, 200).optional(),
      contentType: listOf(contentTypeFilter, FILTER_CONTENT_TYPES.length).optional(),
      sourceExtensions: listOf(extension, 50).optional(),
      imetadataOp: listOf(metadataGroupSchema, 10).optional(),
      // Our extension (docs/saved-searches.md): metadata keys of which at least one has no value.
      imetadataMissingAny: listOf(z.string().min(1).max(100), 20).optional(),
      // Our extension, read as content/search's itag: the tags (ids or prettyIds) a content has all of, or none.
      itagOp: z
        .object({ haveAll: listOf(ref, 20).default([]), haveNot: listOf(ref, 20).default([]) })
        .optional(),
      fromDate: dateInput.optional(),
      toDate: dateInput.optional(),
    })
    .default({}),
  contentFieldOption: z
    .object({
      returnTotalResults: boolInput.default(true),
      returnThumbnailUrl: boolInput.default(false),
      returnLinkedCategories: boolInput.default(false),
      returnSource: boolInput.default(false),
      returnItags: boolInput.default(false),
      returnImetadata: boolInput.default(false),
    })
    .default({
      returnTotalResults: true,
      returnThumbnailUrl: false,
      returnLinkedCategories: false,
      returnSource: false,
      returnItags: false,
      returnImetadata: false,
    }),
  divArea: z
    .string()
    .regex(/^\d{1,5}x\d{1,5}$/)
    .optional(),
  locale: z.string().max(10).optional(),
  numberOfresults: z.coerce
    .number()
    .int()
    .min(0)
    .default(PAGE_MAX)
    .transform((n) => Math.min(n, PAGE_MAX)),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  orderBy: z.enum(ORDER_BY).default('creationDate_D'),
});
export type FindByPropertiesRequest = z.infer<typeof findByPropertiesSchema>;

const folderCascade = z.object({ id: ref, cascade: boolInput.default(false) });
const keyValue = z.object({
  key: z.string().min(1).max(100),
  value: z.union([z.string(), z.number()]).transform(String),
});
const textMatch = z
  .enum(['phrase_match', 'all_word_match', 'any_word_match', 'all_word_fuzzy_match', 'any_word_fuzzy_match'])
  .default('any_word_match');

export const DETAIL_FIELDS = ['locales', 'lastUpdate', 'owner', 'linkedCategoryIds', 'source'] as const;

const sortOrder = z.object({ order: z.enum(['asc', 'desc']).default('desc') });
/** THRON's responseOptions.sort entry: one key, by name in `langPreferred` (research §3.3). */
const sortEntry = z.union([
  z.object({ name: sortOrder.extend({ langPreferred: z.string().max(10).optional() }) }).strict(),
  z.object({ creationDate: sortOrder }).strict(),
  z.object({ lastUpdate: sortOrder }).strict(),
  z.object({ ranking: sortOrder }).strict(),
]);
export type ContentSearchSort = z.infer<typeof sortEntry>;

/** POST content/search/{clientId} (research §3.3), token-paged. */
export const contentSearchSchema = z.object({
  criteria: z
    .object({
      ids: listOf(ref).optional(),
      lemma: z
        .object({ text: z.string().max(SEARCH_KEY_MAX), textMatch, lang: z.string().max(10).optional() })
        .optional(),
      lang: listOf(z.string().max(10), 10).optional(),
      creationDate: z.object({ from: dateInput.optional(), to: dateInput.optional() }).optional(),
      contentType: listOf(contentTypeFilter, FILTER_CONTENT_TYPES.length).optional(),
      linkedCategories: z
        .object({
          haveAtLeastOne: listOf(folderCascade, 200).default([]),
          haveNot: listOf(folderCascade, 200).default([]),
        })
        .optional(),
      imetadata: z
        .object({
          haveAll: listOf(keyValue, 20).optional(),
          haveAtLeastOne: listOf(keyValue, 20).optional(),
          haveNot: listOf(keyValue, 20).optional(),
        })
        .optional(),
      owner: z
        .object({
          haveAtLeastOne: listOf(z.string(), 50).optional(),
          haveNot: listOf(z.string(), 50).optional(),
        })
        .optional(),
      sourceExtensions: listOf(extension, 50).optional(),
    })
    .default({}),
  pageToken: z.string().max(LIMITS.pageTokenMaxLength).optional(),
  responseOptions: z
    .object({
      // 0 asks only for estimatedTotalResults.
      resultsPageSize: z.coerce
        .number()
        .int()
        .min(0)
        .default(PAGE_MAX)
        .transform((n) => Math.min(n, PAGE_MAX)),
      // Unknown detail fields are ignored, as THRON ignores what it does not know.
      returnDetailsFields: listOf(z.string(), 30).default([]),
      // THRON takes only one entry; none is newest first.
      sort: listOf(sortEntry, 1).optional(),
      // Ours, as findByProperties' returnTotalResults: false leaves the count out, the costly half of a
      // page (THRON ignores it and counts).
      returnTotalResults: boolInput.default(true),
    })
    .default({ resultsPageSize: PAGE_MAX, returnDetailsFields: [], returnTotalResults: true }),
});
export type ContentSearchRequest = z.infer<typeof contentSearchSchema>;

/**
 * What content/search's opaque page token holds: where the next page starts, and the total the first
 * page counted, which later pages answer again rather than count each time (THRON calls it an estimate).
 */
export interface PageToken {
  start: PageStart;
  /** Absent when the first page was asked without its total. */
  total?: number;
}

/**
 * The token's text: `o` an offset or, by name, the anchor after the last hit (`k`: its sort key, name
 * and id; `u`: among those without a name, after an id); `t` the total.
 */
export function encodePageToken({ start, total }: PageToken): string {
  const at =
    typeof start === 'number'
      ? { o: start }
      : 'sortName' in start
        ? { k: [start.sortName, start.name, start.id] }
        : { u: start.unnamedAfter };
  return Buffer.from(JSON.stringify({ ...at, t: total })).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const total = z.number().int().min(0).max(1e9).optional();
const tokenSchema = z.union([
  z.object({ o: z.number().int().min(0).max(LIMITS.pageOffsetMax), t: total }).strict(),
  z
    .object({ k: z.tuple([z.string().max(1000), z.string().max(1000), z.string().regex(UUID)]), t: total })
    .strict(),
  z.object({ u: z.string().regex(UUID).nullable(), t: total }).strict(),
]);

/** What a token says (undefined: none, the first page), or null for a token this provider did not give. */
export function decodePageToken(token: string | undefined): PageToken | undefined | null {
  if (token === undefined || token === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const read = tokenSchema.safeParse(parsed);
  if (!read.success) return null;
  const at = read.data;
  if ('o' in at) return { start: at.o, total: at.t };
  if ('k' in at) return { start: { sortName: at.k[0], name: at.k[1], id: at.k[2] }, total: at.t };
  return { start: { unnamedAfter: at.u }, total: at.t };
}

/** THRON's MContent, the fields the built-in provider keeps; `state` and `sourceExtension` are ours. */
export interface ThronContent {
  id: string;
  contentType: string;
  creationDate: string;
  lastUpdate: string;
  owner: string;
  userId: string;
  locales: { locale: string; name: string; description: string }[];
  version: number;
  /** Ours: PROCESSING until the derivatives exist, then READY or FAILED. */
  state: string;
  /** Ours: the current source file's lower-case extension. */
  sourceExtension: string;
  /** With returnItags (research §3.2); `prettyId` is ours, as getContentsByIds gives it. */
  itags?: { id: string; classificationId: string; prettyId: string | null }[];
  /** With returnImetadata (research §3.2). */
  imetadata?: { classificationId: string; key: string; value: string; lang: string | null }[];
}

/** THRON's MContentResult. */
export interface ThronContentResult {
  content: ThronContent;
  ownerFullname: string;
  dynThumbService?: string;
  /** THRON fills the ids only; the built-in provider adds each folder's prettyId (as getContentsByIds). */
  linkedCategories?: { id: string; prettyId: string }[];
  /** `durationMs` is ours (audio and video), as getContentsByIds gives it. */
  source?: { fileName: string; extension: string; mimetype: string; size: number; durationMs: number | null };
}

export interface FindByPropertiesResponse extends ThronEnvelope {
  contents: ThronContentResult[];
  totalResults?: number;
}

export interface ContentSearchItem {
  id: string;
  contentType: string;
  creationDate: string;
  thumbs: { id: string; url: string }[];
  details: {
    locales?: ThronContent['locales'];
    lastUpdate?: string;
    owner?: { username: string; ownerFullName: string };
    linkedCategoryIds?: string[];
    source?: { fileName: string; extension: string; mimetype: string };
  };
}

export interface ContentSearchResponse extends ThronEnvelope {
  items: ContentSearchItem[];
  nextPageToken?: string;
  /** Absent when asked without it (returnTotalResults: false). */
  estimatedTotalResults?: number;
}

export function toThronContent(hit: ContentHit): ThronContent {
  return {
    id: hit.id,
    contentType: hit.contentType,
    creationDate: hit.createdAt.toISOString(),
    lastUpdate: hit.updatedAt.toISOString(),
    // THRON's `owner` is the author's display name, `userId` the owner's username (research §3.2).
    owner: (hit.ownerFullName || hit.ownerUsername).slice(0, 50),
    userId: hit.ownerUsername,
    locales: hit.locales,
    version: hit.version,
    state: hit.state,
    sourceExtension: hit.sourceExtension,
  };
}

export function toSourceDetail(hit: ContentHit, source: ContentSourceInfo | undefined) {
  return {
    fileName: source?.fileName ?? '',
    extension: hit.sourceExtension,
    mimetype: source?.mimeType ?? '',
    size: source?.size ?? 0,
    durationMs: source?.durationMs ?? null,
  };
}
