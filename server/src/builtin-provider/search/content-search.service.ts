import { Inject, Injectable } from '@nestjs/common';
import { LIMITS } from '@paddock/rules';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import type { ProviderCaller } from '../access/provider-caller';
import { THRON_FAILURES, ok, thronError } from '../thron.errors';
import {
  decodePageToken,
  encodePageToken,
  toSourceDetail,
  toThronContent,
  type ContentSearchRequest,
  type ContentSearchResponse,
  type ContentSearchSort,
  type FindByPropertiesRequest,
  type FindByPropertiesResponse,
  type OrderByValue,
} from './content-search.dto';
import { ContentSearchRepository } from './content-search.repository';
import {
  byTokenPatterns,
  exactMatchPatterns,
  perWordPatterns,
  type ContentOrder,
  type ContentQuery,
  type FolderRef,
  type MetadataGroup,
  type TextCriterion,
  type TextField,
} from './content-search.types';

type Contents = Pick<ContentSearchRepository, 'search' | 'details' | 'nameAnchorAfter'>;

/** THRON's `!_` prefix negates an item of a list filter (research §1). */
const NEGATION = '!_';
const DEFAULT_LOCALE = 'IT';

const FIELD_OF: Record<string, TextField | undefined> = {
  NAME: 'NAME',
  DESCRIPTION: 'DESCRIPTION',
  TAGS: 'ITAGS',
  ITAGS: 'ITAGS',
  OWNER: 'OWNER',
  USERID: 'OWNER',
  METADATA: 'METADATA',
  // EXCERPT is deprecated in THRON and not kept by the built-in provider.
  EXCERPT: undefined,
};
const ALL_FIELDS: TextField[] = ['NAME', 'DESCRIPTION', 'ITAGS', 'OWNER', 'METADATA'];

const ORDER_OF: Record<OrderByValue, Pick<ContentOrder, 'field' | 'descending'>> = {
  contentName_A: { field: 'name', descending: false },
  contentName_D: { field: 'name', descending: true },
  creationDate_A: { field: 'creationDate', descending: false },
  creationDate_D: { field: 'creationDate', descending: true },
  lastUpdate_A: { field: 'lastUpdate', descending: false },
  lastUpdate_D: { field: 'lastUpdate', descending: true },
  relevance_A: { field: 'relevance', descending: false },
  relevance_D: { field: 'relevance', descending: true },
};

/**
 * THRON's content/findByProperties and content/search for the token's user: only contents linked
 * to a folder their groups may `show`, never trashed ones.
 */
@Injectable()
export class ContentSearchService {
  constructor(
    @Inject(ContentSearchRepository) private readonly contents: Contents,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'CLIENT_ID' | 'PUBLIC_URL'>,
  ) {}

  async findByProperties(
    caller: ProviderCaller,
    req: FindByPropertiesRequest,
  ): Promise<FindByPropertiesResponse> {
    const { criteria, contentFieldOption: options } = req;
    const textLocales = localesOf(criteria.locale);
    const folders = splitNegated([
      ...(criteria.linkedCategoryOp?.linkedCategoryIds ?? []).map((ref) => ({
        ref,
        cascade: criteria.linkedCategoryOp?.cascade ?? false,
      })),
      ...(criteria.linkedCategories ?? []).map((ref) => ({ ref, cascade: false })),
    ]);
    const query: ContentQuery = {
      scope: caller,
      contentIds: criteria.contentIds,
      textLocales,
      text: criteria.textSearch && textOf(criteria.textSearch),
      inFolders: folders.in,
      notInFolders: folders.out,
      contentTypes: criteria.contentType,
      extensions: criteria.sourceExtensions,
      metadata: criteria.imetadataOp ?? [],
      metadataMissingAny: criteria.imetadataMissingAny,
      tagsAll: criteria.itagOp?.haveAll,
      tagsNone: criteria.itagOp?.haveNot,
      createdFrom: criteria.fromDate,
      createdTo: criteria.toDate,
    };
    const order: ContentOrder = {
      ...ORDER_OF[req.orderBy],
      locale: req.locale ?? textLocales[0] ?? DEFAULT_LOCALE,
    };
    // totalResults is exact up to the cap or to the end of this page, whichever is further, plus one
    // hit that says more follow: a client paging on `offset + n < totalResults` still reaches the end.
    const end = req.offset + req.numberOfresults;
    const { hits, total } = await this.contents.search(
      query,
      order,
      req.offset,
      req.numberOfresults,
      options.returnTotalResults ? { upTo: Math.max(LIMITS.searchCountCap, end) + 1 } : 'none',
    );
    const details = await this.contents.details(
      hits.map((h) => h.id),
      {
        source: !!options.returnSource,
        links: !!options.returnLinkedCategories,
        tagging: !!(options.returnItags || options.returnImetadata),
      },
    );
    const divArea = req.divArea;
    return ok({
      contents: hits.map((hit) => ({
        content: {
          ...toThronContent(hit),
          itags: options.returnItags ? (details.get(hit.id)?.tagging.itags ?? []) : undefined,
          imetadata: options.returnImetadata ? (details.get(hit.id)?.tagging.imetadata ?? []) : undefined,
        },
        ownerFullname: hit.ownerFullName || hit.ownerUsername,
        dynThumbService: divArea ? this.thumbnailUrl(divArea, hit.id, hit.version) : undefined,
        linkedCategories: options.returnLinkedCategories ? (details.get(hit.id)?.links ?? []) : undefined,
        source: options.returnSource ? toSourceDetail(hit, details.get(hit.id)?.source) : undefined,
      })),
      totalResults: total,
    });
  }

  async search(caller: ProviderCaller, req: ContentSearchRequest): Promise<ContentSearchResponse> {
    const token = decodePageToken(req.pageToken);
    const { criteria } = req;
    const { resultsPageSize, returnDetailsFields, sort, returnTotalResults } = req.responseOptions;
    const textLocales = (criteria.lang ?? []).map((l) => l.toUpperCase());
    const query: ContentQuery = {
      scope: caller,
      contentIds: criteria.ids,
      textLocales,
      text: criteria.lemma && lemmaOf(criteria.lemma),
      inFolders: (criteria.linkedCategories?.haveAtLeastOne ?? []).map((f) => ({
        ref: f.id,
        cascade: f.cascade,
      })),
      notInFolders: (criteria.linkedCategories?.haveNot ?? []).map((f) => ({
        ref: f.id,
        cascade: f.cascade,
      })),
      contentTypes: criteria.contentType,
      extensions: criteria.sourceExtensions,
      metadata: keyValueGroups(criteria.imetadata),
      createdFrom: criteria.creationDate?.from,
      createdTo: criteria.creationDate?.to,
      owners: criteria.owner?.haveAtLeastOne,
      notOwners: criteria.owner?.haveNot,
    };
    const order = searchOrder(sort?.[0], textLocales[0] ?? DEFAULT_LOCALE);
    const start = token?.start ?? 0;
    if (token === null || (typeof start !== 'number' && order.field !== 'name'))
      throw thronError(THRON_FAILURES.invalidArguments, 'pageToken is not valid');
    // One hit beyond the page says whether another follows. A page counts exactly (the hub's per-view
    // counts read it) unless asked not to or its token carries the first page's count.
    const counted = token?.total;
    const found = await this.contents.search(
      query,
      order,
      start,
      resultsPageSize && resultsPageSize + 1,
      counted === undefined && returnTotalResults ? 'exact' : 'none',
    );
    const total = counted ?? found.total;
    const hits = found.hits.slice(0, resultsPageSize);
    const last = hits.at(-1);
    let next: string | undefined;
    if (last && found.hits.length > hits.length) {
      const after =
        typeof start === 'number' && order.field !== 'name'
          ? start + hits.length
          : await this.contents.nameAnchorAfter(last.id, order.locale);
      next = encodePageToken({ start: after, total });
    }
    const wants = new Set(returnDetailsFields);
    const details = await this.contents.details(
      hits.map((h) => h.id),
      { source: wants.has('source'), links: wants.has('linkedCategoryIds'), tagging: false },
    );
    return ok({
      items: hits.map((hit) => ({
        id: hit.id,
        contentType: hit.contentType,
        creationDate: hit.createdAt.toISOString(),
        thumbs: [],
        details: {
          locales: wants.has('locales') ? hit.locales : undefined,
          lastUpdate: wants.has('lastUpdate') ? hit.updatedAt.toISOString() : undefined,
          owner: wants.has('owner')
            ? { username: hit.ownerUsername, ownerFullName: hit.ownerFullName || hit.ownerUsername }
            : undefined,
          linkedCategoryIds: wants.has('linkedCategoryIds')
            ? (details.get(hit.id)?.links ?? []).map((folder) => folder.id)
            : undefined,
          source: wants.has('source') ? toSourceDetail(hit, details.get(hit.id)?.source) : undefined,
        },
      })),
      nextPageToken: next,
      // Exact here; THRON calls it an estimate, so callers must not rely on more.
      estimatedTotalResults: total,
    });
  }

  /**
   * THRON's JDelivery.getThumbnail URL for this divArea (research §7); the derivatives module serves
   * it. `v` busts caches when a new version replaces the source.
   */
  private thumbnailUrl(divArea: string, contentId: string, version: number): string {
    const base = this.config.PUBLIC_URL.replace(/\/$/, '');
    const clientId = encodeURIComponent(this.config.CLIENT_ID);
    return `${base}/provider/xcontents/resources/delivery/getThumbnail/${clientId}/${divArea}/${contentId}?v=${version}`;
  }
}

/** content/search's order: newest first unless `sort` says otherwise; names in langPreferred's locale. */
function searchOrder(sort: ContentSearchSort | undefined, textLocale: string): ContentOrder {
  const by = (field: ContentOrder['field'], order: 'asc' | 'desc', locale = textLocale): ContentOrder => ({
    field,
    descending: order === 'desc',
    locale,
  });
  if (!sort) return by('creationDate', 'desc');
  if ('name' in sort)
    return by('name', sort.name.order, sort.name.langPreferred?.toUpperCase() ?? textLocale);
  if ('creationDate' in sort) return by('creationDate', sort.creationDate.order);
  if ('lastUpdate' in sort) return by('lastUpdate', sort.lastUpdate.order);
  return by('relevance', sort.ranking.order);
}

function localesOf(locale: string | undefined): string[] {
  return (locale ?? '')
    .split(',')
    .map((l) => l.trim().toUpperCase())
    .filter((l) => l !== '');
}

function splitNegated(refs: FolderRef[]): { in: FolderRef[]; out: FolderRef[] } {
  return {
    in: refs.filter((r) => !r.ref.startsWith(NEGATION)),
    out: refs
      .filter((r) => r.ref.startsWith(NEGATION))
      .map((r) => ({ ...r, ref: r.ref.slice(NEGATION.length) })),
  };
}

function textOf(
  search: NonNullable<FindByPropertiesRequest['criteria']['textSearch']>,
): TextCriterion | undefined {
  if (search.searchKey.trim() === '') return undefined;
  const named = search.searchOnFields.map((f) => FIELD_OF[f]).filter((f): f is TextField => f !== undefined);
  const fields = search.searchOnFields.length ? [...new Set(named)] : ALL_FIELDS;
  const patterns =
    search.searchKeyOption === 'BY_TOKEN'
      ? byTokenPatterns(search.searchKey)
      : exactMatchPatterns(search.searchKey);
  return { patterns, all: true, fields, key: search.searchKey };
}

/** content/search's lemma reads title, description, tags and metadata (research §3.3); fuzzy is not offered. */
function lemmaOf(lemma: NonNullable<ContentSearchRequest['criteria']['lemma']>): TextCriterion | undefined {
  if (lemma.text.trim() === '') return undefined;
  const fields: TextField[] = ['NAME', 'DESCRIPTION', 'ITAGS', 'METADATA'];
  if (lemma.textMatch === 'phrase_match')
    return { patterns: exactMatchPatterns(lemma.text), all: true, fields, key: lemma.text };
  const all = lemma.textMatch.startsWith('all_');
  return { patterns: perWordPatterns(lemma.text), all, fields, key: lemma.text };
}

function keyValueGroups(imetadata: ContentSearchRequest['criteria']['imetadata']): MetadataGroup[] {
  if (!imetadata) return [];
  const clauses = (list: { key: string; value: string }[] | undefined) =>
    (list ?? []).map((kv) => ({ key: kv.key, operator: 'EQUAL' as const, value: kv.value }));
  const groups: MetadataGroup[] = [
    { combinator: 'MUST', clauses: clauses(imetadata.haveAll) },
    { combinator: 'AT_LEAST_ONE', clauses: clauses(imetadata.haveAtLeastOne) },
    { combinator: 'MUST_NOT', clauses: clauses(imetadata.haveNot) },
  ];
  return groups.filter((g) => g.clauses.length > 0);
}
