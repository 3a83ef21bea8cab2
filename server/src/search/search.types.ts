import type {
  AssetSortField,
  AssetWorkflowState,
  AssetTotalResponse,
  FileExtension,
  FilterContentType,
  Language,
  ListingOnlyFilter,
} from '@paddock/rules';
import type { MetadataFilter, ProviderSearchHit } from '../provider/search.gateway';
import type { PageCursor } from './page-cursor';

/** What a card shows beyond the search hit (read from the content's detail). */
export interface ContentFacts {
  workflowState: AssetWorkflowState | null;
  /** SPEC §4 derived flags (restrictionOf): the card marks it. */
  restricted: boolean;
  /** SPEC §4 "Folders" (isPublished): the card marks it. */
  published: boolean;
  durationMs?: number;
  /** The current version's pre-flight verdict when it warned or blocked (issue 27). */
  preflightVerdict?: 'warn' | 'block';
  /** Deleted to the junk: when the purge may delete it for good (junkPurgeDueAt), ISO 8601. */
  purgeDueAt?: string;
  /** Listed in the junk: the reasons of the active legal holds that keep it. */
  holdReasons?: string[];
}

/** What a listing or search looks for (the query DTO, validated and defaulted). */
export interface AssetFilter {
  folderId?: string;
  subfolders: boolean;
  text?: string;
  types?: FilterContentType[];
  extensions?: FileExtension[];
  metadata?: MetadataFilter[];
  /** Only contents published with their folder (true), or only the others (false). */
  published?: boolean;
  /** A built-in saved search's question (docs/saved-searches.md). */
  only?: ListingOnlyFilter;
  /** Only these contents (a collection's): what the caller may see of them is listed. */
  contentIds?: readonly string[];
}

/** One page of a listing or search. */
export interface AssetListFilter extends AssetFilter {
  sort: AssetSortField;
  descending: boolean;
  /** Where the page starts: a cursor the previous page gave, else `offset`. */
  cursor?: PageCursor;
  offset: number;
  limit: number;
  /** The interface language the names are shown in. */
  lang: Language;
}

/** A page of a listing; `next`: the page is full, so a next one may hold more, from there. */
export interface AssetPage {
  contents: ProviderSearchHit[];
  /** Per content id, what the search does not return: the workflow state and the running time. */
  facts: ReadonlyMap<string, ContentFacts>;
  next?: PageCursor;
}

/** What a search finds in all; `totalIsCapped`: more than `totalResults` match ("10,000+"). */
export type AssetTotal = Pick<AssetTotalResponse, 'totalResults' | 'totalIsCapped'>;
