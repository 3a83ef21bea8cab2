import { Inject, Injectable } from '@nestjs/common';
import {
  BUILTIN_SAVED_SEARCHES,
  SAVED_SEARCH_LIMITS,
  mayReadShared,
  savedSearchOrder,
  type SaveSearchRequest,
  type SavedListingQuery,
  type SavedSearchView,
  type SharedWith,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { savedSearchRefusal as refuse } from './saved-searches.errors';
import {
  SavedSearchesRepository,
  type NamedWrite,
  type StoredSavedSearch,
} from './saved-searches.repository';
import { ShareTargets } from './share-targets';

/** The store a saved search service reads and writes (SavedSearchesRepository, or a fake in unit tests). */
export type SavedSearchStore = Pick<
  SavedSearchesRepository,
  'readableBy' | 'find' | 'countOwned' | 'create' | 'update' | 'share' | 'delete' | 'pinsOf' | 'pin'
>;

const BUILTINS = new Map(BUILTIN_SAVED_SEARCHES.map((b) => [b.id, b]));

/** A built-in as every reader sees it: across the folder listed and its sub-folders. */
function builtinView(id: string, pinned: boolean): SavedSearchView | null {
  const builtin = BUILTINS.get(id);
  if (!builtin) return null;
  return {
    id,
    name: null,
    builtin: true,
    owner: null,
    mine: false,
    pinned,
    query: { only: builtin.only, sub: true },
    sharedWith: { users: [], department: null },
  };
}

function viewOf(user: AuthUser, stored: StoredSavedSearch, pinned: boolean): SavedSearchView {
  const mine = stored.owner === user.username;
  return {
    id: stored.id,
    name: stored.name,
    builtin: false,
    owner: stored.owner,
    mine,
    pinned,
    query: stored.query,
    sharedWith: mine
      ? { users: [...stored.users], department: stored.department }
      : { users: [], department: null },
  };
}

function done<T>(write: NamedWrite<T>, name: string): T {
  if (write.outcome === 'name-taken') throw refuse.nameTaken(name);
  return write.value;
}

/**
 * Saved searches (docs/saved-searches.md): a user keeps a listing's query by name; its owner
 * renames, shares and deletes it, those it is shared with (by name or department) read and pin it;
 * the built-ins are everyone's, read-only. Someone it is not shared with is told it does not exist.
 */
@Injectable()
export class SavedSearchesService {
  constructor(
    @Inject(SavedSearchesRepository) private readonly store: SavedSearchStore,
    @Inject(ShareTargets) private readonly targets: Pick<ShareTargets, 'checked'>,
  ) {}

  /** Pinned first, then the built-ins, the reader's own, and what others share with them. */
  async list(user: AuthUser): Promise<SavedSearchView[]> {
    const [pins, readable] = await Promise.all([
      this.store.pinsOf(user.username),
      this.store.readableBy(user.username, user.department),
    ]);
    const builtins = BUILTIN_SAVED_SEARCHES.map((b) => builtinView(b.id, pins.has(b.id))!);
    const saved = readable.map((s) => viewOf(user, s, pins.has(s.id)));
    return [...builtins, ...saved].sort(savedSearchOrder);
  }

  async get(user: AuthUser, id: string): Promise<SavedSearchView> {
    const pins = await this.store.pinsOf(user.username);
    return builtinView(id, pins.has(id)) ?? viewOf(user, await this.readable(user, id), pins.has(id));
  }

  async save(user: AuthUser, request: SaveSearchRequest): Promise<SavedSearchView> {
    const name = request.name.trim();
    if ((await this.store.countOwned(user.username)) >= SAVED_SEARCH_LIMITS.perOwner)
      throw refuse.limit('saved searches', SAVED_SEARCH_LIMITS.perOwner);
    return viewOf(user, done(await this.store.create(user.username, name, request.query), name), false);
  }

  async update(
    user: AuthUser,
    id: string,
    change: { name?: string; query?: SavedListingQuery },
  ): Promise<SavedSearchView> {
    await this.owned(user, id);
    const name = change.name?.trim();
    const updated = done(await this.store.update(id, { name, query: change.query }), name ?? '');
    return viewOf(user, updated, (await this.store.pinsOf(user.username)).has(id));
  }

  async share(user: AuthUser, id: string, sharing: SharedWith): Promise<SavedSearchView> {
    const stored = await this.owned(user, id);
    const { users, department } = await this.targets.checked(stored.owner, sharing);
    const shared = await this.store.share(id, users, department);
    return viewOf(user, shared, (await this.store.pinsOf(user.username)).has(id));
  }

  async delete(user: AuthUser, id: string): Promise<void> {
    await this.owned(user, id);
    await this.store.delete(id);
  }

  /** Pins or unpins, for the reader alone: a built-in, or a saved search they read. */
  async pin(user: AuthUser, id: string, pinned: boolean): Promise<SavedSearchView> {
    const view = builtinView(id, pinned) ?? viewOf(user, await this.readable(user, id), pinned);
    await this.store.pin(user.username, id, pinned);
    return view;
  }

  /** A saved search the user reads; not found for anyone else, so its existence is not told. */
  private async readable(user: AuthUser, id: string): Promise<StoredSavedSearch> {
    const stored = await this.store.find(id);
    if (!stored || !mayReadShared(stored, user)) throw refuse.notFound();
    return stored;
  }

  /** A saved search its owner changes: a built-in never, a reader is refused, a stranger told nothing. */
  private async owned(user: AuthUser, id: string): Promise<StoredSavedSearch> {
    if (BUILTINS.has(id)) throw refuse.builtin();
    const stored = await this.readable(user, id);
    if (stored.owner !== user.username) throw refuse.notOwner();
    return stored;
  }
}
