import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  FOLDER_CODES,
  SAVED_SEARCH_ERROR_CODES,
  SAVED_SEARCH_LIMITS,
  pairOf,
  type AssetListResponse,
  type CollectionView,
  type SavedSearchView,
} from '@paddock/rules';
import { DemoEnrichmentSeeder } from '../../src/seed/demo-enrichment';
import { hubDb, providerDb } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import { hubMatrix } from '../security/hub-matrix-fixtures';
import { FOREIGN, marketing } from '../security/security-fixtures';

jest.setTimeout(300_000);

const ARCHIVE = marketing(FOLDER_CODES.departmentArchive);
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Saved searches and collections over the real hub, PostgreSQL and the built-in provider
 * (docs/saved-searches.md): who reads and who changes them, that bad input changes nothing, that
 * a collection never lists an asset its reader may not see, and that each built-in finds its assets.
 */
describe('saved searches and collections', () => {
  const hub = hubMatrix(['mario.rossi', 'anna.bianchi', 'paola.neri', 'foto.studio', FOREIGN.user]);
  const { send } = hub;
  const archive = () => hub.folder(ARCHIVE);
  const mine = (name: string, metadata: { key: string; value: string; valueNum?: number }[] = []) =>
    insertContent(hub.t, { name, folders: [archive()], owner: 'nobody', metadata });
  const namesIn = (page: AssetListResponse) => page.items.map((i) => i.name);

  describe('saved searches', () => {
    let saved: SavedSearchView;
    let query: Record<string, unknown>;

    beforeAll(async () => {
      await mine('Mustang 1966 fronte');
      await mine('Mustang 1966 retro');
      await mine('Spider 1972');
      query = { folder: archive(), q: 'Mustang', sub: true, sort: 'name', order: 'asc' };
      const res = await send('mario.rossi', 'POST', '/api/saved-searches', {
        name: 'Mustang classiche',
        query,
      });
      expect(res.status).toBe(201);
      saved = res.body as unknown as SavedSearchView;
    });

    it('is shared with a colleague by name, who opens it and sees the same assets', async () => {
      const shared = await send('mario.rossi', 'PUT', `/api/saved-searches/${saved.id}/sharing`, {
        users: ['anna.bianchi'],
        department: null,
      });
      expect([shared.status, (shared.body as unknown as SavedSearchView).sharedWith]).toEqual([
        200,
        { users: ['anna.bianchi'], department: null },
      ]);
      const list = await send('anna.bianchi', 'GET', '/api/saved-searches');
      const theirs = (list.body as unknown as { items: SavedSearchView[] }).items.find(
        (s) => s.id === saved.id,
      );
      expect(theirs).toMatchObject({ name: 'Mustang classiche', mine: false, owner: 'mario.rossi', query });
      const listing = (who: string) =>
        send(who, 'GET', `/api/assets?folderId=${archive()}&subfolders=true&q=Mustang&sort=name&order=asc`);
      const [own, colleague] = [await listing('mario.rossi'), await listing('anna.bianchi')];
      expect(namesIn(colleague.body as unknown as AssetListResponse)).toEqual([
        'Mustang 1966 fronte',
        'Mustang 1966 retro',
      ]);
      expect(colleague.body).toEqual(own.body);
    });

    it('lets the colleague pin it for themselves, but not rename, share or delete it', async () => {
      const pin = await send('anna.bianchi', 'PUT', `/api/saved-searches/${saved.id}/pin`, { pinned: true });
      expect(pin.status).toBe(200);
      const first = await send('anna.bianchi', 'GET', '/api/saved-searches');
      expect((first.body as unknown as { items: SavedSearchView[] }).items[0]).toMatchObject({
        id: saved.id,
        pinned: true,
      });
      const owners = await send('mario.rossi', 'GET', `/api/saved-searches/${saved.id}`);
      expect((owners.body as unknown as SavedSearchView).pinned).toBe(false);
      for (const [method, path, body] of [
        ['PATCH', `/api/saved-searches/${saved.id}`, { name: 'Mie' }],
        ['PUT', `/api/saved-searches/${saved.id}/sharing`, { users: [], department: null }],
        ['DELETE', `/api/saved-searches/${saved.id}`, undefined],
      ] as const) {
        const res = await send('anna.bianchi', method, path, body);
        expect([method, res.status, res.body?.code]).toEqual([method, 403, ERROR_CODES.FORBIDDEN]);
      }
      expect(await hubDb(hub.t).savedSearch.findUnique({ where: { id: saved.id } })).toMatchObject({
        name: 'Mustang classiche',
      });
    });

    it('is read by the department it is shared with, and by nobody outside it', async () => {
      const get = (who: string) => send(who, 'GET', `/api/saved-searches/${saved.id}`);
      expect((await get('paola.neri')).status).toBe(404);
      await send('mario.rossi', 'PUT', `/api/saved-searches/${saved.id}/sharing`, {
        users: ['anna.bianchi'],
        department: 'MARKETING',
      });
      expect((await get('paola.neri')).status).toBe(200);
      for (const stranger of ['foto.studio', FOREIGN.user]) {
        const res = await get(stranger);
        expect([stranger, res.status, res.body?.code]).toEqual([stranger, 404, ERROR_CODES.NOT_FOUND]);
        const listed = await send(stranger, 'GET', '/api/saved-searches');
        expect((listed.body as unknown as { items: SavedSearchView[] }).items.every((s) => s.builtin)).toBe(
          true,
        );
        expect((await send(stranger, 'DELETE', `/api/saved-searches/${saved.id}`)).status).toBe(404);
      }
    });

    it('refuses bad input before any look-up (4xx, not 404), and keeps nothing of it', async () => {
      const before = await hubDb(hub.t).savedSearch.count();
      const bad: [string, string, unknown][] = [
        [
          'POST',
          '/api/saved-searches',
          { name: 'x'.repeat(SAVED_SEARCH_LIMITS.nameMaxLength + 1), query: {} },
        ],
        ['POST', '/api/saved-searches', { name: '   ', query: {} }],
        ['POST', '/api/saved-searches', { name: 'Ok', query: { folder: archive(), hack: 1 } }],
        ['POST', '/api/saved-searches', { name: 'Ok', query: { sort: 'size' } }],
        [
          'POST',
          '/api/saved-searches',
          { name: 'Ok', query: { meta: [{ combinator: 'MUST', clauses: [] }] } },
        ],
        ['POST', '/api/saved-searches', { name: 'Ok' }],
        ['PATCH', `/api/saved-searches/${randomUUID()}`, { name: 42 }],
        ['PUT', `/api/saved-searches/${randomUUID()}/sharing`, { users: ['a b'], department: null }],
        ['PUT', `/api/saved-searches/${randomUUID()}/pin`, { pinned: 'yes' }],
        ['GET', '/api/saved-searches/not-an-id', undefined],
      ];
      for (const [method, path, body] of bad) {
        const res = await send('mario.rossi', method, path, body);
        expect([method, path, res.status, res.body?.code]).toEqual([
          method,
          path,
          400,
          ERROR_CODES.VALIDATION_FAILED,
        ]);
      }
      const unknownColleague = await send('mario.rossi', 'PUT', `/api/saved-searches/${saved.id}/sharing`, {
        users: ['nobody.known'],
        department: null,
      });
      expect(unknownColleague.status).toBe(400);
      const taken = await send('mario.rossi', 'POST', '/api/saved-searches', {
        name: 'Mustang classiche',
        query: {},
      });
      expect([taken.status, taken.body?.code]).toEqual([409, SAVED_SEARCH_ERROR_CODES.NAME_TAKEN]);
      const builtin = await send('mario.rossi', 'DELETE', '/api/saved-searches/builtin-rights-ending');
      expect([builtin.status, builtin.body?.code]).toEqual([403, SAVED_SEARCH_ERROR_CODES.BUILTIN_READ_ONLY]);
      expect(await hubDb(hub.t).savedSearch.count()).toBe(before);
      expect(
        (await hubDb(hub.t).savedSearchShare.findMany({ where: { savedSearchId: saved.id } })).map(
          (s) => s.username,
        ),
      ).toEqual(['anna.bianchi']);
    });

    it('is deleted by its owner with everyone’s pins', async () => {
      expect((await send('mario.rossi', 'DELETE', `/api/saved-searches/${saved.id}`)).status).toBe(204);
      expect((await send('anna.bianchi', 'GET', `/api/saved-searches/${saved.id}`)).status).toBe(404);
      expect(await hubDb(hub.t).savedSearchPin.count({ where: { searchId: saved.id } })).toBe(0);
    });
  });

  describe('the built-in saved searches', () => {
    const only = async (who: string, filter: string) => {
      const res = await send(
        who,
        'GET',
        `/api/assets?folderId=${archive()}&subfolders=true&only=${filter}&limit=100`,
      );
      expect(res.status).toBe(200);
      const total = await send(
        who,
        'GET',
        `/api/assets/total?folderId=${archive()}&subfolders=true&only=${filter}`,
      );
      const names = namesIn(res.body as unknown as AssetListResponse).sort();
      expect((total.body as unknown as { totalResults: number }).totalResults).toBe(names.length);
      return names;
    };

    it('rights ending: a to-date from today to 30 days on, not one expired or further away', async () => {
      const todate = (days: number) => {
        const day = isoDay(Date.now() + days * DAY);
        return { value: day, valueNum: Date.parse(day) };
      };
      await mine('Diritti tra 10 giorni', [{ key: 'people-todate', ...todate(10) }]);
      await mine('Diritti oggi', [{ key: 'landscape-todate-2', ...todate(0) }]);
      await mine('Diritti tra 60 giorni', [{ key: 'people-todate', ...todate(60) }]);
      await mine('Diritti scaduti', [{ key: 'todate', ...todate(-3) }]);
      expect(await only('mario.rossi', 'rightsEnding')).toEqual(['Diritti oggi', 'Diritti tra 10 giorni']);
    });

    it('possible duplicates: both assets of a pair nobody decided, never one the caller cannot see', async () => {
      const [a, b, c, d] = await Promise.all(
        ['Doppio A', 'Doppio B', 'Deciso C', 'Deciso D'].map((n) => mine(n)),
      );
      await hubDb(hub.t).duplicatePair.createMany({
        data: [
          { ...pairOf(a, b), match: 'exact', distance: 0 },
          {
            ...pairOf(c, d),
            match: 'exact',
            distance: 0,
            decision: 'distinct',
            decidedBy: 'admin',
            decidedAt: new Date(),
          },
          { ...pairOf(a, hub.world.foreignContent), match: 'near', distance: 3 },
        ],
      });
      expect(await only('mario.rossi', 'possibleDuplicates')).toEqual(['Doppio A', 'Doppio B']);
    });

    it('failed pre-flight: the latest checked version blocked', async () => {
      const [blocked, fixed, warned] = await Promise.all(
        ['Bloccato', 'Corretto', 'Avvisato'].map((n) => mine(n)),
      );
      await hubDb(hub.t).preflightReport.createMany({
        data: [
          { contentId: blocked, version: 1, verdict: 'block', results: [] },
          { contentId: fixed, version: 1, verdict: 'block', results: [] },
          { contentId: fixed, version: 2, verdict: 'pass', results: [] },
          { contentId: warned, version: 1, verdict: 'warn', results: [] },
          { contentId: hub.world.foreignContent, version: 1, verdict: 'block', results: [] },
        ],
      });
      expect(await only('mario.rossi', 'preflightFailed')).toEqual(['Bloccato']);
    });

    it('missing mandatory metadata: a mandatory key (utilizzo, authorinfo) without a value', async () => {
      // The demo's definitions, with their mandatory constraints.
      await new DemoEnrichmentSeeder(providerDb(hub.t)).run();
      await mine('Completo', [
        { key: 'utilizzo', value: 'stampa' },
        { key: 'authorinfo', value: 'Studio Rossi' },
      ]);
      await mine('Senza autore', [{ key: 'utilizzo', value: 'interno' }]);
      await mine('Autore vuoto', [
        { key: 'utilizzo', value: 'social' },
        { key: 'authorinfo', value: '  ' },
      ]);
      await mine('Senza nulla');
      const found = await only('mario.rossi', 'missingMandatory');
      expect(found).toEqual(expect.arrayContaining(['Senza autore', 'Autore vuoto', 'Senza nulla']));
      expect(found).not.toContain('Completo');
    });

    it('are offered to everyone, read-only', async () => {
      const res = await send('foto.studio', 'GET', '/api/saved-searches');
      expect(
        (res.body as unknown as { items: SavedSearchView[] }).items.map((s) => s.query.only).sort(),
      ).toEqual(['missingMandatory', 'possibleDuplicates', 'preflightFailed', 'rightsEnding']);
    });
  });

  describe('collections', () => {
    let collection: CollectionView;
    let first: string;
    let second: string;

    beforeAll(async () => {
      first = await mine('Collezione uno');
      second = await mine('Collezione due');
      const res = await send('mario.rossi', 'POST', '/api/collections', { name: 'Per la mostra' });
      expect(res.status).toBe(201);
      collection = res.body as unknown as CollectionView;
    });

    const assetsOf = async (who: string) => {
      const res = await send(who, 'GET', `/api/collections/${collection.id}/assets?sort=name&order=asc`);
      return {
        status: res.status,
        names: res.status === 200 ? namesIn(res.body as unknown as AssetListResponse) : [],
      };
    };

    it('keeps assets the owner sees, and refuses one they cannot, adding nothing', async () => {
      const added = await send('mario.rossi', 'POST', `/api/collections/${collection.id}/items`, {
        contentIds: [first, second],
      });
      expect([added.status, (added.body as unknown as CollectionView).size]).toEqual([200, 2]);
      const hidden = await send('mario.rossi', 'POST', `/api/collections/${collection.id}/items`, {
        contentIds: [hub.world.foreignContent],
      });
      expect([hidden.status, hidden.body?.code]).toEqual([404, ERROR_CODES.NOT_FOUND]);
      expect(await hubDb(hub.t).collectionItem.count({ where: { collectionId: collection.id } })).toBe(2);
      expect(await assetsOf('mario.rossi')).toEqual({
        status: 200,
        names: ['Collezione due', 'Collezione uno'],
      });
    });

    it('never lists an asset its reader cannot see, whoever kept it there', async () => {
      // Written straight to the table: as if it were kept before the reader lost sight of it.
      await hubDb(hub.t).collectionItem.create({
        data: { collectionId: collection.id, contentId: hub.world.foreignContent, addedBy: FOREIGN.user },
      });
      expect((await assetsOf('mario.rossi')).names).not.toContain('Prototipo riservato');
      await send('mario.rossi', 'PUT', `/api/collections/${collection.id}/sharing`, {
        users: [FOREIGN.user, 'anna.bianchi'],
        department: null,
      });
      expect(await assetsOf('anna.bianchi')).toEqual({
        status: 200,
        names: ['Collezione due', 'Collezione uno'],
      });
      // The foreign department's user sees its own asset only, not Marketing's.
      expect(await assetsOf(FOREIGN.user)).toEqual({ status: 200, names: ['Prototipo riservato'] });
      expect(await assetsOf('foto.studio')).toEqual({ status: 404, names: [] });
    });

    it('is changed by its owner alone', async () => {
      for (const [method, path, body] of [
        ['POST', `/api/collections/${collection.id}/items`, { contentIds: [first] }],
        ['POST', `/api/collections/${collection.id}/items/remove`, { contentIds: [first] }],
        ['PATCH', `/api/collections/${collection.id}`, { name: 'Mia' }],
        ['DELETE', `/api/collections/${collection.id}`, undefined],
      ] as const) {
        expect([path, (await send('anna.bianchi', method, path, body)).status]).toEqual([path, 403]);
        expect([path, (await send('foto.studio', method, path, body)).status]).toEqual([path, 404]);
      }
      const bad = await send('mario.rossi', 'POST', `/api/collections/${collection.id}/items`, {
        contentIds: ['x'],
      });
      expect(bad.status).toBe(400);
    });

    it('loses an asset, or is deleted, and no asset is deleted', async () => {
      const removed = await send('mario.rossi', 'POST', `/api/collections/${collection.id}/items/remove`, {
        contentIds: [first],
      });
      expect(removed.status).toBe(200);
      expect((await assetsOf('mario.rossi')).names).toEqual(['Collezione due']);
      expect((await send('mario.rossi', 'DELETE', `/api/collections/${collection.id}`)).status).toBe(204);
      expect((await send('anna.bianchi', 'GET', `/api/collections/${collection.id}`)).status).toBe(404);
      const kept = await providerDb(hub.t).content.findMany({
        where: { id: { in: [first, second, hub.world.foreignContent] }, trashedAt: null },
      });
      expect(kept).toHaveLength(3);
    });
  });
});
