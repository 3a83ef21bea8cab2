import type { Place } from './permissions';
import type { ArchiveSubState, View } from './views';

/** What one main-area view shows in its folder tree (SPEC §2): the view, and in Archives its sub-state. */
export interface ViewScope {
  view: View;
  /** Only in the archives view; null there means every archive folder. */
  archiveSubState: ArchiveSubState | null;
}

/** The supplier views of the maker's staff: the suppliers folder holds both directions. */
const MAKER_SUPPLIER_VIEWS: readonly View[] = ['supplier', 'supplierSent', 'supplierRecieved'];

/**
 * Whether a folder, by its place, belongs to a view's tree. `enabledForStep` says whether the
 * user approves at the folder's step; the approver view shows the step folders the user approves
 * at, or every step folder to a user who approves at none (an observer looks at all of them).
 */
export function isPlaceInView(
  place: Place,
  scope: ViewScope,
  approver: { approvesAnyStep: boolean; enabledForStep: (place: Place) => boolean },
): boolean {
  switch (scope.view) {
    case 'archives':
      return (
        place.view === 'archives' &&
        (scope.archiveSubState === null || place.archiveSubState === scope.archiveSubState)
      );
    case 'approver':
      return (
        place.view === 'approver' &&
        place.step !== null &&
        (!approver.approvesAnyStep || approver.enabledForStep(place))
      );
    case 'supplier':
      return MAKER_SUPPLIER_VIEWS.includes(place.view);
    default:
      return place.view === scope.view;
  }
}
