import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  CARD_THUMBNAIL_BOX,
  COUNTED_VIEW_FOLDERS,
  DEFAULT_LANGUAGE,
  FOLDER_CODES,
  LIMITS,
  approvalStepCode,
  assetLocaleOf,
  departmentFolderPrettyId,
  isSearchAllowed,
  junkPurgeDueAt,
  mayOpenView,
  placeOfFolder,
  nameIn,
  restrictionDayOf,
  restrictionOf,
  rightsEndingFilter,
  SHARING_TAGS,
  specialCodeOf,
  type Language,
  type PathFolder,
  type RejectedDelivery,
  type View,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { CLOCK, systemClock, type Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import {
  SEARCH_GATEWAY,
  type ContentCriteria,
  type ContentPageRequest,
  type OrderedPage,
  type ProviderSearchHit,
  type SearchGateway,
} from '../provider/search.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { nullIfNotFound } from '../provider/provider.errors';
import { ProviderError } from '../common/provider-error';
import { sideOf } from '../places/permission-subject';
import { PublishedReaders } from '../places/published-readers';
import { WorkflowFolders } from '../places/workflow-folders';
import { PreflightRepository } from '../preflight/preflight.repository';
import { HeldContents } from '../legal-hold/held-contents';
import { ListingCache } from '../places/listing-cache';
import { isPublished, workflowInfoOf, workflowStateOfContent } from '../places/workflow-info';
import { ListingNarrowing, isIdNarrowing } from './listing-narrowing';
import { nextCursor, tokenCursor } from './page-cursor';
import {
  type AssetFilter,
  type AssetListFilter,
  type AssetPage,
  type AssetTotal,
  type ContentFacts,
} from './search.types';
import { PersonNames } from '../users/person-names';

/** How a card marks a version that did not pass its pre-flight. */
type PreflightMark = NonNullable<ContentFacts['preflightVerdict']>;

/** SPEC §7: the provider search reads and returns the IT locale first. */
const SEARCH_LOCALE = 'IT';

/** Listing, search and counts of assets, through the provider with the user's own token (its ACLs apply). */
@Injectable()
export class SearchService {
  constructor(
    @Inject(SEARCH_GATEWAY) private readonly gateway: SearchGateway,
    @Inject(FOLDERS_GATEWAY)
    private readonly folders: Pick<FoldersGateway, 'folder' | 'category' | 'allFolders'>,
    @Inject(PublishedReaders)
    private readonly readers: Pick<PublishedReaders, 'listsPublishedOnly' | 'visible'>,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
    // Without the directory (unit tests), who rejected is shown by username.
    @Optional() private readonly people?: PersonNames,
    // Without the kept paths (unit tests), every folder check reads the folder with the user's token.
    @Optional() @Inject(WorkflowFolders) private readonly paths?: Pick<WorkflowFolders, 'pathOf'>,
    // Without the hub's database (unit tests), cards carry no pre-flight verdict.
    @Optional()
    @Inject(PreflightRepository)
    private readonly preflights?: Pick<PreflightRepository, 'notPassed'>,
    // Without it (unit tests), every page is asked of the provider.
    @Optional() @Inject(ListingCache) private readonly pages?: Pick<ListingCache, 'read'>,
    // Without the legal holds (unit tests), the junk's cards carry no hold.
    @Optional() @Inject(HeldContents) private readonly holds?: Pick<HeldContents, 'holdsOn'>,
    // Without the hub's records (unit tests), `only=possibleDuplicates|preflightFailed` finds nothing.
    @Optional()
    @Inject(ListingNarrowing)
    private readonly narrowing?: Pick<ListingNarrowing, 'idsOf' | 'mandatoryKeys'>,
  ) {}

  /**
   * One page, without its total (counting is the costly half of a search, so the web asks `total`
   * beside it and shows the page first). A full page says more may follow, and where they start
   * (see PageCursor); at worst the next page is empty.
   */
  async list(user: AuthUser, filter: AssetListFilter): Promise<AssetPage> {
    const from = filter.cursor ?? (filter.offset > 0 ? { offset: filter.offset } : undefined);
    const byCreationDate = filter.sort === 'creationDate';
    const publishedOnly = await this.publishedOnly(user, filter);
    const criteria = await this.criteriaFor(user, filter, publishedOnly);
    if (!criteria) {
      await this.checkFolder(user, filter);
      return { contents: [], facts: new Map() };
    }
    let offset = 0;
    let pageToken: string | undefined;
    if (from && 'offset' in from) offset = from.offset;
    else if (from && 'at' in from && byCreationDate) {
      offset = from.skip;
      if (filter.descending) criteria.createdTo = from.at;
      else criteria.createdFrom = from.at;
    } else if (from && 'token' in from && filter.sort === 'name') pageToken = from.token;
    else if (from) throw DomainError.invalid('cursor belongs to another sort');
    const request: ContentPageRequest = {
      sort: filter.sort,
      descending: filter.descending,
      offset,
      limit: filter.limit,
      // The provider sorts names in the request's locale: by name, in the one the user reads. Text
      // is matched in one locale whatever the sort, the one `total` counts in.
      locale: filter.sort === 'name' ? assetLocaleOf(filter.lang) : SEARCH_LOCALE,
      textLocale: SEARCH_LOCALE,
      divArea: CARD_THUMBNAIL_BOX,
      details: true,
    };
    // The folder is checked beside the search, not before it: a listing's one round trip stays one.
    const [, page] = await Promise.all([
      this.checkFolder(user, filter),
      this.kept(['page', user.username, criteria, request, pageToken], async () => {
        const inOrder = filter.sort === 'name' && !offset;
        const ordered = inOrder ? await this.idsInOrder(user, criteria, request, pageToken) : undefined;
        const found = ordered
          ? await this.cardsOf(user, criteria, request, ordered.ids)
          : await this.gateway.findContents(user.providerToken, criteria, request);
        return new ListedPage(found, await this.verdictsOf(found), ordered && { next: ordered.next });
      }),
    ]);
    const { contents } = page;
    const full = contents.length === filter.limit;
    const shown =
      publishedOnly || (filter.folderId && !filter.subfolders)
        ? contents
        : await this.readable(user, contents, filter.folderId);
    return {
      contents: shown,
      facts: await this.withHolds(filter, shown, page.factsOn(this.clock.now())),
      // From the page the provider gave: the next one starts after what was left out too.
      next: page.ordered
        ? tokenCursor(page.ordered.next)
        : full
          ? nextCursor(contents, from, byCreationDate)
          : undefined,
    };
  }

  /**
   * A page by name in the provider's token order (issue 26: by offset, page 51 walked the 5,000 names
   * before it), where the provider can ask these criteria so; otherwise (undefined) the page goes by
   * offset. A token from a page whose criteria the provider could page so is refused if they no longer are.
   */
  private async idsInOrder(
    user: AuthUser,
    criteria: ContentCriteria,
    request: ContentPageRequest,
    pageToken: string | undefined,
  ): Promise<OrderedPage | undefined> {
    const ordered = await this.gateway.pageInOrder(user.providerToken, criteria, {
      sort: request.sort,
      descending: request.descending,
      locale: request.locale,
      limit: request.limit,
      pageToken,
    });
    if (!ordered && pageToken) throw DomainError.invalid('cursor belongs to another search');
    return ordered;
  }

  /** The cards of `ids`, in that order: one search by id, with the details a listing's cards show. */
  private async cardsOf(
    user: AuthUser,
    criteria: ContentCriteria,
    request: ContentPageRequest,
    ids: string[],
  ): Promise<ProviderSearchHit[]> {
    if (!ids.length) return [];
    const found = await this.gateway.findContents(
      user.providerToken,
      { ...criteria, contentIds: ids },
      { ...request, limit: ids.length },
    );
    const byId = new Map(found.map((hit) => [hit.id, hit]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The junk's cards with the reasons of the legal holds that keep them from the purge
   * (docs/legal-hold.md): asked afresh on every listing of a junk folder, never kept with the page,
   * so a hold placed or released shows at the next listing. Other listings ask nothing.
   */
  private async withHolds(
    filter: AssetListFilter,
    contents: readonly ProviderSearchHit[],
    facts: ReadonlyMap<string, ContentFacts>,
  ): Promise<ReadonlyMap<string, ContentFacts>> {
    if (!this.holds || !filter.folderId || !contents.length) return facts;
    // Kept per process by checkFolder's read (no provider call); unreadable, it is no junk of this listing.
    const path = await this.paths?.pathOf(filter.folderId).catch((error: unknown) => {
      if (error instanceof ProviderError) return null;
      throw error;
    });
    if (!path || placeOfFolder(path.slice(-1), 'maker').view !== 'departmentJunk') return facts;
    const held = await this.holds.holdsOn(
      contents.map((c) => ({
        id: c.id,
        linkedCategoryIds: c.detail?.linkedCategories.map((l) => l.id) ?? [],
      })),
    );
    if (!held.size) return facts;
    return new Map(
      [...facts].map(([id, f]) => {
        const holds = held.get(id);
        return [id, holds ? { ...f, holdReasons: holds.map((h) => h.reason) } : f];
      }),
    );
  }

  /**
   * What the listing cache keeps (ListingCache), or asked afresh without it. Keyed by the person, not
   * the session: the provider answers a person's every token alike (their groups' rights).
   */
  private kept<T>(key: readonly unknown[], compute: () => Promise<T>): Promise<T> {
    return this.pages ? this.pages.read(key, compute) : compute();
  }

  /**
   * A search across folders (no folder, or one with its sub-folders) without the unpublished
   * contents its user reads only in a channel (SPEC §4 "Folders", PublishedReaders). A listing of
   * one folder is narrowed in the provider's query instead (publishedOnly).
   */
  private async readable(
    user: AuthUser,
    contents: ProviderSearchHit[],
    folderId: string | undefined,
  ): Promise<ProviderSearchHit[]> {
    const facts = contents.map((hit) => ({
      hit,
      itags: hit.detail?.itags ?? [],
      linkedCategoryIds: hit.detail?.linkedCategories.map((c) => c.id) ?? [],
    }));
    return (await this.readers.visible(user, facts, folderId)).map((f) => f.hit);
  }

  /** The page's versions that warned or blocked at pre-flight (issue 27). */
  private async verdictsOf(contents: ProviderSearchHit[]): Promise<ReadonlyMap<string, PreflightMark>> {
    return (
      (await this.preflights?.notPassed(contents.map(({ id, version }) => ({ id, version })))) ?? new Map()
    );
  }

  /** How many assets a listing or search finds, counted up to LIMITS.searchCountCap. */
  async total(user: AuthUser, filter: AssetFilter): Promise<AssetTotal> {
    const criteria = await this.criteriaFor(user, filter, await this.publishedOnly(user, filter));
    if (!criteria) {
      await this.checkFolder(user, filter);
      return { totalResults: 0, totalIsCapped: false };
    }
    const [, counted] = await Promise.all([
      this.checkFolder(user, filter),
      this.kept(['total', user.username, criteria], () =>
        this.gateway.countMatches(user.providerToken, criteria, SEARCH_LOCALE),
      ),
    ]);
    return {
      totalResults: Math.min(counted, LIMITS.searchCountCap),
      totalIsCapped: counted > LIMITS.searchCountCap,
    };
  }

  /**
   * The provider's criteria of a listing, with what `only` and a collection's ids narrow it to, in
   * this one place for pages and totals alike (docs/saved-searches.md); null when no content can
   * match (no ids left), so the provider is not asked.
   */
  private async criteriaFor(
    user: AuthUser,
    filter: AssetFilter,
    publishedOnly: boolean,
  ): Promise<ContentCriteria | null> {
    const criteria = criteriaOf(filter, publishedOnly);
    if (filter.only === 'missingMandatory') {
      // Nothing is mandatory (or no definitions to read, in unit tests): nothing can miss one.
      const keys = (await this.narrowing?.mandatoryKeys(user.providerToken)) ?? [];
      if (!keys.length) return null;
      criteria.metadataMissingAny = keys;
    }
    if (filter.only === 'rightsEnding')
      criteria.metadata = [...(criteria.metadata ?? []), rightsEndingFilter(this.clock.now())];
    let ids = filter.contentIds;
    if (isIdNarrowing(filter.only)) {
      const found = (await this.narrowing?.idsOf(filter.only)) ?? [];
      ids = ids ? ids.filter((id) => found.includes(id)) : found;
    }
    if (ids) {
      if (!ids.length) return null;
      criteria.contentIds = [...ids];
    }
    return criteria;
  }

  /**
   * SPEC §4 "Folders": a reader of a channel or the shared archive lists its published contents
   * only, asked of the provider itself so that pages and totals agree. Decided from roles and the
   * folder's place (kept once read), before the search.
   */
  private async publishedOnly(user: AuthUser, filter: AssetFilter): Promise<boolean> {
    return !!filter.folderId && (await this.readers.listsPublishedOnly(user, filter.folderId));
  }

  /**
   * The folder a listing or search runs in, as its user may: SPEC §2 refuses a text search inside
   * a deep folder to approvers (top folders are depth 1), SPEC §6 opens the junk to admins only.
   * The junk has no sub-folders (the hub refuses folder actions there), so the folder alone says
   * whether it is the junk. Both come from the folder's place and depth, which never change and are
   * kept per process (WorkflowFolders.pathOf): a listing the rules allow asks nothing more (issue 26:
   * this read was a provider call in every listing). A refusal is confirmed on the folder as the
   * user's own token reads it, beside the search, so it tells nothing of a folder they cannot see.
   */
  private async checkFolder(user: AuthUser, filter: AssetFilter): Promise<void> {
    if (!filter.folderId) return;
    // When the service account cannot read the path, the user's token decides, as before.
    const path = await this.paths?.pathOf(filter.folderId).catch((error: unknown) => {
      if (error instanceof ProviderError) return null;
      throw error;
    });
    if (path && !refusalIn(user, filter, path.length, path.slice(-1))) return;
    // Its place in the tree only for the depth of a text search; getCategory costs no counts.
    const folder = filter.text
      ? await this.folders.folder(user.providerToken, filter.folderId)
      : await this.folders.category(user.providerToken, filter.folderId).catch(nullIfNotFound);
    // A folder the user cannot see is no junk of theirs: the search finds nothing in it, answered
    // as for an unknown folder, so the listing tells neither its contents nor that it exists.
    if (!folder) return;
    const refusal = refusalIn(user, filter, folder.ancestorIds.length + 1, [folder]);
    if (refusal) throw refusal;
  }

  /**
   * Assets per view, for the `user` role (SPEC §6 "Asset counts per view are loaded for the user
   * role only"), and for an approver what waits in the approval steps they are enabled for in
   * their department (issue 23, docs/spec-differences.md). Anyone else, or a user without a
   * department, gets `{}` rather than an error, so the web can always ask and show no badge.
   */
  async counts(user: AuthUser): Promise<Partial<Record<View, number>>> {
    // A supplier's count is what came back to it rejected (issue 23), on its deliveries' view.
    if (user.primaryRole === 'supplier')
      return { supplierSent: (await this.rejectedDeliveries(user, DEFAULT_LANGUAGE)).length };
    const department = user.department;
    if (!department) return {};
    const count = (prettyId: string, cascade: boolean) =>
      this.gateway.countContents(user.providerToken, { folderIds: [prettyId], cascade });
    // The junk's count too is a look into it (SPEC §6: the admin's).
    const views =
      user.primaryRole === 'user'
        ? (Object.entries(COUNTED_VIEW_FOLDERS) as [View, string][]).filter(([view]) =>
            mayOpenView(user.roles, view),
          )
        : [];
    const counted = await Promise.all(
      views.map(([view, code]) =>
        count(departmentFolderPrettyId(code, department), true).then((n) => [view, n] as const),
      ),
    );
    const steps = user.approvalSteps.filter((g) => g.department.toLowerCase() === department.toLowerCase());
    if (!steps.length) return Object.fromEntries(counted);
    // A content is at one step at a time (docs/workflow.md), so the steps' counts add up.
    const waiting = await Promise.all(
      steps.map((g) => count(departmentFolderPrettyId(approvalStepCode(g.step), department), false)),
    );
    return { ...Object.fromEntries(counted), approver: waiting.reduce((a, b) => a + b, 0) };
  }

  /**
   * A supplier's deliveries that came back rejected (issue 23): the refused contents of the supplier
   * work folders (lvrr02) its own token sees, newest change first, with the note and who rejected. A
   * new version takes the refused state away, so an answered rejection leaves the list. Anyone else: [].
   */
  async rejectedDeliveries(user: AuthUser, lang: Language): Promise<RejectedDelivery[]> {
    if (user.primaryRole !== 'supplier') return [];
    const workFolders = (await this.folders.allFolders(user.providerToken)).filter(
      (f) => specialCodeOf(f.prettyId)?.code === FOLDER_CODES.supplierWork,
    );
    if (!workFolders.length) return [];
    const contents = await this.gateway.findContents(
      user.providerToken,
      { folderIds: workFolders.map((f) => f.id) },
      {
        sort: 'lastUpdate',
        descending: true,
        offset: 0,
        limit: LIMITS.rejectedDeliveriesRead,
        locale: assetLocaleOf(lang),
        details: true,
      },
    );
    const rejected = contents.flatMap((c) => {
      const linked = c.detail?.linkedCategories ?? [];
      const folder = workFolders.find((f) => linked.some((l) => l.id === f.id));
      const info = c.detail ? workflowInfoOf(c.detail) : null;
      if (!info?.rejected || !folder) return [];
      return [
        {
          id: c.id,
          name: nameIn(c.locales, lang),
          extension: c.extension,
          version: c.version,
          folderId: folder.id,
          note: info.note,
          rejectedBy: info.rejectedBy,
        },
      ];
    });
    // Who rejected, by the name people know them by (issue 23).
    const names = await this.people?.of(rejected.flatMap((r) => (r.rejectedBy ? [r.rejectedBy] : [])));
    return rejected.map((r) => ({
      ...r,
      rejectedBy: r.rejectedBy && (names?.get(r.rejectedBy) ?? r.rejectedBy),
    }));
  }
}

/** What SPEC §2 and §6 refuse in a folder at `depth`, whose own place `self` (the folder alone) gives. */
function refusalIn(
  user: AuthUser,
  filter: AssetFilter,
  depth: number,
  self: readonly PathFolder[],
): DomainError | null {
  if (filter.text && !isSearchAllowed(user.roles, depth))
    return DomainError.forbidden('Approvers cannot search inside a folder this deep');
  if (!mayOpenView(user.roles, placeOfFolder(self, sideOf(user)).view))
    return DomainError.forbidden('Only administrators open the department junk');
  return null;
}

/**
 * A page as the provider answered it, with its pre-flight marks: what the listing cache keeps. Its
 * cards' facts are read off the details the search returned (one provider round trip a page,
 * ARCHITECTURE's hot path), once a day: restrictions go by the day (restrictionDayOf), the rest by
 * the details alone.
 */
class ListedPage {
  private facts: { day: string; byId: ReadonlyMap<string, ContentFacts> } | undefined;

  constructor(
    readonly contents: ProviderSearchHit[],
    private readonly verdicts: ReadonlyMap<string, PreflightMark>,
    /** Paged in the provider's token order: the token of the page after, none at the end. */
    readonly ordered?: { next?: string },
  ) {}

  factsOn(now: Date): ReadonlyMap<string, ContentFacts> {
    const day = restrictionDayOf(now);
    if (this.facts?.day !== day) this.facts = { day, byId: this.factsAt(now) };
    return this.facts.byId;
  }

  private factsAt(now: Date): Map<string, ContentFacts> {
    const facts = new Map<string, ContentFacts>();
    for (const { id, detail } of this.contents) {
      if (!detail) continue;
      const verdict = this.verdicts.get(id);
      const deletedAt = workflowInfoOf(detail).deletedAt;
      facts.set(id, {
        workflowState: workflowStateOfContent(detail),
        restricted: restrictionOf(detail.imetadata, now).restricted,
        published: isPublished(detail),
        ...(detail.durationMs != null ? { durationMs: detail.durationMs } : {}),
        ...(verdict ? { preflightVerdict: verdict } : {}),
        ...(deletedAt !== null ? { purgeDueAt: junkPurgeDueAt(deletedAt).toISOString() } : {}),
      });
    }
    return facts;
  }
}

function criteriaOf(filter: AssetFilter, publishedOnly: boolean): ContentCriteria {
  return {
    folderIds: filter.folderId ? [filter.folderId] : undefined,
    cascade: filter.subfolders,
    text: filter.text,
    types: filter.types,
    extensions: filter.extensions,
    metadata: filter.metadata,
    ...publishedTags(filter.published, publishedOnly),
  };
}

/**
 * SPEC §4 "Folders": published is the tag a folder's publish puts on each content (isPublished).
 * A reader who asks for the unpublished asks for both, and finds nothing.
 */
function publishedTags(asked: boolean | undefined, publishedOnly: boolean): Pick<ContentCriteria, 'tags'> {
  const tag = [SHARING_TAGS.published];
  if (asked === undefined && !publishedOnly) return {};
  return {
    tags: {
      ...(asked === true || publishedOnly ? { all: tag } : {}),
      ...(asked === false ? { none: tag } : {}),
    },
  };
}
