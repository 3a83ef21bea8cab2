import type { AuthUser } from '../auth/auth-user';
import { DomainError } from '../common/domain-error';
import { ProviderError } from '../provider/provider.errors';
import type { ContentCriteria, SearchGateway } from '../provider/search.gateway';
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
};

function gateway(over: Partial<SearchGateway> = {}) {
  const counted: ContentCriteria[] = [];
  const fake: SearchGateway = {
    findContents: () => Promise.resolve({ contents: [], totalResults: 0 }),
    countContents: (_token, criteria) => {
      counted.push(criteria);
      return Promise.resolve(counted.length);
    },
    ...over,
  };
  return { service: new SearchService(fake), counted };
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
  it('counts each user-role view in its department folder, sub-folders included', async () => {
    const { service, counted } = gateway();
    const counts = await service.counts(user());
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
  });

  it.each<[string, Partial<AuthUser>]>([
    ['an approver', { roles: ['user', 'approver'], primaryRole: 'approver' }],
    ['an observer', { roles: ['user', 'observer'], primaryRole: 'observer' }],
    ['a supplier', { roles: ['supplier'], primaryRole: 'supplier', department: null }],
    ['a basic user', { roles: ['user', 'basic_user'], primaryRole: 'basic_user' }],
    ['a user without a department', { department: null }],
  ])('gives %s no counts and asks the provider nothing', async (_who, over) => {
    const { service, counted } = gateway();
    expect(await service.counts(user(over))).toEqual({});
    expect(counted).toEqual([]);
  });

  it.each<[string, ProviderError, string, string]>([
    ['a refused search', new ProviderError('E002', false, 'x'), 'E002', 'internal'],
    ['an unreachable provider', new ProviderError('PROVIDER_UNAVAILABLE', true, 'x'), 'E002', 'unavailable'],
    [
      'an ended provider session',
      new ProviderError('UNAUTHENTICATED', false, 'x'),
      'UNAUTHENTICATED',
      'unauthenticated',
    ],
  ])('answers %s with %s', async (_case, error, code, kind) => {
    const { service } = gateway({ findContents: () => Promise.reject(error) });
    expect(await domainFailure(service.list(user(), filter))).toMatchObject({ code, kind });
  });

  it.each<[string, number, number, number, boolean]>([
    ['a total under the cap as it is', 0, 9_000, 9_000, false],
    ['the provider past the cap as the cap and "more"', 0, 10_001, 10_000, true],
    ['a deep page past the cap to its end and "more"', 10_000, 10_101, 10_100, true],
    ['the last deep page exactly', 10_000, 10_042, 10_042, false],
  ])('counts %s', async (_case, offset, provided, totalResults, totalIsCapped) => {
    const { service } = gateway({
      findContents: () => Promise.resolve({ contents: [], totalResults: provided }),
    });
    expect(await service.list(user(), { ...filter, offset })).toMatchObject({ totalResults, totalIsCapped });
  });

  it('answers a failed count with E015', async () => {
    const { service } = gateway({
      countContents: () => Promise.reject(new ProviderError('E015', false, 'x')),
    });
    expect(await domainFailure(service.counts(user()))).toMatchObject({ code: 'E015', kind: 'internal' });
  });
});
