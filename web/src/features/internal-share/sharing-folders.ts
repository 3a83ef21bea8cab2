import type { Language, SharingFolder } from '@paddock/rules';
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

/** A name in the user's language, else English, else Italian, else any. */
export function nameIn(names: Record<string, string>, language: Language): string {
  return names[language.toUpperCase()] ?? names.EN ?? names.IT ?? Object.values(names)[0] ?? '';
}

/** The folder as the picker shows it: its visible ancestors, then itself. */
export function folderPathLabel(folder: SharingFolder, language: Language): string {
  return [...folder.path, folder.names].map((names) => nameIn(names, language)).join(' › ');
}
