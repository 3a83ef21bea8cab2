import type { AssetSortField, FileExtension, FilterContentType, View } from '@paddock/rules';
import { FOLDER_CODES } from '@paddock/rules';
import type { MetadataFilter, ProviderContent } from '../provider/search.gateway';

/** A listing or search as the service sees it (the query DTO, validated and defaulted). */
export interface AssetListFilter {
  folderId?: string;
  subfolders: boolean;
  text?: string;
  types?: FilterContentType[];
  extensions?: FileExtension[];
  metadata?: MetadataFilter[];
  sort: AssetSortField;
  descending: boolean;
  offset: number;
  limit: number;
}

/** A page of a listing; `totalIsCapped`: more than `totalResults` match. */
export interface AssetPage {
  contents: ProviderContent[];
  totalResults: number;
  totalIsCapped: boolean;
}

/**
 * The views counted for the `user` role (SPEC §6) and the department folder each one shows, by
 * its SPEC §3 code: the count is every asset in that folder and its sub-folders.
 */
export const COUNTED_VIEW_FOLDERS: Partial<Record<View, string>> = {
  archives: FOLDER_CODES.departmentArchive,
  enrichment: FOLDER_CODES.enrichment,
  rejected: FOLDER_CODES.rejected,
  supplier: FOLDER_CODES.suppliers,
  departmentJunk: FOLDER_CODES.junk,
};
