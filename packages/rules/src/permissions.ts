import { FIXED_FOLDER_IDS, FOLDER_CODES, departmentOfTopFolder } from './folders';
import { primaryRoleOf, type Role } from './roles';
import type { ArchiveSubState, View } from './views';

/**
 * SPEC §6 "Per view" — which action a user may take on an asset, or on folders, in the place they
 * look at it. Defined once: the hub evaluates it on every request (with the view it derives from
 * the folder itself, never the one a browser claims) and the web shows only what it allows.
 */

export const ASSET_ACTIONS = [
  'accept',
  'reject',
  'move',
  'delete',
  'restore',
  'rename',
  'updateFile',
  'download',
  'share',
  'tag',
] as const;
export type AssetAction = (typeof ASSET_ACTIONS)[number];

export const FOLDER_ACTIONS = ['folderCreate', 'folderDelete', 'folderRename'] as const;
export type FolderAction = (typeof FOLDER_ACTIONS)[number];

/** Where an asset is looked at: the view and sub-state of the folder, derived by `placeOfFolder`. */
export interface Place {
  view: View;
  /** Only in the archives view. */
  archiveSubState: ArchiveSubState | null;
  /** The suppliers folder itself (frnt01…): nothing may be uploaded or deleted there (SPEC §5, §6). */
  isSuppliersRoot: boolean;
  /**
   * The department archive itself (arch04-<dept>), not a folder below it: SPEC §6 tags in the
   * archive's subfolders only, where its contents are sorted (a campaign, an event).
   */
  isDepartmentArchiveRoot: boolean;
  /** The approval step N of an appstpN folder, else null. */
  step: number | null;
  /** The department of the special folder that decided the place (lower case), when known. */
  department: string | null;
}

/** A folder on the path from the root, as the hub knows it. */
export interface PathFolder {
  prettyId: string | null;
  isSupplier: boolean;
}

const STEP_CODE = /^appstp(\d+)$/;

/** 'appstp2-marketing' → { code: 'appstp2', department: 'marketing' }; codes of SPEC §3 only. */
export function specialCodeOf(prettyId: string | null): { code: string; department: string | null } | null {
  if (!prettyId) return null;
  const dash = prettyId.indexOf('-');
  const code = dash < 0 ? prettyId : prettyId.slice(0, dash);
  const known = (Object.values(FOLDER_CODES) as string[]).includes(code) || STEP_CODE.test(code);
  if (!known) return null;
  const rest = dash < 0 ? null : prettyId.slice(dash + 1);
  // frnt01-marketing-fotostudio is a supplier's own folder under the suppliers folder.
  return { code, department: rest === null ? null : rest.split('-')[0] || null };
}

/**
 * The department a folder belongs to, from its path (top folder first): the nearest folder with a
 * SPEC §3 special code names it, else a department's top folder (`dept-<department>`). Lower case;
 * null for a folder of no department (the shared archive and its channels).
 */
export function departmentOfPath(path: readonly { prettyId: string | null }[]): string | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const prettyId = path[i]!.prettyId;
    const department = specialCodeOf(prettyId)?.department ?? departmentOfTopFolder(prettyId);
    if (department) return department;
  }
  return null;
}

/**
 * Whether a folder code belongs to the workflow: a SPEC §3 special code (any department) or a fixed
 * folder id. Such codes place folders in the workflow, so no folder is given or loses one by hand.
 */
export function isReservedFolderPrettyId(prettyId: string | null | undefined): boolean {
  if (!prettyId) return false;
  return (
    specialCodeOf(prettyId) !== null ||
    (Object.values(FIXED_FOLDER_IDS) as string[]).includes(prettyId.toLowerCase())
  );
}

/**
 * Whether changing a folder's code from `current` to `next` is refused as reserved (SPEC §3): a
 * special folder keeps its code and no other folder takes one. The hub and the provider both ask.
 */
export function isPrettyIdChangeReserved(current: string | null | undefined, next: string): boolean {
  return next !== current && (isReservedFolderPrettyId(current) || isReservedFolderPrettyId(next));
}

/** Supplier exchange folders read from the side of who looks (SPEC §2): a supplier's or the maker's. */
export function sideOfRole(primaryRole: Role): 'supplier' | 'maker' {
  return primaryRole === 'supplier' ? 'supplier' : 'maker';
}

/**
 * The view and sub-state of a folder, from the nearest special folder on its path (SPEC §3 codes).
 * `path` runs from the top folder down to the folder itself. Supplier exchange folders read from
 * the side of who looks (SPEC §2): the supplier work folder is 'sent' for the supplier and
 * 'received' for the maker; the maker's folders for a supplier the other way round.
 */
export function placeOfFolder(path: readonly PathFolder[], side: 'supplier' | 'maker'): Place {
  const base = {
    isSuppliersRoot: false,
    isDepartmentArchiveRoot: false,
    step: null,
    department: null,
    archiveSubState: null,
  };
  const last = path[path.length - 1];
  if (last?.isSupplier) return supplierPlace(path, side);
  for (let i = path.length - 1; i >= 0; i--) {
    // The shared archive itself, and the sharing channels below it (SPEC §2, §3 fixed ids).
    if (path[i]!.prettyId === FIXED_FOLDER_IDS.sharedArchive)
      return { ...base, view: 'archives', archiveSubState: i < path.length - 1 ? 'channels' : 'shared' };
    const special = specialCodeOf(path[i]!.prettyId);
    if (!special) continue;
    const department = special.department;
    const step = STEP_CODE.exec(special.code);
    if (step) return { ...base, view: 'approver', step: Number(step[1]), department };
    switch (special.code) {
      case FOLDER_CODES.junk:
        return { ...base, view: 'departmentJunk', department };
      case FOLDER_CODES.rejected:
        return { ...base, view: 'rejected', department };
      case FOLDER_CODES.approval:
      case FOLDER_CODES.supplierApproval:
        return { ...base, view: 'approver', department };
      case FOLDER_CODES.enrichment:
        return { ...base, view: 'enrichment', department };
      case FOLDER_CODES.departmentArchive:
        return {
          ...base,
          view: 'archives',
          archiveSubState: 'department',
          department,
          isDepartmentArchiveRoot: i === path.length - 1,
        };
      case FOLDER_CODES.internalShared:
        // The folders below the internally shared folder are the sharing channels (SPEC §2, §6).
        return {
          ...base,
          view: 'archives',
          archiveSubState: i < path.length - 1 ? 'channels' : 'internSharing',
          department,
        };
      default:
        continue;
    }
  }
  return { ...base, view: 'archives', archiveSubState: 'shared' };
}

/**
 * A folder of the suppliers tree: frnt01-<dept> is the suppliers folder, frnt01-<dept>-<supplier>
 * a supplier's own folder, lvrr02… (and below) the supplier work folder where deliveries go to the
 * maker, any other folder there carries what the maker sends the supplier.
 */
function supplierPlace(path: readonly PathFolder[], side: 'supplier' | 'maker'): Place {
  const folder = path[path.length - 1]!;
  const special = specialCodeOf(folder.prettyId);
  const department =
    special?.department ?? path.map((f) => specialCodeOf(f.prettyId)?.department).find(Boolean) ?? null;
  const base = {
    step: null,
    archiveSubState: null,
    department,
    isSuppliersRoot: false,
    isDepartmentArchiveRoot: false,
  };
  if (special?.code === FOLDER_CODES.suppliers) {
    const isRoot = folder.prettyId!.split('-').length <= 2;
    if (isRoot) return { ...base, view: 'supplier', isSuppliersRoot: true };
    return { ...base, view: side === 'supplier' ? 'supplierSent' : 'supplier' };
  }
  const towardsMaker = path.some((f) => specialCodeOf(f.prettyId)?.code === FOLDER_CODES.supplierWork);
  const sent = side === 'supplier' ? towardsMaker : !towardsMaker;
  return { ...base, view: sent ? 'supplierSent' : 'supplierRecieved' };
}

/** The N of an approval step folder (appstpN-<dept>), else null. */
export function approvalStepOf(prettyId: string | null): number | null {
  const special = specialCodeOf(prettyId);
  const step = special ? STEP_CODE.exec(special.code) : null;
  return step ? Number(step[1]) : null;
}

/** What decides a permission besides the place. */
export interface PermissionSubject {
  roles: readonly Role[];
  /** The user's own (default) department, any case; null when the user has none. */
  department: string | null;
  place: Place;
  /** The user's rights on the folder the asset is looked at in (its ACL, SPEC §6). */
  folder: { write: boolean; share: boolean; manage: boolean };
  asset: {
    /** The user is enabled for the approval step the asset is at (SPEC §6 "approvable asset"). */
    enabledForStep: boolean;
    /** The asset carries the refused tag. */
    rejected: boolean;
    /** Embargo active or copyright expired (SPEC §4 derived flags). */
    restricted: boolean;
    /**
     * The user's own rights on the asset at the provider (its token, THRON's content ACL: write
     * needs write on one of its folders and sight of every folder it is in), when the caller read
     * the asset; absent where no asset is at hand (a folder's actions for the web).
     */
    provider?: ProviderRights;
    /**
     * The user sent this asset to the junk themselves, within LIMITS.junkUndoWindowMs: the Undo of
     * their own delete. The hub reads it from its audit record, never from the request.
     */
    ownRecentDelete?: boolean;
  };
}

/** What the provider reports the user may do with a content (`userRights` of its detail). */
export interface ProviderRights {
  write: boolean;
  share: boolean;
}

/**
 * The provider right each action needs on the asset itself, beyond SPEC §6's place rules. The hub
 * acts with its service account, so without this a folder the user writes would let them change a
 * content that also sits where they cannot see (a supplier's delivery once it is archived, issue
 * 21). Accept and reject need none: they are the approval right of the asset's step, and approvers
 * write no step folder; a new version has its own check (docs/security.md); download needs sight,
 * which reading the asset already proved.
 */
export const PROVIDER_RIGHT_OF_ACTION: Record<AssetAction, keyof ProviderRights | null> = {
  accept: null,
  reject: null,
  move: 'write',
  delete: 'write',
  restore: 'write',
  rename: 'write',
  updateFile: null,
  download: null,
  share: 'share',
  tag: 'write',
};

const MOVE_VIEWS: readonly View[] = ['rejected', 'enrichment', 'supplierSent', 'supplierRecieved'];
const DELETE_VIEWS: readonly View[] = [
  'rejected',
  'supplierSent',
  'supplierRecieved',
  'enrichment',
  'departmentJunk',
  'supplier',
];
const TAG_VIEWS: readonly View[] = ['enrichment', 'rejected', 'supplier', 'supplierSent', 'supplierRecieved'];
const DOWNLOAD_VIEWS: readonly View[] = ['archives', 'supplier', 'rejected'];
/** Where an approver enabled for the asset's step rejects it: its step, or the delivery the supplier sent. */
export const REJECT_VIEWS: readonly View[] = ['approver', 'supplierRecieved'];
const FOLDER_WRITE_VIEWS: readonly View[] = ['archives', 'supplier', 'enrichment'];
const FOLDER_SHARE_VIEWS: readonly View[] = ['archives', 'supplier'];

/**
 * Observers look; they never act (SPEC §2 default view approver, read-only), whatever other
 * groups they hold: the department group that makes them a `user` lets them reach its views, not
 * act in them.
 */
function observes(roles: readonly Role[]): boolean {
  return roles.includes('observer');
}

/**
 * SPEC §6 "Admin sees the department junk": the junk view, its listing and what is done in it
 * (restore, delete for good) are an admin's. The web offers the view by this rule, the hub refuses
 * by it.
 */
export function mayOpenView(roles: readonly Role[], view: View): boolean {
  return view !== 'departmentJunk' || roles.includes('admin');
}

/** Whether these roles may tag anywhere (SPEC §6): the wizard's lookups are for them only. */
export function mayTagSomewhere(roles: readonly Role[]): boolean {
  return !observes(roles);
}

/** The actions SPEC §6 denies branch-sharing users on "certain items": see docs/security.md. */
const BRANCH_SHARING_LIMITED: readonly string[] = ['move', 'delete', 'tag'];

/**
 * Where a user acts: in a place of their own department, or of none (the shared archive). SPEC §6
 * counts only the groups of a multi-department user's default department, so the other
 * departments' folders they see are for looking and downloading, as for everyone else (issue 21:
 * such a user shared and published there while tagging refused). Branch-sharing users have no
 * department restriction: they share anywhere they see, and move, delete or tag only in a place of
 * their own department.
 */
function outsideOwnDepartment(
  action: AssetAction | FolderAction | 'folderShare' | 'upload',
  s: Pick<PermissionSubject, 'roles' | 'department' | 'place'>,
): boolean {
  if (action === 'download') return false;
  const own = s.department?.toLowerCase() ?? null;
  const there = s.place.department?.toLowerCase() ?? null;
  if (s.roles.includes('branch-sharing'))
    return BRANCH_SHARING_LIMITED.includes(action) && (own === null || there !== own);
  return own !== null && there !== null && there !== own;
}

/** The SPEC §6 rule of one asset action, and the user's own provider right on the asset. */
export function isAssetActionAllowed(action: AssetAction, s: PermissionSubject): boolean {
  const right = PROVIDER_RIGHT_OF_ACTION[action];
  if (right && s.asset.provider && !s.asset.provider[right]) return false;
  return isAllowedInPlace(action, s);
}

function isAllowedInPlace(action: AssetAction, s: PermissionSubject): boolean {
  const { view, archiveSubState, isSuppliersRoot, isDepartmentArchiveRoot } = s.place;
  const departmentArchive = view === 'archives' && archiveSubState === 'department';
  if (observes(s.roles) && action !== 'download') return false;
  if (outsideOwnDepartment(action, s)) return false;
  // In the junk only the Undo of the user's own delete is left to a non-admin.
  if (!mayOpenView(s.roles, view) && !(action === 'restore' && s.asset.ownRecentDelete)) return false;
  switch (action) {
    case 'accept':
      return view === 'approver' && s.place.step !== null && s.asset.enabledForStep;
    case 'reject':
      // From the supplier view too (SPEC §4): the maker's approver sends a delivery back.
      return REJECT_VIEWS.includes(view) && s.place.step !== null && s.asset.enabledForStep;
    case 'move':
      if (view === 'approver' || view === 'departmentJunk') return false;
      // Elsewhere it "depends on folder ancestry": the write right inherited down the tree.
      return (
        (MOVE_VIEWS.includes(view) || departmentArchive || view === 'supplier' || view === 'archives') &&
        s.folder.write
      );
    case 'delete':
      return (DELETE_VIEWS.includes(view) || departmentArchive) && !isSuppliersRoot && s.folder.write;
    case 'restore':
      return view === 'departmentJunk' && s.folder.write;
    case 'rename':
      return (
        s.folder.write &&
        view !== 'approver' &&
        view !== 'supplierRecieved' &&
        !(view === 'archives' && !departmentArchive)
      );
    case 'updateFile':
      return view === 'rejected' || ((view === 'supplierRecieved' || s.asset.rejected) && s.folder.write);
    case 'download':
      return DOWNLOAD_VIEWS.includes(view) || (view === 'supplierRecieved' && s.folder.share);
    case 'share':
      return view === 'archives' && s.folder.share && !s.asset.restricted;
    case 'tag':
      return (TAG_VIEWS.includes(view) || (departmentArchive && !isDepartmentArchiveRoot)) && s.folder.write;
  }
}

/** A folder a content is linked to, as one user sees it: its path from the top, the user's rights on it. */
export interface ContentFolder {
  path: readonly PathFolder[];
  rights: PermissionSubject['folder'];
}

/**
 * Whether a user may share a content from where it is now: SPEC §6 "Share" (the share flag and the
 * archives view) in some folder of it that the user sees, the content not restricted. A live
 * external share serves a content only while this holds for its owner, evaluated on every
 * recipient's request: a content moved to the junk, the rejected folder or another department's
 * folders, or restricted, leaves every share at once, and comes back if it returns.
 */
export function mayShareContent(
  user: Pick<PermissionSubject, 'roles' | 'department'>,
  folders: readonly ContentFolder[],
  restricted: boolean,
): boolean {
  const side = sideOfRole(primaryRoleOf(user.roles));
  return folders.some((f) =>
    isAssetActionAllowed('share', {
      roles: user.roles,
      department: user.department,
      place: placeOfFolder(f.path, side),
      folder: f.rights,
      // The step and the refused tag decide nothing about sharing.
      asset: { enabledForStep: false, rejected: false, restricted },
    }),
  );
}

export type AssetActions = Record<AssetAction, boolean>;

export function assetActions(s: PermissionSubject): AssetActions {
  return Object.fromEntries(ASSET_ACTIONS.map((a) => [a, isAssetActionAllowed(a, s)])) as AssetActions;
}

/** SPEC §6 table, first two columns: create, delete and rename folders; share. */
export function isFolderActionAllowed(
  action: FolderAction | 'folderShare',
  s: Pick<PermissionSubject, 'roles' | 'department' | 'place' | 'folder'>,
): boolean {
  const { view, archiveSubState } = s.place;
  if (observes(s.roles) || outsideOwnDepartment(action, s)) return false;
  if (action === 'folderShare')
    return (FOLDER_SHARE_VIEWS.includes(view) || archiveSubState === 'channels') && s.folder.share;
  if (archiveSubState === 'channels') return false;
  return FOLDER_WRITE_VIEWS.includes(view) && s.folder.manage;
}

/**
 * SPEC §4 "Folders": what publishing changes. A sharing channel, and the shared archive itself,
 * show their readers the published contents only. A reader there is whoever SPEC §6 would not let
 * publish there whatever the folder's ACL says (roles and place alone, so the hub knows it before
 * it searches): an observer, or someone of another department in a department's channels.
 * `path` runs from the top folder down to the folder.
 */
export function readsPublishedOnly(
  path: readonly PathFolder[],
  user: Pick<PermissionSubject, 'roles' | 'department'>,
): boolean {
  const place = placeOfFolder(path, sideOfRole(primaryRoleOf(user.roles)));
  const showcase =
    place.archiveSubState === 'channels' ||
    path[path.length - 1]?.prettyId === FIXED_FOLDER_IDS.sharedArchive;
  const anyAcl = { write: true, share: true, manage: true };
  return showcase && !isFolderActionAllowed('folderShare', { ...user, place, folder: anyAcl });
}

/** Assets enter these only through the workflow, which also dates what it junks (SPEC §4). */
const NO_UPLOAD_VIEWS: readonly View[] = ['approver', 'rejected', 'departmentJunk'];

/**
 * Where new assets may be uploaded (SPEC §6 "read-only" rows, SPEC §5): never by an observer, never
 * into the suppliers folder, an approval folder, the rejected folder or the junk, and only with
 * write on the folder. Supplier deliveries go to the supplier work folder, which the supplier sees
 * as 'supplierSent'.
 */
export function isUploadAllowed(
  s: Pick<PermissionSubject, 'roles' | 'department' | 'place' | 'folder'>,
): boolean {
  if (observes(s.roles) || s.place.isSuppliersRoot || outsideOwnDepartment('upload', s)) return false;
  return !NO_UPLOAD_VIEWS.includes(s.place.view) && s.folder.write;
}

/** SPEC §2: search is disabled for approvers inside a folder this deep (top folders are depth 1). */
export const APPROVER_SEARCH_MAX_DEPTH = 3;

/** Whether a user may search (a text query) inside a folder at `depth` (top folders are depth 1). */
export function isSearchAllowed(roles: readonly Role[], depth: number): boolean {
  return !roles.includes('approver') || depth < APPROVER_SEARCH_MAX_DEPTH;
}
