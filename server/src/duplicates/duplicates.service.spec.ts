import type { DuplicatePair } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import type { EnrichmentService } from '../enrichment/enrichment.service';
import type { WorkflowFolders } from '../places/workflow-folders';
import type { DuplicatePairsRepository } from '../preflight/duplicate-pairs.repository';
import type { FingerprintsRepository } from '../preflight/fingerprints.repository';
import type { ContentsGateway, ProviderContentDetail } from '../provider/contents.gateway';
import type { PersonNames } from '../users/person-names';
import type { AssetJunk } from './asset-junk';
import { DuplicatesService, groupsOf } from './duplicates.service';

const pair = (a: string, b: string): DuplicatePair => ({
  a,
  b,
  match: 'near',
  distance: 3,
  decision: null,
  kept: null,
  decidedBy: null,
  decidedAt: null,
});

describe('groupsOf', () => {
  it('joins pairs that share an asset, however far along the chain, and keeps apart the rest', () => {
    const groups = groupsOf([pair('1', '2'), pair('5', '6'), pair('3', '4'), pair('2', '3')]);
    expect(groups.map((g) => [g.ids.sort(), g.pairs.length])).toEqual([
      [['1', '2', '3', '4'], 3],
      [['5', '6'], 1],
    ]);
  });

  it('makes no group of no pairs', () => {
    expect(groupsOf([])).toEqual([]);
  });
});

describe('DuplicatesService.review', () => {
  /** The organisation's undecided pairs, newest first: 1,200 of another department, then 3 of mario's. */
  const pairs = [
    ...Array.from({ length: 1_200 }, (_, i) => pair(`theirs-${i}a`, `theirs-${i}b`)),
    pair('mine-1', 'mine-2'),
    pair('mine-2', 'mine-3'),
    pair('mine-4', 'mine-5'),
  ];
  const looked: string[][] = [];
  const detail = (id: string) =>
    ({
      id,
      contentType: 'IMAGE',
      sourceExtension: 'jpg',
      locales: [{ locale: 'EN', name: `${id}.jpg` }],
      creationDate: '2026-11-29T10:00:00Z',
      lastUpdate: '2026-11-29T10:00:00Z',
      userId: 'mario.rossi',
      owner: 'Mario Rossi',
      version: 1,
      state: 'READY',
      linkedCategoryIds: ['archive'],
    }) as unknown as ProviderContentDetail;
  const service = new DuplicatesService(
    {
      undecided: (limit: number, offset = 0) => Promise.resolve(pairs.slice(offset, offset + limit)),
      decidedAmong: () => Promise.resolve([]),
    } as unknown as DuplicatePairsRepository,
    {
      contentsByIds: (_token: string, ids: string[]) => {
        looked.push(ids);
        return Promise.resolve(ids.filter((id) => id.startsWith('mine-')).map(detail));
      },
    } as unknown as ContentsGateway,
    {
      firstFolderIn: (ids: string[]) => Promise.resolve(ids[0] ?? null),
    } as unknown as WorkflowFolders,
    {} as AssetJunk,
    {} as EnrichmentService,
    { of: () => Promise.resolve(new Map()) } as unknown as PersonNames,
    {} as FingerprintsRepository,
  );
  const mario = { username: 'mario.rossi', roles: ['user'], providerToken: 't' } as unknown as AuthUser;

  it("reads on past other departments' pairs until it has the user's, each asset looked up once", async () => {
    const groups = await service.review(mario, 'open', 'en');
    expect(groups.map((g) => g.assets.map((a) => a.id).sort())).toEqual([
      ['mine-1', 'mine-2', 'mine-3'],
      ['mine-4', 'mine-5'],
    ]);
    const ids = looked.flat();
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('DuplicatesService.decide', () => {
  const inHeritage = (id: string) =>
    ({
      id,
      linkedCategoryIds: ['h'],
      linkedCategories: [{ prettyId: 'arch04-heritage' }],
    }) as unknown as ProviderContentDetail;
  const decided: string[] = [];
  const service = new DuplicatesService(
    {
      find: (a: string, b: string) => Promise.resolve(pair(a, b)),
      decide: (a: string, b: string) => {
        decided.push(`${a}~${b}`);
        return Promise.resolve(pair(a, b));
      },
    } as unknown as DuplicatePairsRepository,
    {
      contentsByIds: (_t: string, ids: string[]) => Promise.resolve(ids.map(inHeritage)),
    } as unknown as ContentsGateway,
    {} as WorkflowFolders,
    {} as AssetJunk,
    {} as EnrichmentService,
    { of: () => Promise.resolve(new Map()) } as unknown as PersonNames,
    {} as FingerprintsRepository,
  );

  it("leaves another department's pairs to its people, who read them too (a channel, the shared archive)", async () => {
    const mario = {
      username: 'mario.rossi',
      roles: ['user'],
      department: 'MARKETING',
    } as unknown as AuthUser;
    await expect(service.decide(mario, { a: 'h1', b: 'h2', decision: 'distinct' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const giulio = { username: 'giulio', roles: ['user'], department: 'HERITAGE' } as unknown as AuthUser;
    await service.decide(giulio, { a: 'h1', b: 'h2', decision: 'distinct' });
    expect(decided).toEqual(['h1~h2']);
  });
});
