import { UsersService, type UsersStore } from './users.service';
import type { DirectoryEntry, DirectoryPage, DirectoryQuery } from './users.types';

const anna: DirectoryEntry = {
  username: 'anna.bianchi',
  firstName: 'Anna',
  lastName: 'Bianchi',
  email: 'anna.bianchi@example.com',
  companyName: 'Maker',
  department: 'MARKETING',
};

class FakeUsersRepository implements UsersStore {
  queries: DirectoryQuery[] = [];
  async search(query: DirectoryQuery): Promise<DirectoryPage> {
    this.queries.push(query);
    return { users: [anna], totalResults: 1 };
  }
}

describe('UsersService', () => {
  let repo: FakeUsersRepository;
  let service: UsersService;
  beforeEach(() => {
    repo = new FakeUsersRepository();
    service = new UsersService(repo);
  });

  it('searches by the words of the search string, 20 at a time by default', async () => {
    expect(await service.search({ searchString: ' anna  bia ' })).toEqual({ users: [anna], totalResults: 1 });
    expect(repo.queries).toEqual([{ terms: ['anna', 'bia'], limit: 20, offset: 0 }]);
  });

  it('keeps limit within 1..50 and offset at 0 or more', async () => {
    await service.search({ limit: 500, offset: -3 });
    await service.search({ limit: 0, offset: 40 });
    expect(repo.queries.map(({ limit, offset }) => ({ limit, offset }))).toEqual([
      { limit: 50, offset: 0 },
      { limit: 1, offset: 40 },
    ]);
  });

  it('narrows by vins and sfEventIds to the owners of the assets that carry them', async () => {
    const asked: unknown[] = [];
    const people = {
      ownersOf: async (token: string, filter: { vins?: string[]; sfEventIds?: string[] }) => {
        asked.push([token, filter]);
        return new Set(['anna.bianchi']);
      },
    };
    service = new UsersService(repo, people);
    await service.search(
      { searchString: 'anna', vins: ['ZFA31200000123456'], sfEventIds: ['a0B5g00000XyZ12'] },
      'tok',
    );
    expect(asked).toEqual([['tok', { vins: ['ZFA31200000123456'], sfEventIds: ['a0B5g00000XyZ12'] }]]);
    expect(repo.queries).toEqual([{ terms: ['anna'], limit: 20, offset: 0, usernames: ['anna.bianchi'] }]);
  });

  it('finds nobody when no asset carries the VIN, and does not narrow without a filter', async () => {
    service = new UsersService(repo, {
      ownersOf: async () => new Set<string>(),
    });
    await service.search({ vins: ['ZFA31200000123456'] }, 'tok');
    await service.search({ searchString: 'anna' });
    expect(repo.queries).toEqual([
      { terms: [], limit: 20, offset: 0, usernames: [] },
      { terms: ['anna'], limit: 20, offset: 0 },
    ]);
  });
});
