import { ThronError } from '../thron.errors';
import { CategoryService } from './category.service';
import type { FolderRights } from '../access/access.repository';
import { providerCaller } from '../../../test/support/provider-caller';
import type { FolderRecord } from './folder-record';
import { HOLD_FAILURES } from '../holds/holds.errors';

type Folders = ConstructorParameters<typeof CategoryService>[0];

const CALLER = providerCaller('u', ['g']);

function record(id: string, rights: Partial<FolderRights> = {}): FolderRecord {
  return {
    id,
    prettyId: id,
    parentId: null,
    ancestorIds: [],
    categoryType: 'PRIVATE',
    locales: [{ locale: 'EN', name: id, description: '' }],
    isSupplier: false,
    originId: null,
    createdAt: new Date(0),
    numberOfContents: 0,
    numberOfSubCategories: 0,
    rights: { show: true, manage: false, share: false, write: false, ...rights },
  };
}

/** A service over in-memory folders; `writes` records every change it made. */
function serviceOver(folders: FolderRecord[], empty = true, held: readonly string[] = []) {
  const writes: string[] = [];
  const fake: Folders = {
    find: (q) => {
      const found = folders.filter((f) => q.categoryIds.includes(f.id));
      return Promise.resolve({ folders: found, total: found.length });
    },
    resolveId: (id) => Promise.resolve(folders.some((f) => f.id === id) ? id : null),
    prettyIdTaken: (p) => Promise.resolve(folders.some((f) => f.prettyId === p)),
    createChild: (parentId) => {
      writes.push(`create under ${parentId}`);
      folders.push(record('new', { manage: true }));
      return Promise.resolve('new');
    },
    locales: () => Promise.resolve([{ locale: 'IT', name: 'Vecchio', description: '' }]),
    setPrettyId: (id, prettyId) => {
      writes.push(`code ${id} ${prettyId}`);
      return Promise.resolve();
    },
    setLocales: (id, locales) => {
      writes.push(`rename ${id} ${locales.map((l) => `${l.locale}=${l.name}`).join(',')}`);
      return Promise.resolve();
    },
    isEmpty: () => Promise.resolve(empty),
    delete: (id) => {
      writes.push(`delete ${id}`);
      return Promise.resolve();
    },
  };
  const holds = {
    refuseFolder: (id: string) =>
      held.includes(id) ? Promise.reject(new ThronError(HOLD_FAILURES.held)) : Promise.resolve(),
  };
  return { service: new CategoryService(fake, holds), writes };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ThronError) return e.failure.resultCode;
    throw e;
  }
  throw new Error('expected a refusal');
}

const names = (...pairs: [string, string][]) =>
  pairs.map(([locale, name]) => ({ locale, name, description: '' }));

describe('CategoryService', () => {
  it('creates under a parent only with manage, with a name in every given locale', async () => {
    const { service, writes } = serviceOver([record('ro'), record('rw', { manage: true })]);
    const insert = (upCategoryId: string | null, locales = names(['EN', 'New'])) =>
      service.insert(CALLER, { category: { upCategoryId, locales } });
    await expect(refusal(insert('ro'))).resolves.toBe('ACCESS_DENIED');
    await expect(refusal(insert('hidden'))).resolves.toBe('PARENT_CATEGORY_NOT_FOUND');
    await expect(refusal(insert(null))).resolves.toBe('ACCESS_DENIED');
    await expect(refusal(insert('rw', names(['EN', 'ok'], ['IT', '  '])))).resolves.toBe(
      'CATEGORYNAME_IS_REQUIRED',
    );
    await expect(refusal(insert('rw', []))).resolves.toBe('CATEGORYNAME_IS_REQUIRED');
    expect(writes).toEqual([]);
    await expect(insert('rw')).resolves.toMatchObject({ resultCode: 'OK', category: { id: 'new' } });
    expect(writes).toEqual(['create under rw']);
  });

  it('renames with manage, keeping the locales not named', async () => {
    const { service, writes } = serviceOver([record('ro', { write: true }), record('rw', { manage: true })]);
    const update = (id: string) =>
      service.update(CALLER, id, { update: { locales: names(['EN', ' Renamed ']) } });
    await expect(refusal(update('ro'))).resolves.toBe('ACCESS_DENIED');
    await update('rw');
    expect(writes).toEqual(['rename rw IT=Vecchio,EN=Renamed']);
  });

  it('deletes an empty folder with manage and refuses a full one', async () => {
    const full = serviceOver([record('rw', { manage: true })], false);
    await expect(refusal(full.service.remove(CALLER, 'rw'))).resolves.toBe('CATEGORY_NOT_EMPTY');
    expect(full.writes).toEqual([]);
    const empty = serviceOver([record('ro', { share: true, write: true }), record('rw', { manage: true })]);
    await expect(refusal(empty.service.remove(CALLER, 'ro'))).resolves.toBe('ACCESS_DENIED');
    await expect(refusal(empty.service.remove(CALLER, 'nope'))).resolves.toBe('CATEGORY_NOT_EXISTS');
    await empty.service.remove(CALLER, 'rw');
    expect(empty.writes).toEqual(['delete rw']);
  });

  it('keeps a folder a legal hold is placed on, empty or not, for whoever has manage', async () => {
    const held = serviceOver([record('rw', { manage: true })], true, ['rw']);
    const failure = await held.service.remove(CALLER, 'rw').catch((e: unknown) => e);
    expect(failure instanceof ThronError && failure.failure).toEqual(HOLD_FAILURES.held);
    expect(held.writes).toEqual([]);
  });
});
