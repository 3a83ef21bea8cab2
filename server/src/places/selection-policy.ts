import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  E_CODES,
  isAssetActionAllowed,
  type AssetAction,
  type ECode,
  type ErrorCode,
  type Place,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { CLOCK, systemClock, type Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import { contentFacts, permissionSubject, sideOf } from './permission-subject';
import { PlaceActions, type LookupFailures, type PlaceAndActions } from './place-actions';
import { PublishedReaders } from './published-readers';
import { WorkflowFolders, type PlacedFolder } from './workflow-folders';

/** A selection acted on from a folder: the folder and the assets, each of which must be in it. */
export interface SelectionRequest {
  folderId: string;
  contentIds: string[];
}

/** The selection read with the user's token, once each asset was found in the folder. */
export interface Selection {
  placed: PlacedFolder;
  /** The department of the folder's path, else the user's. */
  department: string | null;
  /** In the order asked. */
  contents: ProviderContentDetail[];
}

/**
 * The caller's codes for the two refusals (each feature names them in its own catalogue): an asset
 * not in the folder (409 for every selection acted on from a folder) and SPEC §6 refusing some.
 */
export interface SelectionRefusals {
  notInFolder: (ids: string[]) => DomainError;
  notAllowed: (view: Place['view'], ids: string[]) => DomainError;
}

export interface ReadOptions {
  /** SPEC §8 code of a failed content look-up (E020 by default). */
  lookupFailed?: ECode;
  /** Read as someone else than the user (the service account for an Undo from the hidden junk). */
  token?: string;
}

export interface CheckOptions {
  /** The place that decides, when the folder's own needs the asset's step (accept, reject). */
  place?: Place;
  /** Contents the user may still undo their own delete of (SPEC §6). */
  ownRecentDeletes?: ReadonlySet<string>;
  /** The user's provider right on the contents does not count (the action changes none of them). */
  withoutProviderRight?: boolean;
}

/**
 * SPEC §6 "may this selection be acted on from here", one policy for every feature: the
 * workflow's actions, tagging, shares, downloads, rename and new versions all ask it.
 */
@Injectable()
export class SelectionPolicy {
  constructor(
    private readonly folders: WorkflowFolders,
    private readonly places: PlaceActions,
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    private readonly readers: PublishedReaders,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The contents as the user may see them, looked at from `folderId` when given: one the user
   * cannot read, or an unpublished one a reader sees only in a channel (PublishedReaders), is not
   * found, and nothing else is done.
   */
  async visibleContents(
    user: AuthUser,
    contentIds: readonly string[],
    folderId?: string,
    failure?: ErrorCode,
    folderFailures: LookupFailures = {},
  ): Promise<ProviderContentDetail[]> {
    const read = await this.contents.contentsByIds(user.providerToken, [...contentIds], failure);
    const found = await this.readers.visible(user, read, folderId, folderFailures);
    // An id asked twice is found once, and refused as before: a request names each asset once.
    if (found.length !== contentIds.length) throw DomainError.notFound('An asset does not exist');
    return found;
  }

  /** The selection, each asset in the folder and `action` allowed for each there, or the caller's refusal. */
  async require(
    user: AuthUser,
    action: AssetAction,
    request: SelectionRequest,
    refusals: SelectionRefusals,
    options: ReadOptions = {},
  ): Promise<Selection> {
    const selection = await this.read(user, request, refusals, options);
    this.check(user, action, selection, refusals);
    return selection;
  }

  /** The folder as the user sees it (NOT_FOUND when hidden), its place, and the assets, each in it. */
  async read(
    user: AuthUser,
    request: SelectionRequest,
    refusals: Pick<SelectionRefusals, 'notInFolder'>,
    { lookupFailed = E_CODES.CONTENT_LOOKUP_ACCEPT_FAILED, token = user.providerToken }: ReadOptions = {},
  ): Promise<Selection> {
    const placed = await this.folders.placed(token, request.folderId, sideOf(user));
    const found = await this.contents.contentsByIds(token, request.contentIds, lookupFailed);
    const byId = new Map(found.map((c) => [c.id, c]));
    const missing = request.contentIds.filter(
      (id) => !byId.get(id)?.linkedCategoryIds.includes(request.folderId),
    );
    if (missing.length) throw refusals.notInFolder(missing);
    return {
      placed,
      department: this.folders.departmentOf(placed, user.department),
      contents: request.contentIds.map((id) => byId.get(id)!),
    };
  }

  /** SPEC §6 `action` for every asset in the place of the folder, and the user's own provider right on each. */
  check(
    user: AuthUser,
    action: AssetAction,
    selection: Selection,
    refusals: Pick<SelectionRefusals, 'notAllowed'>,
    { place = selection.placed.place, ownRecentDeletes, withoutProviderRight = false }: CheckOptions = {},
  ): void {
    const { rights } = selection.placed.folder;
    const now = this.clock.now();
    const refused = selection.contents.filter((c) => {
      const facts = contentFacts(c, now);
      const subject = permissionSubject(user, place, rights, {
        ...facts,
        provider: withoutProviderRight ? undefined : facts.provider,
        ownRecentDelete: ownRecentDeletes?.has(c.id) ?? false,
      });
      return !isAssetActionAllowed(action, subject);
    });
    if (refused.length)
      throw refusals.notAllowed(
        place.view,
        refused.map((c) => c.id),
      );
  }

  /**
   * The contents among `contents` SPEC §6, or the user's own provider right on them, refuses
   * `action` for. Asked from a folder (`folderId`), that folder decides for every content, and one
   * not in it is the caller's `notInFolder` (409, as in `require`); else a content passes when some
   * folder of it the user sees allows it. Each folder is placed once per call.
   */
  async refused(
    user: AuthUser,
    action: AssetAction,
    contents: readonly ProviderContentDetail[],
    folderId: string | undefined,
    notInFolder: SelectionRefusals['notInFolder'],
  ): Promise<string[]> {
    const elsewhere = folderId ? contents.filter((c) => !c.linkedCategoryIds.includes(folderId)) : [];
    if (elsewhere.length) throw notInFolder(elsewhere.map((c) => c.id));
    const now = this.clock.now();
    const looked = new Map<string, Promise<PlaceAndActions | null>>();
    const allowedIn = (folder: string, content: ProviderContentDetail): Promise<boolean> => {
      const facts = contentFacts(content, now);
      const { rejected, step, restricted, provider } = facts;
      const key = [folder, rejected, step, restricted, provider.write, provider.share].join(' ');
      let found = looked.get(key);
      if (!found) {
        found = this.places.ofAsset(user, folder, { linkedCategoryIds: [folder], ...facts });
        looked.set(key, found);
      }
      return found.then((p) => p?.actions[action] === true);
    };
    const refused: string[] = [];
    for (const content of contents) {
      let allowed = false;
      for (const folder of folderId ? [folderId] : content.linkedCategoryIds)
        if ((allowed = await allowedIn(folder, content))) break;
      if (!allowed) refused.push(content.id);
    }
    return refused;
  }
}
