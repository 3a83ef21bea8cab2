import type { InternalShareRequest, SharingFoldersResponse } from '@paddock/rules';
import { request } from './http';

/** `GET /api/shares/folders`: where the user may share assets (SPEC §7 sharing-folder lookup). */
export function fetchSharingFolders(signal?: AbortSignal): Promise<SharingFoldersResponse> {
  return request<SharingFoldersResponse>('/api/shares/folders', { signal });
}

/** `POST /api/shares` (SPEC §4 internal share): the hub checks, queues the job and answers its id. */
export function submitInternalShare(body: InternalShareRequest): Promise<{ jobId: string }> {
  return request<{ jobId: string }>('/api/shares', { method: 'POST', body });
}

/** `POST /api/folders/{id}/publish|unpublish` (SPEC §4 "Folders"), as a job. */
export function submitFolderPublishing(
  folderId: string,
  action: 'publish' | 'unpublish',
): Promise<{ jobId: string }> {
  return request<{ jobId: string }>(`/api/folders/${encodeURIComponent(folderId)}/${action}`, {
    method: 'POST',
    body: {},
  });
}
