import type { AccessScope } from '../access/access.repository';
import type { FolderRef } from './content-search.types';

/** The folders a search may draw from, and whether they hold few links (content-search.repository.ts). */
export interface FolderScope {
  allowed: string[];
  excluded: string[];
  small: boolean;
}

/** What a folder scope depends on: the caller's groups and junk access, and the folders named. */
export interface FolderScopeQuery {
  scope: AccessScope;
  inFolders: FolderRef[];
  notInFolders: FolderRef[];
}

/** Callers and folder choices of one api process: a bound on memory, far above the day's distinct ones. */
const MAX_ENTRIES = 2_000;
/**
 * `small` counts links, which no trigger watches (contents come and go all day): it picks a plan, never
 * what is seen, so a scope is recomputed after this long to follow a folder that grew.
 */
const PLAN_TTL_MS = 60_000;

/**
 * Folder scopes by caller scope and folders named, each with the access generation it was computed at
 * (provider.access_generation, bumped by every write to category and category_acl): a scope is reused
 * only at the same generation, so rights and the folder tree are never stale, and the recursive rights
 * query runs once per change rather than once per search.
 */
export class FolderScopeCache {
  private readonly entries = new Map<string, { generation: bigint; at: number; scope: FolderScope }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(query: FolderScopeQuery, generation: bigint): FolderScope | undefined {
    const key = keyOf(query);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation === generation && this.now() - entry.at < PLAN_TTL_MS) return entry.scope;
    this.entries.delete(key);
    return undefined;
  }

  set(query: FolderScopeQuery, generation: bigint, scope: FolderScope): void {
    const key = keyOf(query);
    this.entries.delete(key);
    // A Map keeps insertion order: the first key is the one set longest ago.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { generation, at: this.now(), scope });
  }
}

function keyOf({ scope, inFolders, notInFolders }: FolderScopeQuery): string {
  return JSON.stringify([
    [...scope.groupIds].sort(),
    scope.opensJunk,
    inFolders.map((f) => [f.ref, f.cascade]),
    notInFolders.map((f) => [f.ref, f.cascade]),
  ]);
}
