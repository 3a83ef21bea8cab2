import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, LIMITS, type ErrorCode, type MetadataFilter } from '@paddock/rules';
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { PROVIDER_HTTP } from './http-provider.gateway';
import { envelopeSchema } from './provider.errors';
import { callProvider, tokenHeader } from './provider-call';
import { PROVIDER_PATHS } from './provider-paths';

/** The provider's page limit (research §1: default and maximum 50). */
export const PROVIDER_PAGE = LIMITS.idChunkSize;

export const SEARCH_GATEWAY = Symbol('SEARCH_GATEWAY');

export type ContentSort = 'creationDate' | 'lastUpdate' | 'name' | 'relevance';

export type { MetadataFilter };

/** What to look for; every field narrows the result (AND). */
export interface ContentCriteria {
  /** Folder ids or prettyIds; the contents linked to at least one of them. */
  folderIds?: string[];
  /** Also the contents of every descendant folder. */
  cascade?: boolean;
  /** SPEC §7 EXACT_MATCH on NAME and ITAGS: the text anywhere, case-insensitively. */
  text?: string;
  types?: string[];
  extensions?: string[];
  metadata?: MetadataFilter[];
  /** Metadata keys at least one of which has no value (the built-in provider's imetadataMissingAny). */
  metadataMissingAny?: string[];
  /** Tags (ids or prettyIds) a content carries every one of, and none of. */
  tags?: { all?: string[]; none?: string[] };
  contentIds?: string[];
  /** Created at or after / at or before (THRON's fromDate / toDate, ISO). */
  createdFrom?: string;
  createdTo?: string;
}

export interface ContentPageRequest {
  sort: ContentSort;
  descending: boolean;
  offset: number;
  /** Any size: the provider is read 50 at a time. */
  limit: number;
  /** The locale names sort in and are returned first. */
  locale: string;
  /**
   * The locale text is matched in, when not `locale` (SPEC §7: IT): a listing sorted by name in the
   * user's locale still finds what its total counts.
   */
  textLocale?: string;
  /** Thumbnail box 'WxH' for dynThumbService. */
  divArea?: string;
  /**
   * Also each hit's tags, metadata, folders and running time (`detail`), in the same call
   * (THRON's returnItags, returnImetadata, returnLinkedCategories, returnSource): what a card's
   * state and badges are read from, without a second look-up by id.
   */
  details?: boolean;
}

/** A page asked for in the provider's own order (SearchGateway.pageInOrder). */
export interface OrderedPageRequest {
  sort: ContentSort;
  descending: boolean;
  /** The locale names sort in. */
  locale: string;
  /** Any size: the provider is read 50 at a time, each page's token asking the next. */
  limit: number;
  /** Where the page starts: the `next` of the page before (none: the first page). */
  pageToken?: string;
}

/** A page's content ids in order, and where the next page starts when more follow. */
export interface OrderedPage {
  ids: string[];
  next?: string;
}

/**
 * What a hit carries with `details`: as getContentsByIds gives them, so the workflow reads them
 * alike. THRON fills a linked folder's id only; the built-in provider adds its prettyId (the
 * workflow's steps and junk are known by it), and the source's running time.
 */
export interface SearchHitDetail {
  itags: { id: string; classificationId: string; prettyId: string | null }[];
  imetadata: { classificationId: string; key: string; value: string; lang: string | null }[];
  linkedCategories: { id: string; prettyId: string }[];
  durationMs: number | null;
}

/** A content as a search lists it: names, dates, owner and thumbnail, without tags or metadata. */
export interface ProviderSearchHit {
  id: string;
  contentType: string;
  extension: string;
  /** Locales as returned, the requested one first. */
  locales: { locale: string; name: string; description: string }[];
  createdAt: string;
  updatedAt: string;
  ownerUsername: string;
  ownerFullName: string;
  version: number;
  state: string;
  thumbnailUrl?: string;
  /** With ContentPageRequest.details. */
  detail?: SearchHitDetail;
}

export interface SearchGateway {
  /**
   * One page of contents the token's user may see, in order, without their total (THRON: "false =
   * faster"); failures are ProviderError with E002.
   */
  findContents(
    token: string,
    criteria: ContentCriteria,
    page: ContentPageRequest,
  ): Promise<ProviderSearchHit[]>;
  /**
   * How many contents a search finds, as findByProperties counts them: THRON exactly, the built-in
   * provider up to LIMITS.searchCountCap plus one when more match. Failures are ProviderError with E002.
   */
  countMatches(token: string, criteria: ContentCriteria, locale: string): Promise<number>;
  /** How many contents match, exactly (the per-view badges); failures are ProviderError with E015. */
  countContents(token: string, criteria: ContentCriteria): Promise<number>;
  /**
   * The ids of one page in order, token-paged (THRON content/search), so a deep page costs what the
   * first does, where findContents' offset reads every hit it skips. Undefined when content/search
   * cannot ask what `criteria` asks (see sameInContentSearch); failures are ProviderError with E002.
   */
  pageInOrder(
    token: string,
    criteria: ContentCriteria,
    page: OrderedPageRequest,
  ): Promise<OrderedPage | undefined>;
}

const ORDER_BY: Record<ContentSort, [string, string]> = {
  creationDate: ['creationDate_A', 'creationDate_D'],
  lastUpdate: ['lastUpdate_A', 'lastUpdate_D'],
  name: ['contentName_A', 'contentName_D'],
  relevance: ['relevance_A', 'relevance_D'],
};

const findResponseSchema = envelopeSchema.extend({
  contents: z
    .array(
      z.object({
        content: z.object({
          id: z.string(),
          contentType: z.string(),
          creationDate: z.string(),
          lastUpdate: z.string().optional(),
          owner: z.string().optional(),
          userId: z.string().optional(),
          locales: z
            .array(
              z.object({
                locale: z.string(),
                name: z.string().default(''),
                description: z.string().default(''),
              }),
            )
            .default([]),
          version: z.number().optional(),
          state: z.string().optional(),
          sourceExtension: z.string().optional(),
          itags: z
            .array(
              z.object({
                id: z.string(),
                classificationId: z.string(),
                prettyId: z.string().nullable().default(null),
              }),
            )
            .optional(),
          imetadata: z
            .array(
              z.object({
                classificationId: z.string(),
                key: z.string(),
                value: z.string(),
                lang: z.string().nullable().default(null),
              }),
            )
            .optional(),
        }),
        ownerFullname: z.string().optional(),
        dynThumbService: z.string().optional(),
        linkedCategories: z.array(z.object({ id: z.string(), prettyId: z.string().default('') })).optional(),
        source: z
          .object({ extension: z.string().optional(), durationMs: z.number().nullable().optional() })
          .optional(),
      }),
    )
    .default([]),
  totalResults: z.number().optional(),
});

const searchResponseSchema = envelopeSchema.extend({
  estimatedTotalResults: z.number().default(0),
  nextPageToken: z.string().optional(),
});

const orderedResponseSchema = searchResponseSchema.extend({
  items: z.array(z.object({ id: z.string() })).default([]),
});

const SORT_KEY: Record<ContentSort, string> = {
  creationDate: 'creationDate',
  lastUpdate: 'lastUpdate',
  name: 'name',
  relevance: 'ranking',
};

/**
 * Whether content/search finds what findByProperties finds for `criteria`: its text (lemma) reads
 * descriptions and metadata too, where findByProperties' EXACT_MATCH reads names and tags; its metadata
 * compare for equality only; its tags need their classification.
 */
function sameInContentSearch(criteria: ContentCriteria): boolean {
  return (
    !criteria.text && !criteria.metadata?.length && !criteria.metadataMissingAny?.length && !criteria.tags
  );
}

/**
 * content/search's criteria for `criteria`: the text as a phrase (what the per-view badges count); the
 * metadata and tags it cannot ask are left out (see sameInContentSearch).
 */
function contentSearchCriteria(criteria: ContentCriteria): Record<string, unknown> {
  return {
    ids: criteria.contentIds,
    lemma: criteria.text ? { text: criteria.text, textMatch: 'phrase_match' } : undefined,
    contentType: criteria.types,
    sourceExtensions: criteria.extensions,
    creationDate:
      criteria.createdFrom || criteria.createdTo
        ? { from: criteria.createdFrom, to: criteria.createdTo }
        : undefined,
    linkedCategories: criteria.folderIds
      ? { haveAtLeastOne: criteria.folderIds.map((id) => ({ id, cascade: criteria.cascade ?? false })) }
      : undefined,
  };
}

/** Content search over HTTP with THRON's shapes (ARCHITECTURE §2), clientId = CLIENT_ID. */
@Injectable()
export class HttpSearchGateway implements SearchGateway {
  private readonly clientId: string;

  constructor(
    @Inject(PROVIDER_HTTP) private readonly http: AxiosInstance,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'CLIENT_ID'>,
  ) {
    this.clientId = config.CLIENT_ID;
  }

  async findContents(
    token: string,
    criteria: ContentCriteria,
    page: ContentPageRequest,
  ): Promise<ProviderSearchHit[]> {
    const offsets: number[] = [];
    for (let read = 0; read < page.limit; read += PROVIDER_PAGE) offsets.push(page.offset + read);
    // A hub page of up to 100 is two provider pages, asked for at once.
    const bodies = await Promise.all(
      offsets.map((offset, i) =>
        this.find(
          token,
          criteria,
          page,
          offset,
          Math.min(PROVIDER_PAGE, page.limit - i * PROVIDER_PAGE),
          false,
        ),
      ),
    );
    // A short page ends the result: later pages can only be empty.
    const contents: ProviderSearchHit[] = [];
    for (const body of bodies) {
      contents.push(...body.contents.map(toProviderSearchHit));
      if (body.contents.length < PROVIDER_PAGE) break;
    }
    return contents;
  }

  async countMatches(token: string, criteria: ContentCriteria, locale: string): Promise<number> {
    // The smallest page with its total: the same search, so the count always agrees with the pages.
    const page: ContentPageRequest = { sort: 'creationDate', descending: true, offset: 0, limit: 1, locale };
    const body = await this.find(token, criteria, page, 0, 1, true);
    return body.totalResults ?? body.contents.length;
  }

  async countContents(token: string, criteria: ContentCriteria): Promise<number> {
    const body = await this.call(
      {
        method: 'POST',
        url: PROVIDER_PATHS.search.search(this.clientId),
        headers: tokenHeader(token),
        data: {
          criteria: contentSearchCriteria(criteria),
          // Only the total is wanted: the smallest page THRON is sure to accept.
          responseOptions: { resultsPageSize: 1, returnDetailsFields: [] },
        },
      },
      searchResponseSchema,
      E_CODES.CONTENT_COUNTS_FAILED,
    );
    return body.estimatedTotalResults;
  }

  async pageInOrder(
    token: string,
    criteria: ContentCriteria,
    page: OrderedPageRequest,
  ): Promise<OrderedPage | undefined> {
    if (!sameInContentSearch(criteria)) return undefined;
    const lookFor = contentSearchCriteria(criteria);
    const order = page.descending ? 'desc' : 'asc';
    const sort =
      page.sort === 'name'
        ? { name: { order, langPreferred: page.locale } }
        : { [SORT_KEY[page.sort]]: { order } };
    const ids: string[] = [];
    let next = page.pageToken;
    // Each provider page's token asks the next: a hub page of 100 is two calls, one after the other.
    do {
      const body = await this.call(
        {
          method: 'POST',
          url: PROVIDER_PATHS.search.search(this.clientId),
          headers: tokenHeader(token),
          data: {
            criteria: lookFor,
            pageToken: next,
            responseOptions: {
              resultsPageSize: Math.min(PROVIDER_PAGE, page.limit - ids.length),
              returnDetailsFields: [],
              sort: [sort],
              // The built-in provider's: no count, which cost a listing's first page by name more than
              // its walk (THRON ignores it).
              returnTotalResults: false,
            },
          },
        },
        orderedResponseSchema,
        E_CODES.CONTENT_SEARCH_FAILED,
      );
      ids.push(...body.items.map((item) => item.id));
      next = body.nextPageToken;
    } while (next && ids.length < page.limit);
    return { ids, next };
  }

  private find(
    token: string,
    criteria: ContentCriteria,
    page: ContentPageRequest,
    offset: number,
    size: number,
    withTotal: boolean,
  ): Promise<z.infer<typeof findResponseSchema>> {
    return this.call(
      {
        method: 'POST',
        url: PROVIDER_PATHS.search.findByProperties(),
        headers: tokenHeader(token),
        data: this.findBody(criteria, page, offset, size, withTotal),
      },
      findResponseSchema,
      E_CODES.CONTENT_SEARCH_FAILED,
    );
  }

  private findBody(
    criteria: ContentCriteria,
    page: ContentPageRequest,
    offset: number,
    size: number,
    withTotal: boolean,
  ): Record<string, unknown> {
    return {
      client: { clientId: this.clientId },
      criteria: {
        contentIds: criteria.contentIds,
        locale: page.textLocale ?? page.locale,
        textSearch: criteria.text
          ? { searchKey: criteria.text, searchKeyOption: 'EXACT_MATCH', searchOnFields: ['NAME', 'ITAGS'] }
          : undefined,
        linkedCategoryOp: criteria.folderIds
          ? { linkedCategoryIds: criteria.folderIds, cascade: criteria.cascade ?? false }
          : undefined,
        contentType: criteria.types,
        sourceExtensions: criteria.extensions,
        imetadataOp: criteria.metadata,
        imetadataMissingAny: criteria.metadataMissingAny,
        itagOp: criteria.tags
          ? { haveAll: criteria.tags.all ?? [], haveNot: criteria.tags.none ?? [] }
          : undefined,
        fromDate: criteria.createdFrom,
        toDate: criteria.createdTo,
      },
      contentFieldOption: {
        returnTotalResults: withTotal,
        returnThumbnailUrl: page.divArea !== undefined,
        returnSource: true,
        ...(page.details ? { returnItags: true, returnImetadata: true, returnLinkedCategories: true } : {}),
      },
      divArea: page.divArea,
      locale: page.locale,
      numberOfresults: size,
      offset,
      orderBy: ORDER_BY[page.sort][page.descending ? 1 : 0],
    };
  }

  private call<S extends z.ZodType>(
    request: AxiosRequestConfig,
    schema: S,
    fallback: ErrorCode,
  ): Promise<z.infer<S>> {
    // An outage or a malformed answer keeps the step's E-code (E002 / E015) so the web names what failed.
    return callProvider(this.http, request, schema, { fallback, load: true });
  }
}

function toProviderSearchHit(r: z.infer<typeof findResponseSchema>['contents'][number]): ProviderSearchHit {
  const c = r.content;
  return {
    id: c.id,
    contentType: c.contentType,
    extension: (r.source?.extension ?? c.sourceExtension ?? '').toLowerCase(),
    locales: c.locales,
    createdAt: c.creationDate,
    updatedAt: c.lastUpdate ?? c.creationDate,
    ownerUsername: c.userId ?? '',
    ownerFullName: r.ownerFullname ?? c.owner ?? c.userId ?? '',
    version: c.version ?? 1,
    // THRON has no processing state of its own; a content it returns is usable.
    state: c.state ?? 'READY',
    thumbnailUrl: r.dynThumbService,
    ...(c.itags && c.imetadata && r.linkedCategories
      ? {
          detail: {
            itags: c.itags,
            imetadata: c.imetadata,
            linkedCategories: r.linkedCategories,
            durationMs: r.source?.durationMs ?? null,
          },
        }
      : {}),
  };
}
