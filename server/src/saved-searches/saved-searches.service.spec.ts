import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  SAVED_SEARCH_ERROR_CODES,
  SAVED_SEARCH_LIMITS,
  type SavedListingQuery,
} from '@paddock/rules';
import { userOf } from '../../test/support/workflow-factories';
import type { StoredSavedSearch } from './saved-searches.repository';
import { SavedSearchesService, type SavedSearchStore } from './saved-searches.service';
import { ShareTargets } from './share-targets';

/** The store as the repository behaves, in memory: names unique per owner, pins per user. */
function inMemoryStore() {
  const rows = new Map<string, StoredSavedSearch>();
  const pins = new Set<string>();
  const taken = (owner: string, name: string, except?: string) =>
    [...rows.values()].some((r) => r.owner === owner && r.name === name && r.id !== except);
  const store: SavedSearchStore = {
    readableBy: async (username, department) =>
      [...rows.values()].filter(
        (r) =>
          r.owner === username ||
          r.users.includes(username) ||
          (!!department && r.department === department.toLowerCase()),
      ),
    find: async (id) => rows.get(id) ?? null,
    countOwned: async (owner) => [...rows.values()].filter((r) => r.owner === owner).length,
    create: async (owner, name, query) => {
      if (taken(owner, name)) return { outcome: 'name-taken' };
      const row = { id: randomUUID(), owner, name, query, users: [], department: null };
      rows.set(row.id, row);
      return { outcome: 'done', value: row };
    },
    update: async (id, change) => {
      const row = rows.get(id)!;
      if (change.name !== undefined && taken(row.owner, change.name, id)) return { outcome: 'name-taken' };
      const next = {
        ...row,
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.query ? { query: change.query } : {}),
      };
      rows.set(id, next);
      return { outcome: 'done', value: next };
    },
    share: async (id, users, department) => {
      const next = { ...rows.get(id)!, users: [...users], department };
      rows.set(id, next);
      return next;
    },
    delete: async (id) => {
      rows.delete(id);
      for (const pin of [...pins]) if (pin.endsWith(`|${id}`)) pins.delete(pin);
    },
    pinsOf: async (username) =>
      new Set([...pins].filter((p) => p.startsWith(`${username}|`)).map((p) => p.split('|')[1])),
    pin: async (username, searchId, pinned) => {
      if (pinned) pins.add(`${username}|${searchId}`);
      else pins.delete(`${username}|${searchId}`);
    },
  };
  return { store, rows, pins };
}

const DIRECTORY = new Map([
  ['mario.rossi', 'MARKETING'],
  ['anna.bianchi', 'MARKETING'],
  ['paola.neri', 'MARKETING'],
  ['dina.design', 'DESIGN'],
]);
const targets = new ShareTargets({
  knownUsers: async (users) => new Set(users.filter((u) => DIRECTORY.has(u))),
  knownDepartment: async (d) => [...DIRECTORY.values()].some((v) => v.toLowerCase() === d.toLowerCase()),
});

const owner = userOf('mario.rossi');
const colleague = userOf('anna.bianchi');
const stranger = userOf('foto.studio');
const query: SavedListingQuery = {
  folder: 'f-1',
  q: 'Mustang',
  sub: true,
  sort: 'name',
  order: 'asc',
  type: 'IMAGE',
};

let memory: ReturnType<typeof inMemoryStore>;
let service: SavedSearchesService;
beforeEach(() => {
  memory = inMemoryStore();
  service = new SavedSearchesService(memory.store, targets);
});

describe('SavedSearchesService', () => {
  it('saves a query by its trimmed name and lists it with the built-ins, which everyone reads', async () => {
    const saved = await service.save(owner, { name: '  Mustang  ', query });
    expect(saved).toMatchObject({ name: 'Mustang', mine: true, builtin: false, query, pinned: false });
    const listed = await service.list(owner);
    // The built-ins first (by id), then the reader's own.
    expect(listed.map((s) => s.query.only ?? s.name)).toEqual([
      'missingMandatory',
      'possibleDuplicates',
      'preflightFailed',
      'rightsEnding',
      'Mustang',
    ]);
    expect(listed.map((s) => s.id)).toContain(saved.id);
    expect((await service.list(stranger)).every((s) => s.builtin)).toBe(true);
  });

  it('refuses a second search of the same name, and more than the owner may keep', async () => {
    await service.save(owner, { name: 'Mustang', query });
    await expect(service.save(owner, { name: 'Mustang', query })).rejects.toMatchObject({
      code: SAVED_SEARCH_ERROR_CODES.NAME_TAKEN,
    });
    // Another owner may use the name.
    await expect(service.save(colleague, { name: 'Mustang', query })).resolves.toMatchObject({ mine: true });
    for (let i = memory.rows.size; i <= SAVED_SEARCH_LIMITS.perOwner; i++)
      await service.save(owner, { name: `n${i}`, query }).catch(() => undefined);
    await expect(service.save(owner, { name: 'one more', query })).rejects.toMatchObject({
      code: SAVED_SEARCH_ERROR_CODES.LIMIT_REACHED,
    });
  });

  it('shares with a colleague by name: they read and pin it, but neither rename, share nor delete it', async () => {
    const saved = await service.save(owner, { name: 'Mustang', query });
    const shared = await service.share(owner, saved.id, {
      users: ['anna.bianchi', 'mario.rossi'],
      department: null,
    });
    // The owner reads it anyway: not kept among the colleagues.
    expect(shared.sharedWith).toEqual({ users: ['anna.bianchi'], department: null });
    const seen = await service.get(colleague, saved.id);
    expect(seen).toMatchObject({
      mine: false,
      owner: 'mario.rossi',
      query,
      sharedWith: { users: [], department: null },
    });
    await expect(service.pin(colleague, saved.id, true)).resolves.toMatchObject({ pinned: true });
    expect((await service.list(colleague))[0]).toMatchObject({ id: saved.id, pinned: true });
    expect((await service.list(owner)).find((s) => s.id === saved.id)?.pinned).toBe(false);
    for (const attempt of [
      service.update(colleague, saved.id, { name: 'Mine now' }),
      service.share(colleague, saved.id, { users: [], department: null }),
      service.delete(colleague, saved.id),
    ])
      await expect(attempt).rejects.toMatchObject({ code: ERROR_CODES.FORBIDDEN });
    expect(memory.rows.get(saved.id)).toMatchObject({ name: 'Mustang', users: ['anna.bianchi'] });
  });

  it('tells a stranger nothing: not found, for reading, pinning and changing alike', async () => {
    const saved = await service.save(owner, { name: 'Mustang', query });
    await service.share(owner, saved.id, { users: ['anna.bianchi'], department: null });
    for (const attempt of [
      service.get(stranger, saved.id),
      service.pin(stranger, saved.id, true),
      service.update(stranger, saved.id, { name: 'x' }),
      service.delete(stranger, saved.id),
    ])
      await expect(attempt).rejects.toMatchObject({ code: ERROR_CODES.NOT_FOUND });
    expect(memory.pins.size).toBe(0);
  });

  it('shares with a department: its members read it, in any case of its code', async () => {
    const saved = await service.save(owner, { name: 'Mustang', query });
    const shared = await service.share(owner, saved.id, { users: [], department: 'Marketing' });
    expect(shared.sharedWith.department).toBe('marketing');
    await expect(service.get(userOf('paola.neri'), saved.id)).resolves.toMatchObject({ name: 'Mustang' });
    await expect(service.get(stranger, saved.id)).rejects.toMatchObject({ code: ERROR_CODES.NOT_FOUND });
  });

  it('refuses colleagues and departments the directory does not know, sharing nothing', async () => {
    const saved = await service.save(owner, { name: 'Mustang', query });
    await expect(
      service.share(owner, saved.id, { users: ['anna.bianchi', 'nobody.here'], department: null }),
    ).rejects.toMatchObject({ code: ERROR_CODES.VALIDATION_FAILED, details: { users: ['nobody.here'] } });
    await expect(service.share(owner, saved.id, { users: [], department: 'nowhere' })).rejects.toMatchObject({
      code: ERROR_CODES.VALIDATION_FAILED,
    });
    expect(memory.rows.get(saved.id)).toMatchObject({ users: [], department: null });
  });

  it('keeps the built-ins read-only but pinnable', async () => {
    await expect(service.update(owner, 'builtin-rights-ending', { name: 'x' })).rejects.toMatchObject({
      code: SAVED_SEARCH_ERROR_CODES.BUILTIN_READ_ONLY,
    });
    await expect(service.delete(owner, 'builtin-rights-ending')).rejects.toMatchObject({
      code: SAVED_SEARCH_ERROR_CODES.BUILTIN_READ_ONLY,
    });
    await service.pin(owner, 'builtin-preflight-failed', true);
    expect((await service.list(owner))[0]).toMatchObject({
      id: 'builtin-preflight-failed',
      builtin: true,
      name: null,
      query: { only: 'preflightFailed', sub: true },
    });
  });

  it('renames, and deletes with everyone’s pins', async () => {
    const saved = await service.save(owner, { name: 'Mustang', query });
    await service.save(owner, { name: 'Other', query });
    await expect(service.update(owner, saved.id, { name: 'Other' })).rejects.toMatchObject({
      code: SAVED_SEARCH_ERROR_CODES.NAME_TAKEN,
    });
    await expect(service.update(owner, saved.id, { name: ' Mustang 1966 ' })).resolves.toMatchObject({
      name: 'Mustang 1966',
    });
    await service.share(owner, saved.id, { users: ['anna.bianchi'], department: null });
    await service.pin(colleague, saved.id, true);
    await service.delete(owner, saved.id);
    expect(memory.rows.has(saved.id)).toBe(false);
    expect(memory.pins.size).toBe(0);
    await expect(service.get(colleague, saved.id)).rejects.toMatchObject({ code: ERROR_CODES.NOT_FOUND });
  });
});
