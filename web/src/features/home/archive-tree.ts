import { placeOfFolder, type ArchiveSubState, type FolderNode } from '@paddock/rules';

/**
 * Where the Archives view opens when neither the address nor the selected folder says: the
 * department archive, where the approval workflow files the staff's own assets (arch04).
 */
export const DEFAULT_ARCHIVE_SUB_STATE: ArchiveSubState = 'department';

/**
 * The archive sub-state of the folder at the end of `path` (root first), or null when the folder
 * belongs to another view. Only the maker's staff have archives, so the folder is read from their side.
 */
export function archiveSubStateOf(path: readonly FolderNode[]): ArchiveSubState | null {
  const place = placeOfFolder(path, 'maker');
  return place.view === 'archives' ? place.archiveSubState : null;
}
