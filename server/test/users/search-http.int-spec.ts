import type { ErrorBody } from '@paddock/rules';
import type { UserSearchResponse } from '../../src/users/users.dto';
import { seedPeople, signIn } from '../profile/http-session';
import { startTestApp, type TestApp } from '../support/test-app';

/** GET /api/users/search over HTTP: people enter the hub's directory when they sign in. */
describe('user search API over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await seedPeople(t, [
      {
        username: 'mario.rossi',
        firstName: 'Mario',
        lastName: 'Rossi',
        email: 'mario.rossi@maker.example',
        companyName: 'Maker',
      },
      {
        username: 'giulia.rossetti',
        firstName: 'Giulia',
        lastName: 'Rossetti',
        email: 'g.rossetti@maker.example',
        companyName: 'Maker',
      },
      {
        username: 'acme.supplier',
        firstName: 'Aldo',
        lastName: 'Acme',
        email: 'aldo@acme.example',
        companyName: 'ACME Parts',
        groups: [],
      },
    ]);
    for (const username of ['mario.rossi', 'giulia.rossetti', 'acme.supplier']) await signIn(t, username);
  });
  afterAll(() => t.close());

  it('finds signed-in people by part of their name, with the fields of the contract', async () => {
    const mario = await signIn(t, 'mario.rossi');
    const res = await mario.get<UserSearchResponse>('/api/users/search?searchString=ROSS');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      users: [
        {
          username: 'giulia.rossetti',
          firstName: 'Giulia',
          lastName: 'Rossetti',
          email: 'g.rossetti@maker.example',
          companyName: 'Maker',
          department: 'MARKETING',
        },
        {
          username: 'mario.rossi',
          firstName: 'Mario',
          lastName: 'Rossi',
          email: 'mario.rossi@maker.example',
          companyName: 'Maker',
          department: 'MARKETING',
        },
      ],
      totalResults: 2,
    });
  });

  it("refuses suppliers: the directory is the maker's staff list", async () => {
    const supplier = await signIn(t, 'acme.supplier');
    const res = await supplier.get<ErrorBody>('/api/users/search?searchString=ross');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('pages with limit and offset, and answers the same through the header contract', async () => {
    const api = await signIn(t, 'giulia.rossetti', 'header-contract');
    const first = await api.get<UserSearchResponse>('/api/users/search?limit=2');
    const second = await api.get<UserSearchResponse>('/api/users/search?limit=2&offset=2');
    expect([first.body.totalResults, second.body.totalResults]).toEqual([3, 3]);
    expect([...first.body.users, ...second.body.users].map((u) => u.username)).toEqual([
      'acme.supplier',
      'giulia.rossetti',
      'mario.rossi',
    ]);
  });

  it('accepts vins and sfEventId, and finds nobody when no asset the user sees carries them', async () => {
    const mario = await signIn(t, 'mario.rossi');
    const filtered = await mario.get<UserSearchResponse>(
      '/api/users/search?searchString=ross&vins=ZFA31200000123456,zfa31200000654321&sfEventId=a0B5g00000XyZ12',
    );
    expect(filtered.status).toBe(200);
    expect(filtered.body).toMatchObject({ users: [], totalResults: 0 });
  });

  it('refuses invalid queries with 400 VALIDATION_FAILED', async () => {
    const mario = await signIn(t, 'mario.rossi');
    for (const query of [
      'limit=51',
      'limit=0',
      'offset=-1',
      'vins=NOTAVIN',
      'sfEventId=a%20b',
      'role=admin',
    ]) {
      const res = await mario.get<ErrorBody>(`/api/users/search?${query}`);
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
  });
});
