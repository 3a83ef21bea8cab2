import type { AssetSortField, AssetTotalResponse, FileExtension, FilterContentType } from '@paddock/rules';
import type { MetadataFilter, ProviderSearchHit } from '../provider/search.gateway';
import type { PageCursor } from './page-cursor';

/** What a listing or search looks for (the query DTO, validated and defaulted). */
export interface AssetFilter {
  folderId?: string;
  subfolders: boolean;
  text?: string;
  types?: FilterContentType[];
  extensions?: FileExtension[];
  metadata?: MetadataFilter[];
}

/** One page of a listing or search. */
export interface AssetListFilter extends AssetFilter {
  sort: AssetSortField;
  descending: boolean;
  /** Where the page starts: a cursor the previous page gave, else `offset`. */
  cursor?: PageCursor;
  offset: number;
  limit: number;
}

/** A page of a listing; `next`: the page is full, so a next one may hold more, from there. */
export interface AssetPage {
  contents: ProviderSearchHit[];
  next?: PageCursor;
}

/** What a search finds in all; `totalIsCapped`: more than `totalResults` match ("10,000+"). */
export type AssetTotal = Pick<AssetTotalResponse, 'totalResults' | 'totalIsCapped'>;
