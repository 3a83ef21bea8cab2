import { LIMITS, type AssetListResponse, type Language } from '@paddock/rules';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { assetKeys, assetTotalQueryOptions } from '../../api/assets.queries';
import { assetListPath, type AssetFilter, type AssetQuery } from '../../api/assets.api';
import { request } from '../../api/http';

export interface UploadCheckSearch {
  folderId: string;
  /** Exact match on name and tags (SPEC §5), as the listing's search. */
  text: string;
  subfolders: boolean;
}

const filterOf = (search: UploadCheckSearch): AssetFilter => ({
  folderId: search.folderId,
  subfolders: search.subfolders,
  q: search.text,
  types: [],
  extensions: [],
  metadata: [],
});

/** One page (0-based) of the assets matching an upload check, newest first, named in `language`. */
export function uploadCheckQueryOptions(search: UploadCheckSearch, page: number, language: Language) {
  const query: AssetQuery = { ...filterOf(search), sort: 'creationDate', order: 'desc', lang: language };
  return queryOptions({
    // Under the listings key, so a finished upload (which invalidates listings) refreshes it too.
    queryKey: [...assetKeys.lists(), 'uploadCheck', search, page, language] as const,
    queryFn: ({ signal }) =>
      request<AssetListResponse>(
        assetListPath(query, page * LIMITS.uploadCheckPageSize, LIMITS.uploadCheckPageSize),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** How many assets match an upload check (the listing's capped total). */
export function uploadCheckTotalQueryOptions(search: UploadCheckSearch) {
  return assetTotalQueryOptions(filterOf(search));
}
