import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  FOLDER_CODES,
  departmentOfTopFolder,
  departmentTopFolderPrettyId,
  folderNameIn,
  mayHoldDepartment,
  mayManageLegalHolds,
  nameIn,
  type Language,
  type LegalHoldScope,
  type LegalHoldView,
  type PlaceLegalHoldRequest,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { CLOCK, systemClock, type Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import { sideOf } from '../places/permission-subject';
import { WorkflowFolders } from '../places/workflow-folders';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { HeldContents } from './held-contents';
import { LEGAL_HOLD_PAGE_SIZE } from './legal-hold.dto';
import { legalHoldRefusal as refuse } from './legal-hold.errors';
import { LegalHoldRepository, type LegalHoldRecord, type LegalHoldState } from './legal-hold.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEPARTMENT = /^[a-z0-9]{1,40}$/i;

/** Each scope's targets as a request may name them, checked before anything is looked up. */
function checkTargets(scope: LegalHoldScope, ids: readonly string[]): void {
  const pattern = scope === 'asset' ? UUID : scope === 'department' ? DEPARTMENT : null;
  const bad = pattern ? ids.filter((id) => !pattern.test(id)) : [];
  if (bad.length)
    throw DomainError.invalid(
      scope === 'asset' ? 'An asset is named by its content id' : 'A department is named by its code',
      { targetIds: bad },
    );
}

/**
 * Administrators place, list and release legal holds. A hold is placed on what its administrator
 * sees (an asset or a folder read with their token, a department they administer); a release keeps
 * the record. Destructive paths ask HeldContents, not this service.
 */
@Injectable()
export class LegalHoldService {
  constructor(
    private readonly holds: LegalHoldRepository,
    private readonly held: HeldContents,
    @Inject(CONTENTS_GATEWAY) private readonly contents: Pick<ContentsGateway, 'contentsByIds'>,
    @Inject(FOLDERS_GATEWAY) private readonly folders: Pick<FoldersGateway, 'foldersByIds'>,
    @Inject(WorkflowFolders) private readonly places: Pick<WorkflowFolders, 'special'>,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  async list(
    user: AuthUser,
    state: LegalHoldState,
    offset: number,
    lang: Language = DEFAULT_LANGUAGE,
  ): Promise<{ items: LegalHoldView[]; hasMore: boolean }> {
    this.requireManager(user);
    const page = await this.holds.list(state, offset, LEGAL_HOLD_PAGE_SIZE);
    return { items: await this.views(user, page.holds, lang), hasMore: page.hasMore };
  }

  /** One hold per target, all or none, each on what the administrator may hold. */
  async place(
    user: AuthUser,
    request: PlaceLegalHoldRequest,
    lang: Language = DEFAULT_LANGUAGE,
  ): Promise<LegalHoldView[]> {
    this.requireManager(user);
    checkTargets(request.scope, request.targetIds);
    const reason = request.reason.trim();
    const targetIds = await this.holdable(user, request.scope, request.targetIds);
    const placed = await this.holds.place(
      targetIds.map((targetId) => ({ scope: request.scope, targetId, reason })),
      user.username,
    );
    return this.views(user, placed, lang);
  }

  async release(user: AuthUser, id: string, lang: Language = DEFAULT_LANGUAGE): Promise<LegalHoldView> {
    this.requireManager(user);
    const hold = await this.holds.find(id);
    if (!hold) throw DomainError.notFound('No such legal hold');
    await this.holdable(user, hold.scope, [hold.targetId]);
    if (!(await this.holds.release(id, user.username, this.clock.now()))) throw refuse.alreadyReleased();
    const released = await this.holds.find(id);
    const [view] = await this.views(user, released ? [released] : [], lang);
    return view!;
  }

  /** The active holds that keep an asset the administrator sees: on it, its folders or its department. */
  async holdsOfAsset(
    user: AuthUser,
    id: string,
    lang: Language = DEFAULT_LANGUAGE,
  ): Promise<LegalHoldView[]> {
    this.requireManager(user);
    const [content] = await this.contents.contentsByIds(user.providerToken, [id]);
    if (!content) throw DomainError.notFound('No such asset');
    const holds = (await this.held.holdsOnIds([content.id])).get(content.id) ?? [];
    return this.views(user, holds, lang);
  }

  private requireManager(user: AuthUser): void {
    if (!mayManageLegalHolds(user)) throw refuse.notManager();
  }

  /**
   * The targets as they are kept (a folder by its id, a department in lower case), each one the
   * user may hold: assets and folders they see (NOT_FOUND otherwise), departments they administer.
   */
  private async holdable(user: AuthUser, scope: LegalHoldScope, ids: readonly string[]): Promise<string[]> {
    if (scope === 'asset') {
      const seen = new Set(
        (await this.contents.contentsByIds(user.providerToken, [...ids])).map((c) => c.id),
      );
      if (ids.some((id) => !seen.has(id))) throw DomainError.notFound('An asset is not visible');
      return [...ids];
    }
    if (scope === 'folder') {
      const found = await this.folders.foldersByIds(user.providerToken, [...ids]);
      if (found.length !== ids.length) throw DomainError.notFound('A folder is not visible');
      return [...new Set(found.map((f) => f.id))];
    }
    const departments = [...new Set(ids.map((id) => id.toLowerCase()))];
    if (departments.some((d) => !mayHoldDepartment(user, d))) throw refuse.otherDepartment();
    for (const department of departments)
      if (!(await this.places.special(FOLDER_CODES.departmentArchive, department)))
        throw DomainError.notFound(`No department ${department}`);
    return departments;
  }

  /** The holds for the wire, each target named as the user sees it (null where they do not). */
  private async views(
    user: AuthUser,
    holds: readonly LegalHoldRecord[],
    lang: Language,
  ): Promise<LegalHoldView[]> {
    const of = (scope: LegalHoldScope) => [
      ...new Set(holds.filter((h) => h.scope === scope).map((h) => h.targetId)),
    ];
    const assets = of('asset');
    const folderIds = [...of('folder'), ...of('department').map(departmentTopFolderPrettyId)];
    const names = new Map<string, string>();
    if (assets.length)
      for (const c of await this.contents.contentsByIds(user.providerToken, assets))
        names.set(`asset:${c.id}`, nameIn(c.locales, lang));
    if (folderIds.length)
      for (const f of await this.folders.foldersByIds(user.providerToken, folderIds)) {
        const name = folderNameIn(f, lang, sideOf(user));
        names.set(`folder:${f.id}`, name);
        const department = departmentOfTopFolder(f.prettyId);
        if (department) names.set(`department:${department}`, name);
      }
    return holds.map((h) => ({
      id: h.id,
      scope: h.scope,
      targetId: h.targetId,
      targetName: names.get(`${h.scope}:${h.targetId}`) ?? null,
      reason: h.reason,
      placedBy: h.placedBy,
      placedAt: h.placedAt.toISOString(),
      releasedBy: h.releasedBy,
      releasedAt: h.releasedAt?.toISOString() ?? null,
    }));
  }
}
