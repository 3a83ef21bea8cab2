import { randomUUID } from 'node:crypto';
import { ERROR_CODES, SAVED_SEARCH_ERROR_CODES, SAVED_SEARCH_LIMITS } from '@paddock/rules';
import { userOf } from '../../test/support/workflow-factories';
import { ShareTargets } from '../saved-searches/share-targets';
import type { AssetListFilter, AssetPage } from '../search/search.types';
import type { ProviderSearchHit } from '../provider/search.gateway';
import type { StoredCollection } from './collections.repository';
import { CollectionsService, type CollectionStore } from './collections.service';

/** The repository's behaviour in memory: names unique per owner, ids kept once. */
function inMemoryStore() {
  const rows = new Map<string, StoredCollection>();
  const items = new Map<string, string[]>();
  const stored = (id: string) => {
    const row = rows.get(id);
    return row ? { ...row, size: items.get(id)?.length ?? 0 } : null;
  };
  const store: CollectionStore = {
    readableBy: async (username) =>
      [...rows.values()].filter((r) => r.owner === username || r.users.includes(username)),
    find: async (id) => stored(id),
    countOwned: async (owner) => [...rows.values()].filter((r) => r.owner === owner).length,
    create: async (owner, name) => {
      if ([...rows.values()].some((r) => r.owner === owner && r.name === name))
        return { outcome: 'name-taken' };
      const row = { id: randomUUID(), owner, name, users: [], department: null, size: 0 };
      rows.set(row.id, row);
      items.set(row.id, []);
      return { outcome: 'done', value: row };
    },
    rename: async (id, name) => {
      rows.set(id, { ...rows.get(id)!, name });
      return { outcome: 'done', value: stored(id)! };
    },
    share: async (id, users, department) => {
      rows.set(id, { ...rows.get(id)!, users: [...users], department });
      return stored(id)!;
    },
    delete: async (id) => {
      rows.delete(id);
      items.delete(id);
    },
    itemsOf: async (id) => [...(items.get(id) ?? [])],
    add: async (id, contentIds) => {
      items.set(id, [...new Set([...(items.get(id) ?? []), ...contentIds])]);
    },
    remove: async (id, contentIds) => {
      items.set(
        id,
        (items.get(id) ?? []).filter((c) => !contentIds.includes(c)),
      );
    },
  };
  return { store, rows, items };
}

/** The listing's search as a fake: each user sees the contents of `visible`, and the filter asked is kept. */
function fakeSearch(visible: Record<string, string[]>) {
  const asked: AssetListFilter[] = [];
  return {
    asked,
    list: async (user: { username: string }, filter: AssetListFilter): Promise<AssetPage> => {
      asked.push(filter);
      const ids = (filter.contentIds ?? []).filter((id) => visible[user.username]?.includes(id));
      return { contents: ids.map((id) => ({ id }) as ProviderSearchHit), facts: new Map() };
    },
  };
}

const targets = new ShareTargets({
  knownUsers: async (users) => new Set(users),
  knownDepartment: async () => true,
});
const owner = userOf('mario.rossi');
const colleague = userOf('anna.bianchi');
const stranger = userOf('foto.studio');
const [a, b, hidden] = [randomUUID(), randomUUID(), randomUUID()];

let memory: ReturnType<typeof inMemoryStore>;
let search: ReturnType<typeof fakeSearch>;
let service: CollectionsService;
beforeEach(() => {
  memory = inMemoryStore();
  search = fakeSearch({ 'mario.rossi': [a, b], 'anna.bianchi': [a] });
  service = new CollectionsService(memory.store, targets, search);
});

describe('CollectionsService', () => {
  it('keeps assets its owner sees, and refuses the whole request when one is not, adding nothing', async () => {
    const made = await service.create(owner, ' Mostra ');
    expect(made).toMatchObject({ name: 'Mostra', size: 0, mine: true });
    await expect(service.add(owner, made.id, [a, b])).resolves.toMatchObject({ size: 2 });
    await expect(service.add(owner, made.id, [hidden])).rejects.toMatchObject({
      code: ERROR_CODES.NOT_FOUND,
      details: { ids: [hidden] },
    });
    expect(memory.items.get(made.id)).toEqual([a, b]);
    // Added again, nothing is asked nor doubled.
    const asked = search.asked.length;
    await expect(service.add(owner, made.id, [a])).resolves.toMatchObject({ size: 2 });
    expect(search.asked.length).toBe(asked);
  });

  it('lists a reader only what the listing shows them, through the same search', async () => {
    const made = await service.create(owner, 'Mostra');
    await service.add(owner, made.id, [a, b]);
    await service.share(owner, made.id, { users: ['anna.bianchi'], department: null });
    const page = { sort: 'name' as const, descending: false, offset: 0, limit: 50, lang: 'en' as const };
    expect((await service.assets(colleague, made.id, page)).contents.map((c) => c.id)).toEqual([a]);
    expect(search.asked.at(-1)).toMatchObject({ ...page, subfolders: false, contentIds: [a, b] });
    await expect(service.assets(stranger, made.id, page)).rejects.toMatchObject({
      code: ERROR_CODES.NOT_FOUND,
    });
  });

  it('is changed by its owner alone; a reader is refused, a stranger told nothing', async () => {
    const made = await service.create(owner, 'Mostra');
    await service.add(owner, made.id, [a]);
    await service.share(owner, made.id, { users: ['anna.bianchi'], department: null });
    for (const attempt of [
      () => service.add(colleague, made.id, [a]),
      () => service.remove(colleague, made.id, [a]),
      () => service.rename(colleague, made.id, 'x'),
      () => service.delete(colleague, made.id),
    ])
      await expect(attempt()).rejects.toMatchObject({ code: ERROR_CODES.FORBIDDEN });
    await expect(service.delete(stranger, made.id)).rejects.toMatchObject({ code: ERROR_CODES.NOT_FOUND });
    expect(memory.items.get(made.id)).toEqual([a]);
  });

  it('takes an asset out, and is deleted, without a word to the search (no asset is touched)', async () => {
    const made = await service.create(owner, 'Mostra');
    await service.add(owner, made.id, [a, b]);
    const asked = search.asked.length;
    await expect(service.remove(owner, made.id, [a])).resolves.toMatchObject({ size: 1 });
    await service.delete(owner, made.id);
    expect(memory.rows.has(made.id)).toBe(false);
    expect(search.asked.length).toBe(asked);
  });

  it('holds at most SAVED_SEARCH_LIMITS of assets, and names unique per owner', async () => {
    const made = await service.create(owner, 'Mostra');
    memory.items.set(
      made.id,
      Array.from({ length: SAVED_SEARCH_LIMITS.collectionItemsMax }, () => randomUUID()),
    );
    await expect(service.add(owner, made.id, [a])).rejects.toMatchObject({
      code: SAVED_SEARCH_ERROR_CODES.LIMIT_REACHED,
    });
    await expect(service.create(owner, 'Mostra')).rejects.toMatchObject({
      code: SAVED_SEARCH_ERROR_CODES.NAME_TAKEN,
    });
  });
});
