import { compareNames, folderNameIn, type Language, type SharingFolder } from '@paddock/rules';
import { queryOptions } from '@tanstack/react-query';
import { fetchSharingFolders } from '../../api/shares.api';

export const sharingFolderKeys = { all: ['sharing-folders'] as const };

export function sharingFoldersQueryOptions() {
  return queryOptions({
    queryKey: sharingFolderKeys.all,
    queryFn: ({ signal }) => fetchSharingFolders(signal),
    staleTime: 60_000,
  });
}

/** The folder as the picker shows it: its visible ancestors, then itself, each named as the tree names it. */
export function folderPathLabel(folder: SharingFolder, language: Language): string {
  return [...folder.path, folder].map((place) => folderNameIn(place, language, 'maker')).join(' › ');
}

/** The picker's entries, by path in the language's order, so a folder sits beside its siblings. */
export function pickerEntries(
  folders: readonly SharingFolder[],
  language: Language,
): { folder: SharingFolder; label: string }[] {
  return folders
    .map((folder) => ({ folder, label: folderPathLabel(folder, language) }))
    .sort((a, b) => compareNames(a.label, b.label, language));
}
