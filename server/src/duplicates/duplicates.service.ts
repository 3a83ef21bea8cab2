import { Inject, Injectable } from '@nestjs/common';
import {
  mayReviewDuplicates,
  type DuplicateAsset,
  type DuplicateDecisionRequest,
  type DuplicateDecisionResponse,
  type DuplicateGroup,
  type DuplicatePair,
  type DuplicateReviewState,
  type FileFingerprint,
  type FileMatches,
  type Language,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { DomainError } from '../common/domain-error';
import { EnrichmentService } from '../enrichment/enrichment.service';
import { departmentOfContent } from '../places/content-department';
import { WorkflowFolders } from '../places/workflow-folders';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import { toAssetSummary } from '../search/search.dto';
import { PersonNames } from '../users/person-names';
import { DuplicatePairsRepository } from '../preflight/duplicate-pairs.repository';
import { ASSET_JUNK, type AssetJunk } from './asset-junk';
import { FingerprintsRepository } from '../preflight/fingerprints.repository';

const alreadyDecided = () => DomainError.invalid('This pair was already decided: undo it first');

/** A content the user reads, with a folder (outside the junk) to act from. */
interface Shown {
  content: ProviderContentDetail;
  folderId: string;
}

/** Pairs read for one review: the newest found, enough for a working session's groups. */
const REVIEW_PAIRS = 500;
/**
 * Pairs read at most to fill one review: the pairs are the whole organisation's, the user reads
 * some departments' only, so the review reads on, a batch at a time, until it has REVIEW_PAIRS of
 * the user's or has read this many.
 */
const REVIEW_PAIRS_READ_MAX = 5_000;

/** The groups the pairs make: assets linked by any pair, each group's pairs beside it. */
export function groupsOf(pairs: DuplicatePair[]): { ids: string[]; pairs: DuplicatePair[] }[] {
  const parent = new Map<string, string>();
  const root = (id: string): string => {
    let r = id;
    while (parent.get(r) !== r) r = parent.get(r) ?? r;
    parent.set(id, r);
    return r;
  };
  for (const { a, b } of pairs) {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    parent.set(root(a), root(b));
  }
  const groups = new Map<string, { ids: string[]; pairs: DuplicatePair[] }>();
  for (const pair of pairs) {
    const key = root(pair.a);
    const group = groups.get(key) ?? { ids: [], pairs: [] };
    for (const id of [pair.a, pair.b]) if (!group.ids.includes(id)) group.ids.push(id);
    group.pairs.push(pair);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Duplicates with a memory (issue 27 point 2): the pairs the pre-flight found, shown as groups to
 * the people who keep the archive, each pair decided once. Only pairs whose two assets the user's
 * own token reads are shown or decided; "same" sends the other asset to the junk through the
 * workflow's delete, with every check that delete makes.
 */
@Injectable()
export class DuplicatesService {
  constructor(
    private readonly pairs: DuplicatePairsRepository,
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    private readonly places: WorkflowFolders,
    @Inject(ASSET_JUNK) private readonly junk: AssetJunk,
    private readonly enrichment: EnrichmentService,
    private readonly people: PersonNames,
    private readonly fingerprints: FingerprintsRepository,
  ) {}

  /**
   * The upload check by content (SPEC §2 dialog, issue 27): for each file about to be uploaded,
   * the assets the user reads that have its bytes or a similar picture; an asset only in the junk
   * is not offered as a copy to keep.
   */
  async check(user: AuthUser, files: FileFingerprint[], lang: Language): Promise<FileMatches[]> {
    const found = await Promise.all(files.map((file) => this.fingerprints.matchesOf(file)));
    const seen = await this.shown(
      user,
      found.flat().map((m) => m.otherId),
    );
    return files.map((file, i) => {
      const matches = found[i]!.filter((m) => seen.has(m.otherId));
      const asset = (id: string) => this.assetOf(seen.get(id)!, lang);
      return {
        name: file.name,
        exact: matches.filter((m) => m.match === 'exact').map((m) => asset(m.otherId)),
        near: matches
          .filter((m) => m.match === 'near')
          .sort((x, y) => x.distance - y.distance)
          .map((m) => ({ ...asset(m.otherId), distance: m.distance })),
      };
    });
  }

  async review(user: AuthUser, state: DuplicateReviewState, lang: Language): Promise<DuplicateGroup[]> {
    this.mayReview(user);
    const read = (offset: number) =>
      state === 'open'
        ? this.pairs.undecided(REVIEW_PAIRS, offset)
        : this.pairs.setAside(REVIEW_PAIRS, offset);
    const seen = new Map<string, Shown>();
    const looked = new Set<string>();
    const shown: DuplicatePair[] = [];
    for (
      let offset = 0;
      shown.length < REVIEW_PAIRS && offset < REVIEW_PAIRS_READ_MAX;
      offset += REVIEW_PAIRS
    ) {
      const batch = await read(offset);
      const unseen = [...new Set(batch.flatMap((p) => [p.a, p.b]))].filter((id) => !looked.has(id));
      for (const id of unseen) looked.add(id);
      for (const [id, asset] of await this.shown(user, unseen)) seen.set(id, asset);
      shown.push(...batch.filter((p) => seen.has(p.a) && seen.has(p.b)));
      if (batch.length < REVIEW_PAIRS) break;
    }
    const groups = groupsOf(shown.slice(0, REVIEW_PAIRS));
    if (state === 'open') {
      // What was said before inside a group stays beside the new question (a new similar asset joined it).
      const decided = await this.pairs.decidedAmong(groups.flatMap((g) => g.ids));
      for (const group of groups)
        group.pairs.push(...decided.filter((p) => group.ids.includes(p.a) && group.ids.includes(p.b)));
    }
    const named = await this.named(groups.flatMap((g) => g.pairs));
    return groups.map((group) => ({
      assets: group.ids.map((id) => this.assetOf(seen.get(id)!, lang)),
      pairs: group.pairs.map(named),
    }));
  }

  async decide(user: AuthUser, body: DuplicateDecisionRequest): Promise<DuplicateDecisionResponse> {
    this.mayReview(user);
    const { pair, contents } = await this.visiblePair(user, body.a, body.b);
    if (pair.decision) throw alreadyDecided();
    this.inOwnDepartment(user, [...contents.values()]);
    if (body.decision !== 'same') {
      const decided = await this.pairs.decide(pair.a, pair.b, body.decision, null, user.username);
      if (!decided) throw alreadyDecided();
      return { pair: (await this.named([decided]))(decided), jobId: null, mergeJobId: null };
    }
    const kept = body.keep;
    if (kept !== pair.a && kept !== pair.b)
      throw DomainError.invalid('"keep" must be one of the two assets of the pair', [{ field: 'keep' }]);
    if (!body.folderId)
      throw DomainError.invalid('"folderId" is needed to send the other asset to the junk', [
        { field: 'folderId' },
      ]);
    if (body.merge && !body.keptFolderId)
      throw DomainError.invalid('"keptFolderId" is needed to merge into the kept asset', [
        { field: 'keptFolderId' },
      ]);
    // Keeping an asset already sent to the junk as a copy of a third would junk the whole chain.
    if ((await this.pairs.junkedAsSame([pair.a, pair.b])).length)
      throw DomainError.invalid('One of the two was already sent to the junk as the same as another asset');
    const other = kept === pair.a ? pair.b : pair.a;
    // Every check before anything is submitted: a refused merge or delete changes nothing.
    const merge =
      body.merge && body.keptFolderId
        ? await this.enrichment.copyOnto(
            user,
            { contentId: kept, folderId: body.keptFolderId },
            contents.get(other)!,
          )
        : null;
    // The pair is claimed first: of two reviewers deciding it at once, one sends an asset to the junk.
    const decided = await this.pairs.decide(pair.a, pair.b, 'same', kept, user.username);
    if (!decided) throw alreadyDecided();
    let jobId: string;
    try {
      ({ jobId } = await this.junk.delete(user, { contentIds: [other], folderId: body.folderId }));
    } catch (refused) {
      await this.pairs.reopen(pair.a, pair.b);
      throw refused;
    }
    const mergeJobId = merge ? (await merge()).jobId : null;
    return { pair: (await this.named([decided]))(decided), jobId, mergeJobId };
  }

  /**
   * Undo of "not duplicates" or "alternates"; and of "the same" once both assets are out of the
   * junk again (its junk job failed, or the asset was restored): the pair is proposed again.
   */
  async undo(user: AuthUser, x: string, y: string): Promise<DuplicatePair> {
    this.mayReview(user);
    const { pair, contents } = await this.visiblePair(user, x, y);
    if (!pair.decision) throw DomainError.invalid('This pair has no decision to undo');
    if (pair.decision === 'same' && (await this.shown(user, [pair.a, pair.b])).size < 2)
      throw DomainError.invalid(
        'An asset sent to the junk as the same is brought back by restoring it from the junk',
      );
    this.inOwnDepartment(user, [...contents.values()]);
    return this.pairs.reopen(pair.a, pair.b);
  }

  /**
   * A decision silences a pair for everyone: it is for the people of the assets' department (SPEC
   * §6, as tagging), not for whoever reads them through a channel or the shared archive. A user
   * of no department decides anywhere.
   */
  private inOwnDepartment(user: AuthUser, contents: ProviderContentDetail[]): void {
    const own = user.department?.toLowerCase();
    if (!own) return;
    const foreign = contents.some((content) => {
      const there = departmentOfContent(content, null);
      return there !== null && there !== own;
    });
    if (foreign)
      throw DomainError.forbidden("Another department's possible duplicates are decided by its people");
  }

  /** Who decided each pair by the name people know them by (issue 23), as the rest of the portal says it. */
  private async named(pairs: DuplicatePair[]): Promise<(pair: DuplicatePair) => DuplicatePair> {
    const names = await this.people.of(pairs.flatMap((p) => (p.decidedBy ? [p.decidedBy] : [])));
    return (pair) =>
      pair.decidedBy ? { ...pair, decidedBy: names.get(pair.decidedBy) ?? pair.decidedBy } : pair;
  }

  private mayReview(user: AuthUser): void {
    if (!mayReviewDuplicates(user.roles))
      throw DomainError.forbidden('Reviewing duplicates is not for this role');
  }

  /** The pair and its two contents, when it exists and the user reads both; else not found (nothing said about it). */
  private async visiblePair(
    user: AuthUser,
    x: string,
    y: string,
  ): Promise<{ pair: DuplicatePair; contents: Map<string, ProviderContentDetail> }> {
    const pair = x === y ? null : await this.pairs.find(x, y);
    const contents = pair ? await this.readable(user, [pair.a, pair.b]) : new Map();
    if (!pair || contents.size < 2) throw DomainError.notFound('No such pair of possible duplicates');
    return { pair, contents };
  }

  /**
   * The contents among `ids` the user's token reads, each with a folder to act from. An asset only
   * in the junk is on its way out (kept as "the same" as another, or deleted): no question about it.
   */
  private async shown(user: AuthUser, ids: string[]): Promise<Map<string, Shown>> {
    const shown = new Map<string, Shown>();
    for (const [id, content] of await this.readable(user, ids)) {
      const folderId = await this.places.firstFolderIn(
        content.linkedCategoryIds,
        (view) => view !== 'departmentJunk',
      );
      if (folderId) shown.set(id, { content, folderId });
    }
    return shown;
  }

  /** The contents among `ids` the user's token reads, by id. */
  private async readable(user: AuthUser, ids: string[]): Promise<Map<string, ProviderContentDetail>> {
    const unique = [...new Set(ids)];
    const found = unique.length ? await this.contents.contentsByIds(user.providerToken, unique) : [];
    return new Map(found.map((c) => [c.id, c]));
  }

  private assetOf({ content, folderId }: Shown, lang: Language): DuplicateAsset {
    const summary = toAssetSummary(
      {
        id: content.id,
        contentType: content.contentType,
        extension: content.sourceExtension,
        locales: content.locales.map((l) => ({ ...l, description: l.description ?? '' })),
        createdAt: content.creationDate,
        updatedAt: content.lastUpdate,
        ownerUsername: content.userId,
        ownerFullName: content.owner,
        version: content.version,
        state: content.state,
      },
      lang,
    );
    return { ...summary, folderId };
  }
}
