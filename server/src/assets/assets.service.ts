import { buffer } from 'node:stream/consumers';
import { Injectable, Inject, Optional } from '@nestjs/common';
import {
  CARD_THUMBNAIL_BOX,
  E_CODES,
  ERROR_CODES,
  carriedRejectionOf,
  contentTypeOf,
  isHiddenMetadataKey,
  labelIn,
  nameIn,
  registryIdOf,
  restrictionOf,
  folderNameIn,
  type AssetDetail,
  type AssetMetadataEntry,
  type ContentType,
  type ErrorCode,
  type Language,
  type MetadataDefinitionSummary,
  type TagSummary,
} from '@paddock/rules';
import { type KeptBytes, matchesEtag } from '../common/byte-stream';
import { CLOCK, systemClock, type Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import type { AuthUser } from '../common/auth-user';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderBytes,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import { ENRICHMENT_GATEWAY, type EnrichmentGateway } from '../provider/enrichment.gateway';
import { ProviderError } from '../common/provider-error';
import { downloadNotAllowed, downloadNotInFolder } from '../downloads/downloads.service';
import { sideOf } from '../places/permission-subject';
import { AssetLookupCache, CardPictureCache } from '../places/listing-cache';
import { PlaceActions, type LookupFailures, type PlaceAndActions } from '../places/place-actions';
import { HeldContents } from '../legal-hold/held-contents';
import { SelectionPolicy } from '../places/selection-policy';
import { isContentType } from './placeholders';
import { isPublished, workflowInfoOf, workflowStateOfContent } from '../places/workflow-info';
import { assetNotInFolder } from './asset-refusals';
import { PersonNames } from '../users/person-names';
import { RejectionChecksRepository } from '../rejection-checklist/rejection-checks.repository';
import { PreflightRepository } from '../preflight/preflight.repository';

/** Rename steps and their failure codes (SPEC §8): IT first, then EN. */
/** SPEC §8: the detail's folder and its place failing to load are E026 and E027. */
const DETAIL_LOOKUP: LookupFailures = {
  folder: E_CODES.DETAIL_FOLDER_FAILED,
  ancestors: E_CODES.DETAIL_PLACE_FAILED,
};

const RENAME_STEPS: { locale: 'IT' | 'EN'; add: ErrorCode; update: ErrorCode }[] = [
  { locale: 'IT', add: E_CODES.RENAME_ADD_IT_FAILED, update: E_CODES.RENAME_UPDATE_IT_FAILED },
  { locale: 'EN', add: E_CODES.RENAME_ADD_EN_FAILED, update: E_CODES.RENAME_UPDATE_EN_FAILED },
];

/** Pre-flight checks whose measured value is the ids of other assets. */
const DUPLICATE_CHECKS: ReadonlySet<string> = new Set(['exactDuplicate', 'nearDuplicate']);

/** Byte endpoints of an asset and the provider file each one streams. */
export const BYTE_KINDS = {
  thumbnail: 'thumb',
  preview: 'preview',
  poster: 'poster',
  proxy: 'proxy',
  original: 'source',
} as const;
export type ByteEndpoint = keyof typeof BYTE_KINDS;

/** One asset: its detail, its rename and its bytes, always through the provider with the user's token. */
@Injectable()
export class AssetsService {
  constructor(
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    @Inject(ENRICHMENT_GATEWAY)
    private readonly enrichment: Pick<EnrichmentGateway, 'productsOfContent' | 'metadataDefinitions'>,
    private readonly places: PlaceActions,
    private readonly policy: SelectionPolicy,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
    // Without the directory (unit tests), who rejected is shown by username.
    @Optional() private readonly people?: PersonNames,
    // Without the hub's database (unit tests), no pre-flight is shown.
    @Optional() private readonly preflights?: PreflightRepository,
    // Without it (unit tests), a carried-over rejection shows no marks.
    @Optional() private readonly checks?: RejectionChecksRepository,
    // Without it (unit tests), every picture looks its asset up.
    @Optional() private readonly kept?: AssetLookupCache,
    // Without it (unit tests), no hold withdraws the new-version action (the upload still checks).
    @Optional() private readonly holds?: HeldContents,
    // Without it (unit tests, a provider the hub cannot hear), each card's thumbnail is read from the provider.
    @Optional() private readonly pictures?: CardPictureCache,
  ) {}

  /** With `folderId` (a folder of the asset the user sees): its place there and the SPEC §6 actions. */
  async detail(user: AuthUser, id: string, lang: Language = 'en', folderId?: string): Promise<AssetDetail> {
    const { content, products, definitions, preflight } = await this.keptFor(
      user,
      ['detail', id, folderId ?? null],
      async () => {
        // Outside a folder the lookup is the cards' own: a detail opened from a grid reads nothing again.
        const content = folderId
          ? await this.content(user, id, E_CODES.CONTENT_LOOKUP_DETAIL_FAILED, folderId, DETAIL_LOOKUP)
          : await this.seen(user, id);
        const [products, definitions, preflight] = await Promise.all([
          this.enrichment.productsOfContent(user.providerToken, id),
          this.definitionsOf(user.providerToken, content),
          this.preflightOf(user, content),
        ]);
        return { content, products, definitions, preflight };
      },
    );
    const plain = toAssetDetail(content, products, definitions, lang, this.clock.now(), sideOf(user));
    const [detail, checklist] = await Promise.all([this.named(plain), this.checklistOf(plain)]);
    detail.preflight = preflight;
    detail.checklist = checklist;
    if (!folderId) return detail;
    const looked = await this.places.ofAsset(
      user,
      folderId,
      {
        linkedCategoryIds: content.linkedCategoryIds,
        rejected: detail.workflow.rejected,
        step: detail.workflow.step,
        restricted: detail.restriction.restricted,
        provider: content.userRights,
      },
      DETAIL_LOOKUP,
    );
    if (!looked) return detail;
    // The original is downloaded where the asset is looked at, so the in-context rule applies.
    const downloadUrl = `${detail.downloadUrl}?folderId=${encodeURIComponent(folderId)}`;
    const placed = { ...detail, ...looked, downloadUrl };
    return looked.actions.updateFile
      ? this.withoutNewVersionWhenHeld(placed, content.linkedCategoryIds)
      : placed;
  }

  /**
   * A held asset takes no new version (its upload would be refused with LEGAL_HOLD_ACTIVE): the
   * detail names the holds' reasons instead of offering the action. Asked only where the action
   * would be offered, so browsing pays nothing for it.
   */
  private async withoutNewVersionWhenHeld(
    detail: AssetDetail & PlaceAndActions,
    linkedCategoryIds: readonly string[],
  ): Promise<AssetDetail & PlaceAndActions> {
    const holds = (await this.holds?.holdsOn([{ id: detail.id, linkedCategoryIds }]))?.get(detail.id);
    if (!holds?.length) return detail;
    return {
      ...detail,
      actions: { ...detail.actions, updateFile: false },
      holdReasons: holds.map((hold) => hold.reason),
    };
  }

  /**
   * The definitions of the metadata the detail shows, asked by key of each classification the
   * content has values in (THRON defines a key per classification; research §4.3).
   */
  private async definitionsOf(token: string, content: ProviderContentDetail) {
    const keysByClassification = new Map<string, string[]>();
    for (const m of visibleMetadataOf(content))
      keysByClassification.set(m.classificationId, [
        ...(keysByClassification.get(m.classificationId) ?? []),
        m.key,
      ]);
    const found = await Promise.all(
      [...keysByClassification].map(([classificationId, keys]) =>
        this.enrichment.metadataDefinitions(token, classificationId, [...new Set(keys)]),
      ),
    );
    return found.flat();
  }

  /** The current version's report; null until its job has judged it. */
  /**
   * The current version's report; null until its job has judged it. The archived duplicates it
   * names are left to the count for whoever may not see them (a supplier does not learn the ids of
   * the maker's archive): only the ones the user's token reads stay listed.
   */
  private async preflightOf(
    user: AuthUser,
    content: ProviderContentDetail,
  ): Promise<AssetDetail['preflight']> {
    const report = await this.preflights?.reportOf(content.id, content.version);
    if (!report) return null;
    const { verdict, results, version, checkedAt, gates } = report;
    const named = results.flatMap((r) =>
      DUPLICATE_CHECKS.has(r.check) && Array.isArray(r.actual) ? r.actual : [],
    );
    const seen = named.length
      ? new Set((await this.contents.contentsByIds(user.providerToken, named.map(String))).map((c) => c.id))
      : new Set<string>();
    const shown = results.map((r) =>
      DUPLICATE_CHECKS.has(r.check) && Array.isArray(r.actual)
        ? { ...r, actual: r.actual.filter((id) => seen.has(String(id))) }
        : r,
    );
    return { verdict, results: shown, version, checkedAt: checkedAt.toISOString(), gates };
  }

  /** The marks on the rejection an earlier version carries to this one, by who set them (issue 27). */
  private async checklistOf(detail: AssetDetail): Promise<AssetDetail['checklist']> {
    const carried = carriedRejectionOf(detail.workflow, detail.version);
    if (!carried) return null;
    const marks = (await this.checks?.marksOf(detail.id, detail.version)) ?? [];
    const names = marks.length && this.people ? await this.people.of(marks.map((m) => m.markedBy)) : null;
    return {
      version: detail.version,
      drawnOn: carried.drawnOn,
      regions: carried.regions.length,
      marks: marks
        .filter((m) => m.region <= carried.regions.length)
        .map((m) => ({
          region: m.region,
          mark: m.mark,
          markedBy: names?.get(m.markedBy) ?? m.markedBy,
          markedAt: m.markedAt.toISOString(),
        })),
    };
  }

  /** Who accepted and who rejected the asset, by the names people know them by (issue 23). */
  private async named(detail: AssetDetail): Promise<AssetDetail> {
    const { acceptedBy, rejectedBy } = detail.workflow;
    const people = [acceptedBy, rejectedBy].filter((u): u is string => !!u);
    if (!people.length || !this.people) return detail;
    const names = await this.people.of(people);
    const nameOf = (u: string | null) => (u ? (names.get(u) ?? u) : u);
    return {
      ...detail,
      workflow: { ...detail.workflow, acceptedBy: nameOf(acceptedBy), rejectedBy: nameOf(rejectedBy) },
    };
  }

  /** SPEC §5: an empty name is ignored; any other is saved in IT and EN (update if the locale exists, else add). */
  async rename(
    user: AuthUser,
    id: string,
    name: string,
    lang: Language = 'en',
    folderId?: string,
  ): Promise<AssetDetail> {
    const trimmed = name.trim();
    const content = await this.content(user, id, E_CODES.CONTENT_LOOKUP_DETAIL_FAILED, folderId);
    if (!trimmed) return this.detail(user, id, lang);
    if ((await this.policy.refused(user, 'rename', [content], folderId, assetNotInFolder)).length)
      throw DomainError.forbidden('You may not rename this asset here');
    const existing = new Set(content.locales.map((l) => l.locale));
    for (const step of RENAME_STEPS)
      if (existing.has(step.locale))
        await this.contents.updateLocale(user.providerToken, id, step.locale, trimmed, step.update);
      else await this.contents.addLocale(user.providerToken, id, step.locale, trimmed, step.add);
    return this.detail(user, id, lang);
  }

  /**
   * The provider's bytes of one file of the asset (Range and If-None-Match passed on). A thumbnail
   * with `size` ('WxH') is the provider's dynamic thumbnail fitted to it (research §7). The original
   * is a download: SPEC §6 "Download" decides, in `folderId` when given (as POST /api/downloads).
   */
  async bytes(
    user: AuthUser,
    id: string,
    endpoint: ByteEndpoint,
    conditions: { range?: string; ifNoneMatch?: string; size?: string; version?: number },
    folderId?: string,
  ): Promise<ProviderBytes | KeptBytes | { placeholder: ContentType }> {
    if (endpoint === 'original') {
      const content = await this.content(user, id, E_CODES.CONTENT_LOOKUP_DETAIL_FAILED, folderId);
      const refused = await this.policy.refused(user, 'download', [content], folderId, downloadNotInFolder);
      if (refused.length) throw downloadNotAllowed(refused);
      return this.rendition(user, id, endpoint, conditions);
    }
    if (endpoint === 'thumbnail' && isCardPicture(conditions) && this.pictures)
      return this.keptThumbnail(this.pictures, user, id, conditions.size, conditions.ifNoneMatch);
    // The provider's ACL alone would give a channel's reader the pictures of what is not published
    // there (SPEC §4 "Folders"): the asset is looked up beside the bytes, so a grid waits no longer.
    const [seen, answer] = await Promise.allSettled([
      this.seen(user, id),
      this.rendition(user, id, endpoint, conditions),
    ]);
    if (seen.status === 'rejected') {
      if (answer.status === 'fulfilled' && 'body' in answer.value) answer.value.body.destroy();
      throw seen.reason;
    }
    if (answer.status === 'rejected') throw answer.reason;
    return answer.value;
  }

  private async rendition(
    user: AuthUser,
    id: string,
    endpoint: ByteEndpoint,
    conditions: { range?: string; ifNoneMatch?: string; size?: string; version?: number },
  ): Promise<ProviderBytes | { placeholder: ContentType }> {
    try {
      if (endpoint === 'thumbnail' && conditions.size) {
        const fitted = await this.contents.thumbnail(user.providerToken, id, conditions.size, conditions);
        // No ETag: the provider's stand-in while no rendition exists; the typed placeholder instead.
        if (fitted.headers.etag || fitted.status === 304) return fitted;
        fitted.body.destroy();
        return await this.placeholderOf(user, id);
      }
      return await this.contents.stream(user.providerToken, id, BYTE_KINDS[endpoint], conditions);
    } catch (error) {
      const placeholderAllowed = endpoint === 'thumbnail' || endpoint === 'preview';
      if (!placeholderAllowed || !(error instanceof ProviderError) || error.code !== ERROR_CODES.NOT_FOUND)
        throw error;
      // No derivative yet (or none possible): a typed placeholder, if the asset is visible at all.
      return this.placeholderOf(user, id);
    }
  }

  /**
   * A card's thumbnail from the bytes kept for everyone (CardPictureCache), once the asset is seen to be
   * visible to the user: the provider is asked once, not once a person (issue 26). Looked up first, not
   * beside the bytes: only someone who may see the asset starts the read that others then share. Until
   * the thumbnail exists, the typed placeholder.
   */
  private async keptThumbnail(
    pictures: CardPictureCache,
    user: AuthUser,
    id: string,
    size: string | undefined,
    ifNoneMatch: string | undefined,
  ): Promise<KeptBytes | { placeholder: ContentType }> {
    const content = await this.seen(user, id);
    let kept: { headers: Record<string, string>; bytes: Buffer };
    try {
      kept = await pictures.read(['thumb', id, content.version, size ?? ''], async () => {
        const answer = size
          ? await this.contents.thumbnail(user.providerToken, id, size, {})
          : await this.contents.stream(user.providerToken, id, BYTE_KINDS.thumbnail, {
              version: content.version,
            });
        // Without an ETag the fitted picture is the provider's stand-in: not kept, the typed placeholder.
        if (size && !answer.headers.etag) {
          answer.body.destroy();
          throw new ProviderError(ERROR_CODES.NOT_FOUND, false, 'No thumbnail yet');
        }
        return { headers: answer.headers, bytes: await buffer(answer.body) };
      });
    } catch (error) {
      if (!(error instanceof ProviderError) || error.code !== ERROR_CODES.NOT_FOUND) throw error;
      return placeholderFor(content);
    }
    const unchanged = kept.headers.etag !== undefined && matchesEtag(ifNoneMatch, kept.headers.etag);
    return { status: unchanged ? 304 : 200, headers: kept.headers, body: unchanged ? null : kept.bytes };
  }

  private async placeholderOf(user: AuthUser, id: string): Promise<{ placeholder: ContentType }> {
    return placeholderFor(await this.seen(user, id));
  }

  /** The asset as the user may see it, for its pictures: a grid asks one a card. */
  private seen(user: AuthUser, id: string): Promise<ProviderContentDetail> {
    return this.keptFor(user, ['seen', id], () =>
      this.content(user, id, E_CODES.CONTENT_LOOKUP_DETAIL_FAILED),
    );
  }

  /**
   * What the provider and the pre-flight answered for the user, kept as the listing pages are
   * (AssetLookupCache), for who the user is, until a change of what anyone sees (contents, their tags and
   * metadata, rights, pre-flight reports); a refusal is never kept.
   */
  private keptFor<T>(user: AuthUser, key: readonly unknown[], compute: () => Promise<T>): Promise<T> {
    if (!this.kept) return compute();
    const { username, roles, department, departmentRestricted, approvalSteps } = user;
    return this.kept.read(
      [username, roles, department, departmentRestricted, approvalSteps, ...key],
      compute,
    );
  }

  /** The asset as the user may see it from `folderId` (SelectionPolicy.visibleContents), else not found. */
  private async content(
    user: AuthUser,
    id: string,
    failure: ErrorCode,
    folderId?: string,
    folderFailures?: LookupFailures,
  ): Promise<ProviderContentDetail> {
    const [found] = await this.policy.visibleContents(user, [id], folderId, failure, folderFailures);
    return found!;
  }
}

/** The metadata the detail shows: all but the keys SPEC §3 hides from display. */
const visibleMetadataOf = (c: ProviderContentDetail) =>
  c.imetadata.filter((m) => !isHiddenMetadataKey(m.key));

/** A value with its definition's type and its name in `lang` (SPEC §3), when the provider defines its key. */
function metadataEntryOf(
  m: ProviderContentDetail['imetadata'][number],
  definitions: readonly MetadataDefinitionSummary[],
  lang: Language,
): AssetMetadataEntry {
  const definition = definitions.find((d) => d.classificationId === m.classificationId && d.key === m.key);
  const name = definition && labelIn(definition.names, lang);
  return {
    classificationId: m.classificationId,
    key: m.key,
    value: m.value,
    ...(definition ? { type: definition.type } : {}),
    ...(name ? { name } : {}),
  };
}

export function toAssetDetail(
  c: ProviderContentDetail,
  products: TagSummary[],
  definitions: readonly MetadataDefinitionSummary[],
  lang: Language,
  now: Date,
  side: 'supplier' | 'maker',
): AssetDetail {
  const type = isContentType(c.contentType)
    ? c.contentType
    : contentTypeOf(c.source?.mimetype, c.sourceExtension);
  const names = {
    IT: c.locales.find((l) => l.locale === 'IT')?.name ?? '',
    EN: c.locales.find((l) => l.locale === 'EN')?.name ?? '',
  };
  // Renditions are cached for minutes: the version in each address makes a new version a new URL.
  const base = `/api/assets/${c.id}`;
  const timeBased = type === 'VIDEO' || type === 'AUDIO';
  const restriction = restrictionOf(c.imetadata, now);
  return {
    id: c.id,
    name: nameIn(c.locales, lang),
    type,
    extension: c.sourceExtension,
    createdAt: c.creationDate,
    updatedAt: c.lastUpdate,
    owner: c.owner,
    thumbnailUrl: `${base}/thumbnail?v=${c.version}`,
    state: c.state,
    workflowState: workflowStateOfContent(c),
    restricted: restriction.restricted,
    published: isPublished(c),
    // The detail names its products; their tags by classification are the enrichment's (SPEC §3).
    products: products.map(({ id, classificationId, names }) => ({ id, classificationId, names })),
    machineOwned: c.ownerType === 'ENGINE',
    availableChannels: c.availableChannels,
    names,
    version: c.version,
    size: c.source?.size ?? 0,
    mimeType: c.source?.mimetype ?? 'application/octet-stream',
    ...(c.source?.width != null ? { width: c.source.width } : {}),
    ...(c.source?.height != null ? { height: c.source.height } : {}),
    ...(c.source?.durationMs != null ? { durationMs: c.source.durationMs } : {}),
    // Named as the tree names them: a supplier reads its exchange folders by direction.
    folders: c.linkedCategories.map((f) => ({ id: f.id, name: folderNameIn(f, lang, side) })),
    metadata: visibleMetadataOf(c).map((m) => metadataEntryOf(m, definitions, lang)),
    tags: c.itags.map((t) => ({
      id: t.id,
      classificationId: t.classificationId,
      label: tagLabelIn(t.names, lang),
    })),
    ...registryIdOf(c.imetadata),
    previewUrl: `${base}/preview?v=${c.version}`,
    ...(type === 'VIDEO' ? { posterUrl: `${base}/poster?v=${c.version}` } : {}),
    ...(timeBased ? { proxyUrl: `${base}/proxy?v=${c.version}` } : {}),
    downloadUrl: `${base}/original`,
    rights: { rename: c.userRights.write, newVersion: c.userRights.write, download: true },
    workflow: workflowInfoOf(c),
    preflight: null,
    checklist: null,
    restriction,
  };
}

/**
 * A tag's label in the interface language itself: tags are the provider's vocabulary (the workflow's
 * Accepted, Refused, Deleted among them) and carry a label per interface language.
 */
export function tagLabelIn(labels: { lang: string; label: string }[], lang: Language): string {
  const own = labels.find((l) => l.lang.toLowerCase() === lang)?.label;
  return (
    own ||
    nameIn(
      labels.map((l) => ({ locale: l.lang, name: l.label })),
      lang,
    )
  );
}

/**
 * A picture a grid shows, kept in memory for everyone: the whole thumbnail, or fitted to the card's box
 * (the summaries' thumbnailUrl). Other boxes and ranges are rarer and read each time.
 */
function isCardPicture(conditions: { size?: string; range?: string }): boolean {
  return !conditions.range && (!conditions.size || conditions.size === CARD_THUMBNAIL_BOX);
}

/** The typed placeholder of an asset without the picture asked for. */
function placeholderFor(content: Pick<ProviderContentDetail, 'contentType'>): { placeholder: ContentType } {
  return { placeholder: isContentType(content.contentType) ? content.contentType : 'DOCUMENT' };
}
