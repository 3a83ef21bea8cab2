import { HubPrismaService } from '../../src/database/hub-prisma.service';
import { UsersService } from '../../src/users/users.service';
import { startTestApp, type TestApp } from '../support/test-app';

const person = (
  username: string,
  firstName: string,
  lastName: string,
  email: string,
  companyName = 'Maker SpA',
) => ({
  username,
  firstName,
  lastName,
  email,
  companyName,
  department: companyName === 'Maker SpA' ? 'MARKETING' : null,
  roles: ['user'],
});

const PEOPLE = [
  person('mario.rossi', 'Mario', 'Rossi', 'mario.rossi@maker.example'),
  person('giulia.rossetti', 'Giulia', 'Rossetti', 'giulia.rossetti@maker.example'),
  person('carla.verdi', 'Carla', 'Verdi', 'c.barossa@maker.example'),
  person('anna.bianchi', 'Anna', 'Bianchi', 'anna_b@maker.example'),
  person('foto.uno', 'Franco', 'Neri', 'franco@fotostudio.example', '100% Foto Studio'),
  person('foto.due', 'Paolo', 'Gialli', 'paolo@studio1000.example', '1000 Foto Studio'),
  person('back.slash', 'Bruno', 'Back', 'bruno@maker.example', 'Back\\Slash Srl'),
  ...Array.from({ length: 25 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return person(`pager.${n}`, `Pietro${n}`, 'Pager', `pietro${n}@supplier.example`, 'Pager Supplies');
  }),
];

/** User search over hub.directory_user against real PostgreSQL (SPEC §7 GET /users/search). */
describe('user search (PostgreSQL)', () => {
  let t: TestApp;
  let users: UsersService;
  beforeAll(async () => {
    t = await startTestApp();
    users = t.app.get(UsersService);
    await t.app.get(HubPrismaService).directoryUser.createMany({ data: PEOPLE });
  });
  afterAll(() => t.close());

  const usernames = async (searchString: string) =>
    (await users.search({ searchString, limit: 50 })).users.map((u) => u.username);

  it('finds people by part of a name, case-insensitively, prefix matches first', async () => {
    expect(await usernames('ross')).toEqual(['giulia.rossetti', 'mario.rossi', 'carla.verdi']);
    expect(await usernames('ROSS')).toEqual(await usernames('ross'));
    expect(await usernames('iulia')).toEqual(['giulia.rossetti']);
  });

  it('searches username, e-mail and company too', async () => {
    expect(await usernames('anna.b')).toEqual(['anna.bianchi']);
    expect(await usernames('fotostudio.example')).toEqual(['foto.uno']);
    expect(await usernames('pager supplies')).toHaveLength(25);
  });

  it('needs every word to match', async () => {
    expect(await usernames('mario rossi')).toEqual(['mario.rossi']);
    expect(await usernames('Rossi Giulia')).toEqual([]);
  });

  it('takes % and _ and \\ literally', async () => {
    expect(await usernames('100%')).toEqual(['foto.uno']);
    expect(await usernames('%')).toEqual(['foto.uno']);
    expect(await usernames('_')).toEqual(['anna.bianchi']);
    expect(await usernames('anna_')).toEqual(['anna.bianchi']);
    expect(await usernames('k\\s')).toEqual(['back.slash']);
  });

  it('answers the fields of the contract', async () => {
    const result = await users.search({ searchString: 'mario.rossi' });
    expect(result).toEqual({
      users: [
        {
          username: 'mario.rossi',
          firstName: 'Mario',
          lastName: 'Rossi',
          email: 'mario.rossi@maker.example',
          companyName: 'Maker SpA',
          department: 'MARKETING',
        },
      ],
      totalResults: 1,
    });
  });

  it('pages through the results with a stable order and the total on every page', async () => {
    const pages = await Promise.all(
      [0, 10, 20, 30].map((offset) => users.search({ searchString: 'pager', limit: 10, offset })),
    );
    expect(pages.map((p) => p.users.length)).toEqual([10, 10, 5, 0]);
    expect(pages.map((p) => p.totalResults)).toEqual([25, 25, 25, 25]);
    const all = pages.flatMap((p) => p.users.map((u) => u.username));
    expect(all).toEqual(PEOPLE.filter((p) => p.lastName === 'Pager').map((p) => p.username));
  });

  it('lists everybody, 20 at a time, for an empty search', async () => {
    const result = await users.search({});
    expect(result.totalResults).toBe(PEOPLE.length);
    expect(result.users).toHaveLength(20);
    expect(result.users[0]?.lastName).toBe('Back');
  });

  it('does not invent results from vins and sfEventIds it cannot look up', async () => {
    const filtered = await users.search({
      searchString: 'ross',
      vins: ['ZFA31200000123456'],
      sfEventIds: ['EVT-1'],
    });
    expect(filtered).toEqual({ users: [], totalResults: 0 });
  });

  it('answers 401 without a session', async () => {
    const res = await fetch(`${t.url}/api/users/search?searchString=ross`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
