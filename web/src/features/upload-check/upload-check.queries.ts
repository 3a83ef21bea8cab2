import type { AssetListResponse } from '@paddock/rules';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { assetKeys } from '../../api/assets.queries';
import { assetListPath } from '../../api/assets.api';
import { request } from '../../api/http';

/** SPEC §9: the upload check pages its results by 10. */
export const UPLOAD_CHECK_PAGE_SIZE = 10;

export interface UploadCheckSearch {
  folderId: string;
  /** Exact match on name and tags (SPEC §5), as the listing's search. */
  text: string;
  subfolders: boolean;
}

/** One page (0-based) of the assets matching an upload check, newest first. */
export function uploadCheckQueryOptions(search: UploadCheckSearch, page: number) {
  const query = {
    folderId: search.folderId,
    subfolders: search.subfolders,
    q: search.text,
    types: [],
    extensions: [],
    sort: 'creationDate',
    order: 'desc',
  } as const;
  return queryOptions({
    // Under the listings key, so a finished upload (which invalidates listings) refreshes it too.
    queryKey: [...assetKeys.lists(), 'uploadCheck', search, page] as const,
    queryFn: ({ signal }) =>
      request<AssetListResponse>(
        assetListPath(query, page * UPLOAD_CHECK_PAGE_SIZE, UPLOAD_CHECK_PAGE_SIZE),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
