import type { FolderNode, FolderTreeResponse, Language, ViewScope } from '@paddock/rules';
import { request } from './http';

/**
 * The folders the user may see, named in the interface language (the hub falls back to EN); with a
 * scope, only that view's folders and, marked as context, the folders above them.
 */
export function fetchFolderTree(
  language: Language,
  scope: ViewScope | null,
  signal?: AbortSignal,
): Promise<FolderTreeResponse> {
  const query = new URLSearchParams({ lang: language });
  if (scope) query.set('view', scope.view);
  if (scope?.archiveSubState) query.set('archive', scope.archiveSubState);
  return request<FolderTreeResponse>(`/api/folders/tree?${query.toString()}`, { signal });
}

/** One folder with its breadcrumb path, root first. */
export function fetchFolder(id: string, language: Language, signal?: AbortSignal): Promise<FolderNode> {
  return request<FolderNode>(`/api/folders/${encodeURIComponent(id)}?lang=${language}`, { signal });
}

/** A new sub-folder, named the same in IT and EN (SPEC §4 folder management). */
export function createFolder(parentId: string, name: string, language: Language): Promise<FolderNode> {
  return request<FolderNode>(`/api/folders?lang=${language}`, { method: 'POST', body: { parentId, name } });
}

/** A new name (IT and EN) or a new code (prettyId). */
export function updateFolder(
  id: string,
  change: { name: string } | { prettyId: string },
  language: Language,
): Promise<FolderNode> {
  return request<FolderNode>(`/api/folders/${encodeURIComponent(id)}?lang=${language}`, {
    method: 'PATCH',
    body: change,
  });
}

/** Deletes an empty folder (FOLDER_NOT_EMPTY otherwise). */
export function deleteFolder(id: string): Promise<void> {
  return request<void>(`/api/folders/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
