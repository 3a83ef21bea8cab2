import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  SAVED_SEARCH_LIMITS,
  mayReadShared,
  type CollectionView,
  type SharedWith,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { savedSearchRefusal as refuse } from '../saved-searches/saved-searches.errors';
import { ShareTargets } from '../saved-searches/share-targets';
import { SearchService } from '../search/search.service';
import type { AssetListFilter, AssetPage } from '../search/search.types';
import { CollectionsRepository, type CollectionWrite, type StoredCollection } from './collections.repository';

export type CollectionStore = Pick<
  CollectionsRepository,
  | 'readableBy'
  | 'find'
  | 'countOwned'
  | 'create'
  | 'rename'
  | 'share'
  | 'delete'
  | 'itemsOf'
  | 'add'
  | 'remove'
>;

/** A page of a collection's assets: the listing's sort and page, no folder nor filter. */
export type CollectionPage = Pick<AssetListFilter, 'sort' | 'descending' | 'offset' | 'limit' | 'lang'>;

function viewOf(user: AuthUser, stored: StoredCollection): CollectionView {
  const mine = stored.owner === user.username;
  return {
    id: stored.id,
    name: stored.name,
    owner: stored.owner,
    mine,
    size: stored.size,
    sharedWith: mine
      ? { users: [...stored.users], department: stored.department }
      : { users: [], department: null },
  };
}

function done(write: CollectionWrite, name: string): StoredCollection {
  if (write.outcome === 'name-taken') throw refuse.nameTaken(name);
  return write.value;
}

/**
 * Collections (docs/saved-searches.md): assets kept together across folders by id. Its owner
 * names, fills, empties, shares and deletes it; those it is shared with read it. Its assets are
 * listed by the one search of the listing (SearchService), with the reader's own rights: an asset
 * they may not see is never listed, whoever added it. Nothing here deletes an asset.
 */
@Injectable()
export class CollectionsService {
  constructor(
    @Inject(CollectionsRepository) private readonly store: CollectionStore,
    @Inject(ShareTargets) private readonly targets: Pick<ShareTargets, 'checked'>,
    @Inject(SearchService) private readonly search: Pick<SearchService, 'list'>,
  ) {}

  async list(user: AuthUser): Promise<CollectionView[]> {
    return (await this.store.readableBy(user.username, user.department)).map((c) => viewOf(user, c));
  }

  async get(user: AuthUser, id: string): Promise<CollectionView> {
    return viewOf(user, await this.readable(user, id));
  }

  async create(user: AuthUser, name: string): Promise<CollectionView> {
    const trimmed = name.trim();
    if ((await this.store.countOwned(user.username)) >= SAVED_SEARCH_LIMITS.collectionsPerOwner)
      throw refuse.limit('collections', SAVED_SEARCH_LIMITS.collectionsPerOwner);
    return viewOf(user, done(await this.store.create(user.username, trimmed), trimmed));
  }

  async rename(user: AuthUser, id: string, name: string): Promise<CollectionView> {
    await this.owned(user, id);
    const trimmed = name.trim();
    return viewOf(user, done(await this.store.rename(id, trimmed), trimmed));
  }

  async share(user: AuthUser, id: string, sharing: SharedWith): Promise<CollectionView> {
    const stored = await this.owned(user, id);
    const { users, department } = await this.targets.checked(stored.owner, sharing);
    return viewOf(user, await this.store.share(id, users, department));
  }

  /** Deletes the collection and its list of ids; no asset is touched. */
  async delete(user: AuthUser, id: string): Promise<void> {
    await this.owned(user, id);
    await this.store.delete(id);
  }

  /** Adds assets its owner sees now (read with their token); any other refuses the whole request. */
  async add(user: AuthUser, id: string, contentIds: readonly string[]): Promise<CollectionView> {
    const stored = await this.owned(user, id);
    const kept = new Set(await this.store.itemsOf(id));
    const fresh = contentIds.filter((c) => !kept.has(c));
    if (kept.size + fresh.length > SAVED_SEARCH_LIMITS.collectionItemsMax)
      throw refuse.limit('assets in a collection', SAVED_SEARCH_LIMITS.collectionItemsMax);
    if (fresh.length) {
      const seen = await this.search.list(user, {
        ...firstPage(fresh.length),
        subfolders: false,
        contentIds: fresh,
      });
      const visible = new Set(seen.contents.map((c) => c.id));
      const hidden = fresh.filter((c) => !visible.has(c));
      if (hidden.length) throw refuse.assetsNotVisible(hidden);
      await this.store.add(id, fresh, user.username);
    }
    return viewOf(user, { ...stored, size: kept.size + fresh.length });
  }

  /** Takes assets out of the collection; the assets themselves stay where they are. */
  async remove(user: AuthUser, id: string, contentIds: readonly string[]): Promise<CollectionView> {
    await this.owned(user, id);
    await this.store.remove(id, contentIds);
    return viewOf(user, await this.readable(user, id));
  }

  /** A page of the assets it keeps that the reader may see, as the listing shows them. */
  async assets(user: AuthUser, id: string, page: CollectionPage): Promise<AssetPage> {
    await this.readable(user, id);
    const contentIds = await this.store.itemsOf(id);
    return this.search.list(user, { ...page, subfolders: false, contentIds });
  }

  private async readable(user: AuthUser, id: string): Promise<StoredCollection> {
    const stored = await this.store.find(id);
    if (!stored || !mayReadShared(stored, user)) throw refuse.collectionNotFound();
    return stored;
  }

  private async owned(user: AuthUser, id: string): Promise<StoredCollection> {
    const stored = await this.readable(user, id);
    if (stored.owner !== user.username) throw refuse.notOwner();
    return stored;
  }
}

function firstPage(limit: number): CollectionPage {
  return { sort: 'creationDate', descending: true, offset: 0, limit, lang: DEFAULT_LANGUAGE };
}
