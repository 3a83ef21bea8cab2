import type { AuthUser } from '../common/auth-user';
import { DomainError } from '../common/domain-error';
import { ERROR_CODES } from '@paddock/rules';
import { ProviderError } from '../common/provider-error';
import type { FoldersGateway, ProviderFolder } from '../provider/folders.gateway';
import type {
  ContentCriteria,
  ContentPageRequest,
  OrderedPage,
  OrderedPageRequest,
  ProviderSearchHit,
  SearchGateway,
} from '../provider/search.gateway';
import { ListingCache } from '../places/listing-cache';
import type { HeldContents } from '../legal-hold/held-contents';
import { SearchService } from './search.service';
import type { AssetListFilter } from './search.types';

const user = (over: Partial<AuthUser> = {}): AuthUser => ({
  username: 'mario.rossi',
  roles: ['user'],
  primaryRole: 'user',
  department: 'MARKETING',
  departmentRestricted: true,
  approvalSteps: [],
  providerToken: 'tok',
  sessionId: 's',
  ...over,
});

const filter: AssetListFilter = {
  folderId: 'f1',
  subfolders: true,
  text: 'red',
  sort: 'name',
  descending: false,
  offset: 0,
  limit: 100,
  lang: 'it',
};

/** The folder a search runs in: `depth` 1 is a top folder. */
function folderAtDepth(
  depth: number,
  prettyId = 'arch04-marketing',
): Pick<FoldersGateway, 'folder' | 'category' | 'allFolders'> {
  const ancestorIds = Array.from({ length: depth - 1 }, (_, i) => `a${i}`);
  const folder = (_token: string, id: string) =>
    Promise.resolve({ id, prettyId, ancestorIds } as ProviderFolder);
  return { folder, category: folder, allFolders: () => Promise.resolve([]) };
}

/** Whether the user reads only the published contents of the listed folder (PublishedReaders). */
const readers = (publishedOnly = false) => ({
  listsPublishedOnly: () => Promise.resolve(publishedOnly),
  visible: <C>(_user: unknown, contents: readonly C[]) => Promise.resolve([...contents]),
});

function gateway(over: Partial<SearchGateway> = {}, depth = 1, prettyId?: string, publishedOnly = false) {
  const counted: ContentCriteria[] = [];
  const fake: SearchGateway = {
    findContents: () => Promise.resolve([]),
    countMatches: () => Promise.resolve(0),
    countContents: (_token, criteria) => {
      counted.push(criteria);
      return Promise.resolve(counted.length);
    },
    pageInOrder: () => Promise.resolve(undefined),
    ...over,
  };
  return {
    service: new SearchService(fake, folderAtDepth(depth, prettyId), readers(publishedOnly)),
    counted,
    fake,
  };
}

async function domainFailure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError');
}

describe('SearchService', () => {
  const approver = user({ roles: ['user', 'approver'], primaryRole: 'approver' });

  it.each<[string, AuthUser, number, boolean]>([
    ['an approver at depth 2', approver, 2, true],
    ['an approver at depth 3', approver, 3, false],
    ['an approver at depth 4', approver, 4, false],
    ['a user at depth 3', user(), 3, true],
  ])('SPEC §2 search depth: %s may search: %s', async (_case, who, depth, allowed) => {
    const asked: ContentCriteria[] = [];
    const { service } = gateway(
      {
        findContents: (_token, criteria) => {
          asked.push(criteria);
          return Promise.resolve([]);
        },
        countMatches: (_token, criteria) => {
          asked.push(criteria);
          return Promise.resolve(0);
        },
      },
      depth,
    );
    if (allowed) {
      await service.list(who, filter);
      await service.total(who, filter);
      expect(asked).toHaveLength(2);
    } else {
      expect(await domainFailure(service.list(who, filter))).toMatchObject({ code: 'FORBIDDEN' });
      expect(await domainFailure(service.total(who, filter))).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it.each<[string, AuthUser, boolean]>([
    ['a user', user(), false],
    ['an admin', user({ roles: ['user', 'admin'] }), true],
  ])('SPEC §6 the junk: %s may list it and count it: %s', async (_case, who, allowed) => {
    const { service } = gateway({}, 2, 'junk-marketing');
    const junk = { ...filter, text: undefined };
    if (allowed) {
      await expect(service.list(who, junk)).resolves.toBeDefined();
      await expect(service.total(who, junk)).resolves.toBeDefined();
    } else {
      expect(await domainFailure(service.list(who, junk))).toMatchObject({ code: 'FORBIDDEN' });
      expect(await domainFailure(service.total(who, junk))).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  describe('with the folder paths kept per process (issue 26)', () => {
    /** A service whose kept path says `pathPrettyId` at `pathDepth`, and whose user's token reads `seen`. */
    function withPaths(pathDepth: number, pathPrettyId: string | null, seen: ProviderFolder | null) {
      const read: string[] = [];
      const answer = (kind: string) => (_token: string, id: string) => {
        read.push(`${kind} ${id}`);
        return seen
          ? Promise.resolve(seen)
          : Promise.reject(new ProviderError(ERROR_CODES.NOT_FOUND, false, 'hidden'));
      };
      const path = Array.from({ length: pathDepth }, (_, i) => ({
        prettyId: i === pathDepth - 1 ? pathPrettyId : null,
        isSupplier: false,
      }));
      const service = new SearchService(
        gateway().fake,
        { folder: answer('folder'), category: answer('category'), allFolders: () => Promise.resolve([]) },
        readers(),
        undefined,
        undefined,
        { pathOf: () => Promise.resolve(path) },
      );
      return { service, read };
    }
    const seenAt = (depth: number, prettyId: string) =>
      ({
        id: 'f1',
        prettyId,
        ancestorIds: Array.from({ length: depth - 1 }, (_, i) => `a${i}`),
      }) as ProviderFolder;

    it('reads no folder with the user’s token when the kept path allows the listing and the search', async () => {
      const { service, read } = withPaths(3, null, seenAt(3, 'x'));
      await service.list(user(), filter);
      await service.total(user(), { ...filter, text: undefined });
      expect(read).toEqual([]);
    });

    it('confirms a refusal with the user’s token: the junk and a deep search are refused where the user sees them', async () => {
      const junk = withPaths(2, 'junk-marketing', seenAt(2, 'junk-marketing'));
      expect(await domainFailure(junk.service.list(user(), { ...filter, text: undefined }))).toMatchObject({
        code: 'FORBIDDEN',
      });
      expect(junk.read).toEqual(['category f1']);
      const deep = withPaths(3, null, seenAt(3, 'x'));
      expect(await domainFailure(deep.service.list(approver, filter))).toMatchObject({ code: 'FORBIDDEN' });
      expect(deep.read).toEqual(['folder f1']);
    });

    it('tells nothing of a folder the user cannot see: the junk found by its kept path but hidden lists empty', async () => {
      const { service } = withPaths(2, 'junk-marketing', null);
      await expect(service.list(user(), { ...filter, text: undefined })).resolves.toMatchObject({
        contents: [],
      });
    });

    it('falls back to the user’s token when the provider cannot give the path, and lets a bug through', async () => {
      const build = (failure: Error) => {
        const read: string[] = [];
        const seen = (_token: string, id: string) => {
          read.push(id);
          return Promise.resolve({ id, prettyId: 'junk-marketing', ancestorIds: ['a0'] } as ProviderFolder);
        };
        const service = new SearchService(
          gateway().fake,
          { folder: seen, category: seen, allFolders: () => Promise.resolve([]) },
          readers(),
          undefined,
          undefined,
          { pathOf: () => Promise.reject(failure) },
        );
        return { service, read };
      };
      const away = build(new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, true, 'down'));
      expect(await domainFailure(away.service.list(user(), { ...filter, text: undefined }))).toMatchObject({
        code: 'FORBIDDEN',
      });
      expect(away.read).toEqual(['f1']);
      const bug = build(new TypeError('not a function'));
      await expect(bug.service.list(user(), { ...filter, text: undefined })).rejects.toThrow(TypeError);
    });
  });

  it.each<[AssetListFilter['sort'], AssetListFilter['lang'], string]>([
    ['name', 'en', 'EN'],
    ['name', 'fr', 'EN'],
    ['name', 'it', 'IT'],
    ['creationDate', 'en', 'IT'],
  ])(
    'sorts by %s for a %s reader in the %s locale, and matches text in IT as the total',
    async (sort, lang, locale) => {
      const locales: [string, string | undefined][] = [];
      const { service } = gateway({
        findContents: (_token, _criteria, page) => {
          locales.push([page.locale, page.textLocale]);
          return Promise.resolve([]);
        },
      });
      await service.list(user(), { ...filter, sort, lang });
      expect(locales).toEqual([[locale, 'IT']]);
    },
  );

  it('lets an approver list a deep folder without a text search', async () => {
    const { service } = gateway({}, 3);
    await expect(service.list(approver, { ...filter, text: undefined })).resolves.toBeDefined();
  });

  it('counts each user-role view in its department folder, sub-folders included, the junk for admins only', async () => {
    const { service, counted } = gateway();
    const counts = await service.counts(user({ roles: ['user', 'admin'] }));
    expect(Object.keys(counts).sort()).toEqual([
      'archives',
      'departmentJunk',
      'enrichment',
      'rejected',
      'supplier',
    ]);
    expect(counted.map((c) => [c.folderIds, c.cascade])).toEqual(
      expect.arrayContaining([
        [['arch04-marketing'], true],
        [['arrc03-marketing'], true],
        [['rftt00-marketing'], true],
        [['frnt01-marketing'], true],
        [['junk-marketing'], true],
      ]),
    );
    expect(Object.keys(await service.counts(user()))).not.toContain('departmentJunk');
  });

  it('counts for an approver what waits at the steps they are enabled for, in their department only (issue 23)', async () => {
    const { service, counted } = gateway();
    const counts = await service.counts(
      user({
        roles: ['user', 'approver'],
        primaryRole: 'approver',
        approvalSteps: [
          { department: 'MARKETING', step: 1 },
          { department: 'MARKETING', step: 2 },
          { department: 'HERITAGE', step: 1 },
        ],
      }),
    );
    // The fake answers 1, then 2: the two steps' contents together.
    expect(counts).toEqual({ approver: 3 });
    expect(counted.map((c) => [c.folderIds, c.cascade])).toEqual([
      [['appstp1-marketing'], false],
      [['appstp2-marketing'], false],
    ]);
  });

  it.each<[string, Partial<AuthUser>]>([
    ['an approver enabled for no step', { roles: ['user', 'approver'], primaryRole: 'approver' }],
    ['an observer', { roles: ['user', 'observer'], primaryRole: 'observer' }],
    ['a basic user', { roles: ['user', 'basic_user'], primaryRole: 'basic_user' }],
    ['a user without a department', { department: null }],
  ])('gives %s no counts and asks the provider nothing', async (_who, over) => {
    const { service, counted } = gateway();
    expect(await service.counts(user(over))).toEqual({});
    expect(counted).toEqual([]);
  });

  it('counts for a supplier the deliveries that came back rejected, in its work folders only (issue 23)', async () => {
    const hit = (id: string, tags: string[], folder: string): ProviderSearchHit => ({
      ...({} as ProviderSearchHit),
      id,
      extension: 'jpg',
      version: 1,
      locales: [{ locale: 'IT', name: id, description: '' }],
      detail: {
        itags: tags.map((prettyId) => ({ id: prettyId, classificationId: 'c', prettyId })),
        imetadata: [{ classificationId: 'c', key: 'content_note', value: 'Riflesso', lang: null }],
        linkedCategories: [{ id: folder, prettyId: folder }],
        durationMs: null,
      },
    });
    const asked: ContentCriteria[] = [];
    const fake: SearchGateway = {
      findContents: (_token, criteria) => {
        asked.push(criteria);
        return Promise.resolve([
          hit('refused', ['wf-refused'], 'lvrr02-marketing'),
          hit('waiting', [], 'lvrr02-marketing'),
        ]);
      },
      countMatches: () => Promise.resolve(0),
      countContents: () => Promise.resolve(0),
      pageInOrder: () => Promise.resolve(undefined),
    };
    const tree = ['lvrr02-marketing', 'inbox-marketing-fotostudio', 'lvrr02-heritage'].map(
      (prettyId) => ({ id: prettyId, prettyId }) as ProviderFolder,
    );
    const service = new SearchService(
      fake,
      { ...folderAtDepth(1), allFolders: () => Promise.resolve(tree) },
      readers(),
    );
    const supplier = user({ roles: ['supplier'], primaryRole: 'supplier', department: null });
    expect(await service.counts(supplier)).toEqual({ supplierSent: 1 });
    expect(asked).toEqual([{ folderIds: ['lvrr02-marketing', 'lvrr02-heritage'] }]);
    expect(await service.rejectedDeliveries(supplier, 'en')).toMatchObject([
      { id: 'refused', folderId: 'lvrr02-marketing', note: 'Riflesso' },
    ]);
  });

  it.each<[string, number, boolean]>([
    ['a full page as "more may follow"', 100, true],
    ['a short page as the end', 99, false],
    ['an empty page as the end', 0, false],
  ])('reads %s', async (_case, length, more) => {
    const contents = Array.from({ length }, (_, i) => ({ id: `c${i}` }) as ProviderSearchHit);
    const { service } = gateway({ findContents: () => Promise.resolve(contents) });
    const page = await service.list(user(), filter);
    expect(page.contents).toEqual(contents);
    expect(page.next).toEqual(more ? { offset: 100 } : undefined);
  });

  it("reads each card's state, restriction and running time off the page's own details, in one call", async () => {
    const asked: (boolean | undefined)[] = [];
    const hit = (id: string, detail?: ProviderSearchHit['detail']) => ({ id, detail }) as ProviderSearchHit;
    const junk = { id: 'f-junk', prettyId: 'junk-marketing' };
    const { service } = gateway({
      findContents: (_token, _criteria, page) => {
        asked.push(page.details);
        return Promise.resolve([
          hit('step', {
            itags: [],
            imetadata: [{ classificationId: 'c', key: 'embargodate', value: '2999-01-01', lang: null }],
            linkedCategories: [{ id: 'f-step', prettyId: 'appstp2-marketing' }],
            durationMs: 4_000,
          }),
          hit('junk', { itags: [], imetadata: [], linkedCategories: [junk], durationMs: null }),
          hit('bare'),
        ]);
      },
    });
    const page = await service.list(user(), filter);
    expect(asked).toEqual([true]);
    expect(page.facts.get('step')).toEqual({
      workflowState: { kind: 'waiting', step: 2 },
      restricted: true,
      published: false,
      durationMs: 4_000,
    });
    expect(page.facts.get('junk')).toMatchObject({ workflowState: { kind: 'junk' }, restricted: false });
    expect(page.facts.get('junk')).not.toHaveProperty('durationMs');
    expect(page.facts.has('bare')).toBe(false);
  });

  it("marks the junk's cards with their purge date, and with the reasons of the holds that keep them, asked afresh", async () => {
    const deletedAt = Date.UTC(2027, 0, 10) / 1000;
    const inJunk = (id: string): ProviderSearchHit => ({
      ...({} as ProviderSearchHit),
      id,
      detail: {
        itags: [],
        imetadata: [{ classificationId: 'c', key: 'dataeliminazione', value: String(deletedAt), lang: null }],
        linkedCategories: [{ id: 'f1', prettyId: 'junk-marketing' }],
        durationMs: null,
      },
    });
    const asked: string[][] = [];
    let reasons = ['Case 12/2027'];
    const holds: Pick<HeldContents, 'holdsOn'> = {
      holdsOn: (contents) => {
        asked.push(contents.map((c) => `${c.id} in ${c.linkedCategoryIds.join()}`));
        const records = reasons.map((reason) => ({
          id: 'h1',
          scope: 'asset' as const,
          targetId: 'held',
          reason,
          placedBy: 'admin',
          placedAt: new Date(0),
          releasedBy: null,
          releasedAt: null,
        }));
        return Promise.resolve(new Map(records.length ? [['held', records]] : []));
      },
    };
    const serviceIn = (prettyId: string) =>
      new SearchService(
        { ...gateway().fake, findContents: () => Promise.resolve([inJunk('held'), inJunk('free')]) },
        folderAtDepth(2, prettyId),
        readers(),
        undefined,
        undefined,
        {
          pathOf: () =>
            Promise.resolve([
              { prettyId: 'dept-marketing', isSupplier: false },
              { prettyId, isSupplier: false },
            ]),
        },
        undefined,
        new ListingCache({ generation: () => '1' }, { now: () => new Date() }),
        holds,
      );
    const admin = user({ roles: ['user', 'admin'], primaryRole: 'user' });
    const junk = serviceIn('junk-marketing');
    const listed = { ...filter, text: undefined };
    const page = await junk.list(admin, listed);
    expect(page.facts.get('held')).toMatchObject({
      purgeDueAt: '2027-02-09T00:00:00.000Z',
      holdReasons: ['Case 12/2027'],
    });
    expect(page.facts.get('free')).toMatchObject({ purgeDueAt: '2027-02-09T00:00:00.000Z' });
    expect(page.facts.get('free')).not.toHaveProperty('holdReasons');
    expect(asked).toEqual([['held in f1', 'free in f1']]);
    // Released: the kept page shows it at once.
    reasons = [];
    expect((await junk.list(admin, listed)).facts.get('held')).not.toHaveProperty('holdReasons');
    expect(asked).toHaveLength(2);
    // Any other listing asks for no hold.
    await serviceIn('arch04-marketing').list(admin, listed);
    expect(asked).toHaveLength(2);
  });

  it('answers a page asked again from the listing cache, with the restriction of the day it is asked', async () => {
    let now = new Date('2026-12-01T23:59:30Z');
    const clock = { now: () => now };
    let searches = 0;
    const fake: SearchGateway = {
      findContents: () => {
        searches++;
        return Promise.resolve([
          {
            id: 'embargoed',
            detail: {
              itags: [],
              imetadata: [{ classificationId: 'c', key: 'embargodate', value: '2026-12-02', lang: null }],
              linkedCategories: [],
              durationMs: null,
            },
          } as unknown as ProviderSearchHit,
        ]);
      },
      countMatches: () => Promise.resolve(0),
      countContents: () => Promise.resolve(0),
      pageInOrder: () => Promise.resolve(undefined),
    };
    const service = new SearchService(
      fake,
      folderAtDepth(1),
      readers(),
      clock,
      undefined,
      undefined,
      undefined,
      new ListingCache({ generation: () => '1' }, clock),
    );
    expect((await service.list(user(), filter)).facts.get('embargoed')?.restricted).toBe(true);
    now = new Date('2026-12-02T00:00:10Z');
    // The same page, kept: its embargo ended at midnight all the same.
    expect((await service.list(user(), filter)).facts.get('embargoed')?.restricted).toBe(false);
    expect(searches).toBe(1);
    // Another person's page is never theirs.
    await service.list(user({ username: 'luca.conti' }), filter);
    expect(searches).toBe(2);
  });

  it.each<[string, boolean | undefined, ContentCriteria['tags']]>([
    ['everything as the published', undefined, { all: ['wf-published'] }],
    ['the published as the published', true, { all: ['wf-published'] }],
    ['the unpublished as nothing', false, { all: ['wf-published'], none: ['wf-published'] }],
  ])(
    'asks the provider itself, for a reader of a channel (SPEC §4), %s in the page and its total',
    async (_case, published, tags) => {
      const asked: ContentCriteria[] = [];
      const ask = (criteria: ContentCriteria) => {
        asked.push(criteria);
        return Promise.resolve(0);
      };
      const { service } = gateway(
        {
          findContents: (_token, criteria) => ask(criteria).then(() => []),
          countMatches: (_token, criteria) => ask(criteria),
        },
        2,
        'website',
        true,
      );
      await service.list(user(), { ...filter, folderId: 'website', published });
      await service.total(user(), { ...filter, folderId: 'website', published });
      expect(asked.map((c) => c.tags)).toEqual([tags, tags]);
    },
  );

  it('asks for every content of a folder its user may publish in', async () => {
    const asked: ContentCriteria[] = [];
    const { service } = gateway({
      findContents: (_token, criteria) => {
        asked.push(criteria);
        return Promise.resolve([]);
      },
    });
    await service.list(user(), { ...filter, folderId: 'website' });
    expect(asked[0]?.tags).toBeUndefined();
  });

  it('asks the provider for a keyset page by creation date as a date bound and the ties to skip', async () => {
    const asked: [ContentCriteria, number][] = [];
    const { service } = gateway({
      findContents: (_token, criteria, page) => {
        asked.push([criteria, page.offset]);
        return Promise.resolve([]);
      },
    });
    const at = '2026-01-02T00:00:00.000Z';
    const byDate = { ...filter, sort: 'creationDate' as const, cursor: { at, skip: 4 } };
    await service.list(user(), byDate);
    await service.list(user(), { ...byDate, descending: true });
    expect(asked.map(([c, offset]) => [c.createdFrom, c.createdTo, offset])).toEqual([
      [at, undefined, 4],
      [undefined, at, 4],
    ]);
    expect(await domainFailure(service.list(user(), { ...byDate, sort: 'name' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it("pages by name in the provider's token order, the cards of its ids in that order, and by offset where it cannot", async () => {
    const card = (id: string) => ({ id, locales: [] }) as unknown as ProviderSearchHit;
    const ordered: OrderedPageRequest[] = [];
    const found: [ContentCriteria, ContentPageRequest][] = [];
    const pages: Record<string, OrderedPage> = { first: { ids: ['b', 'a'], next: 'p2' }, p2: { ids: ['c'] } };
    const { service } = gateway({
      pageInOrder: (_token, criteria, page) => {
        ordered.push(page);
        return Promise.resolve(criteria.text ? undefined : pages[page.pageToken ?? 'first']);
      },
      findContents: (_token, criteria, page) => {
        found.push([criteria, page]);
        // Answered in another order than asked: the page keeps the provider's token order.
        return Promise.resolve([...(criteria.contentIds ?? ['x', 'y'])].sort().map(card));
      },
    });
    const byName = { ...filter, text: undefined, limit: 2 };
    const first = await service.list(user(), byName);
    expect(first.contents.map((c) => c.id)).toEqual(['b', 'a']);
    expect(first.next).toEqual({ token: 'p2' });
    const second = await service.list(user(), { ...byName, cursor: first.next });
    expect(second.contents.map((c) => c.id)).toEqual(['c']);
    expect(second.next).toBeUndefined();
    expect(ordered).toEqual([
      { sort: 'name', descending: false, locale: 'IT', limit: 2, pageToken: undefined },
      { sort: 'name', descending: false, locale: 'IT', limit: 2, pageToken: 'p2' },
    ]);
    expect(found.map(([criteria, page]) => [criteria.contentIds, page.offset, page.limit])).toEqual([
      [['b', 'a'], 0, 2],
      [['c'], 0, 1],
    ]);

    // A text search the provider cannot page so goes by offset; its token is refused for it.
    const withText = await service.list(user(), { ...byName, text: 'red' });
    expect(withText.next).toEqual({ offset: 2 });
    expect(
      await domainFailure(service.list(user(), { ...byName, text: 'red', cursor: { token: 'p2' } })),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    // A token belongs to the name sort.
    expect(
      await domainFailure(service.list(user(), { ...byName, sort: 'lastUpdate', cursor: { token: 'p2' } })),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it.each<[string, number, number, boolean]>([
    ['a total under the cap as it is', 9_000, 9_000, false],
    ['the cap itself as it is', 10_000, 10_000, false],
    ['the provider past the cap as the cap and "more"', 10_001, 10_000, true],
    ['an exact provider far past the cap as the cap and "more"', 250_000, 10_000, true],
  ])('counts %s', async (_case, provided, totalResults, totalIsCapped) => {
    const asked: [ContentCriteria, string][] = [];
    const { service } = gateway({
      countMatches: (_token, criteria, locale) => {
        asked.push([criteria, locale]);
        return Promise.resolve(provided);
      },
    });
    expect(await service.total(user(), filter)).toEqual({ totalResults, totalIsCapped });
    expect(asked).toEqual([
      [expect.objectContaining({ folderIds: ['f1'], cascade: true, text: 'red' }), 'IT'],
    ]);
  });
});

describe('SearchService: the built-in saved searches’ `only` (docs/saved-searches.md)', () => {
  const clock = { now: () => new Date('2027-03-01T10:00:00Z') };
  function narrowed(
    ids: Record<'possibleDuplicates' | 'preflightFailed', string[]>,
    mandatory: string[] = [],
  ) {
    const asked: ContentCriteria[] = [];
    const fake: SearchGateway = {
      findContents: (_token, criteria) => {
        asked.push(criteria);
        return Promise.resolve([]);
      },
      countMatches: (_token, criteria) => {
        asked.push(criteria);
        return Promise.resolve(3);
      },
      countContents: () => Promise.resolve(0),
      pageInOrder: () => Promise.resolve(undefined),
    };
    const service = new SearchService(
      fake,
      folderAtDepth(1),
      readers(),
      clock,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      { idsOf: (only) => Promise.resolve(ids[only]), mandatoryKeys: () => Promise.resolve(mandatory) },
    );
    return { service, asked };
  }
  const across: AssetListFilter = { ...filter, folderId: undefined, text: undefined };

  it('rightsEnding asks for a to-date from today to 30 days on, beside the user’s own metadata filter', async () => {
    const { service, asked } = narrowed({ possibleDuplicates: [], preflightFailed: [] });
    const own = {
      combinator: 'MUST' as const,
      clauses: [{ key: 'modelyear', operator: 'EQUAL' as const, value: '1966' }],
    };
    await service.list(user(), { ...across, metadata: [own], only: 'rightsEnding' });
    expect(asked[0].metadata?.[0]).toEqual(own);
    expect(asked[0].metadata?.[1]).toMatchObject({ combinator: 'AT_LEAST_ONE' });
    expect(asked[0].metadata?.[1].clauses).toContainEqual({
      key: 'people-todate',
      operator: 'BETWEEN',
      value: '2027-03-01',
      value2: '2027-03-31',
    });
  });

  it('missingMandatory asks for the contents without a value for one of the mandatory keys; none mandatory, none asked', async () => {
    const { service, asked } = narrowed({ possibleDuplicates: [], preflightFailed: [] }, [
      'utilizzo',
      'authorinfo',
    ]);
    await service.list(user(), { ...across, only: 'missingMandatory' });
    expect(asked.map((c) => c.metadataMissingAny)).toEqual([['utilizzo', 'authorinfo']]);
    const none = narrowed({ possibleDuplicates: [], preflightFailed: [] });
    expect(await none.service.total(user(), { subfolders: false, only: 'missingMandatory' })).toMatchObject({
      totalResults: 0,
    });
    expect(none.asked).toEqual([]);
  });

  it('possibleDuplicates and preflightFailed keep to the hub’s ids, pages and totals alike', async () => {
    const { service, asked } = narrowed({ possibleDuplicates: ['a', 'b'], preflightFailed: ['c'] });
    await service.list(user(), { ...across, only: 'possibleDuplicates' });
    await service.total(user(), { subfolders: false, only: 'preflightFailed' });
    expect(asked.map((c) => c.contentIds)).toEqual([['a', 'b'], ['c']]);
  });

  it('asks the provider nothing when no id is left: nothing pending, or a collection outside the set', async () => {
    const { service, asked } = narrowed({ possibleDuplicates: [], preflightFailed: ['c'] });
    expect((await service.list(user(), { ...across, only: 'possibleDuplicates' })).contents).toEqual([]);
    expect(
      await service.total(user(), { subfolders: false, only: 'preflightFailed', contentIds: ['x'] }),
    ).toEqual({
      totalResults: 0,
      totalIsCapped: false,
    });
    expect(await service.total(user(), { subfolders: false, contentIds: [] })).toMatchObject({
      totalResults: 0,
    });
    expect(asked).toEqual([]);
    await service.total(user(), { subfolders: false, only: 'preflightFailed', contentIds: ['x', 'c'] });
    expect(asked.map((c) => c.contentIds)).toEqual([['c']]);
  });
});
