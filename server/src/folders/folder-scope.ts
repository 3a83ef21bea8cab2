import {
  FOLDER_CODES,
  isFolderActionAllowed,
  isPlaceInView,
  placeOfFolder,
  specialCodeOf,
  type Place,
  type ViewScope,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import type { ProviderFolder } from '../provider/folders.gateway';
import { enabledFor, permissionSubject, sideOf } from '../places/permission-subject';

/** The tree query's view, as the scope of the view-scoped tree; null asks for every folder. */
export function scopeOf(query: { view?: ViewScope['view']; archive?: ViewScope['archiveSubState'] }) {
  if (!query.view) return null;
  return { view: query.view, archiveSubState: query.view === 'archives' ? (query.archive ?? null) : null };
}

/**
 * A supplier's own folder only holds its exchange folders: in the sent and received views it is
 * context, so the view opens the folder the deliveries are in.
 */
function holdsExchanges(folder: ProviderFolder, scope: ViewScope): boolean {
  return (
    (scope.view === 'supplierSent' || scope.view === 'supplierRecieved') &&
    specialCodeOf(folder.prettyId)?.code === FOLDER_CODES.suppliers
  );
}

/** A folder's whole path, top first and the folder last, from the visible folders and the hidden ancestors. */
function pathsOver(
  visible: readonly ProviderFolder[],
  hidden: readonly ProviderFolder[],
): (folder: ProviderFolder) => ProviderFolder[] {
  const byId = new Map([...hidden, ...visible].map((f) => [f.id, f]));
  return (folder) => [...folder.ancestorIds.flatMap((id) => byId.get(id) ?? []), folder];
}

/**
 * The folders of one view's tree (SPEC §2): each visible folder whose place (read from its whole
 * path, `hidden` holding the ancestors the user does not see) belongs to the view, and the
 * visible folders above them as context. Returns id → whether the folder is context only.
 */
export function foldersInView(
  user: Pick<AuthUser, 'primaryRole' | 'approvalSteps'>,
  visible: readonly ProviderFolder[],
  hidden: readonly ProviderFolder[],
  scope: ViewScope,
): Map<string, boolean> {
  const pathOf = pathsOver(visible, hidden);
  const side = sideOf(user);
  const approver = {
    approvesAnyStep: user.approvalSteps.length > 0,
    enabledForStep: (place: Place) => enabledFor(user, place.department, place.step),
  };
  const visibleIds = new Set(visible.map((f) => f.id));
  const kept = new Map<string, boolean>();
  for (const folder of visible) {
    if (!isPlaceInView(placeOfFolder(pathOf(folder), side), scope, approver) || holdsExchanges(folder, scope))
      continue;
    kept.set(folder.id, false);
    for (const id of folder.ancestorIds) if (!kept.has(id) && visibleIds.has(id)) kept.set(id, true);
  }
  return kept;
}

/**
 * The folders among `visible` where the user may create a sub-folder (SPEC §3 tree node
 * `canCreate`): each one's place read from its whole path (`hidden` holding the ancestors the user
 * does not see), with the rule `POST /api/folders` checks.
 */
export function creatableFolders(
  user: Pick<AuthUser, 'primaryRole' | 'roles' | 'approvalSteps' | 'department'>,
  visible: readonly ProviderFolder[],
  hidden: readonly ProviderFolder[],
): Set<string> {
  const pathOf = pathsOver(visible, hidden);
  const side = sideOf(user);
  const creatable = new Set<string>();
  for (const folder of visible) {
    const subject = permissionSubject(user, placeOfFolder(pathOf(folder), side), folder.rights, {
      rejected: false,
    });
    if (isFolderActionAllowed('folderCreate', subject)) creatable.add(folder.id);
  }
  return creatable;
}
