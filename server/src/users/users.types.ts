/** One person of the hub's directory, as user search answers it. */
export interface DirectoryEntry {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  department: string | null;
}

export const USER_SEARCH_LIMITS = {
  defaultLimit: 20,
  maxLimit: 50,
  maxSearchLength: 100,
  maxListValues: 50,
} as const;

/** GET /api/users/search, validated. */
export interface UserSearchFilter {
  searchString?: string;
  /** Narrow the result to the owners of assets with these VINs / booking events (AssetPeopleLookup). */
  vins?: string[];
  sfEventIds?: string[];
  limit?: number;
  offset?: number;
}

/** What the repository runs: every term must match one of the searched fields. */
export interface DirectoryQuery {
  terms: string[];
  /** Only these people (a VIN or event filter); none when empty. */
  usernames?: string[];
  limit: number;
  offset: number;
}

export interface DirectoryPage {
  users: DirectoryEntry[];
  totalResults: number;
}

/** A VIN (ISO 3779): 17 characters, digits and capitals without I, O and Q. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
/** A Salesforce-style event id: letters, digits, '-' and '_' (15/18-character ids included). */
export const SF_EVENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The words of a search, each once (case-insensitively), in order. */
export function searchTermsOf(searchString: string | undefined): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const word of (searchString ?? '').trim().split(/\s+/)) {
    const key = word.toLowerCase();
    if (!word || seen.has(key)) continue;
    seen.add(key);
    terms.push(word);
  }
  return terms;
}
