import type { FolderNode, FolderTreeResponse, Language } from '@paddock/rules';
import { request } from './http';

/** The folders the user may see, named in the interface language (the hub falls back to EN). */
export function fetchFolderTree(language: Language, signal?: AbortSignal): Promise<FolderTreeResponse> {
  return request<FolderTreeResponse>(`/api/folders/tree?lang=${language}`, { signal });
}

/** One folder with its breadcrumb path, root first. */
export function fetchFolder(id: string, language: Language, signal?: AbortSignal): Promise<FolderNode> {
  return request<FolderNode>(`/api/folders/${encodeURIComponent(id)}?lang=${language}`, { signal });
}
