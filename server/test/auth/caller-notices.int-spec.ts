import { Client } from 'pg';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { CHANGES_CHANNEL } from '../../src/database/change-feed';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, hubDb, seedPeople, signIn } from './auth-fixtures';

/**
 * Issue 26: each api process keeps who people are until PostgreSQL announces a change (`callers`).
 * A sign-in writes a little every time; only what changes who someone is may be announced, or each
 * sign-in would make every process drop everyone it kept.
 */
describe('who people are, announced only when it changes', () => {
  let t: TestApp;
  let listener: Client;
  let heard: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    await seedPeople(t);
    listener = new Client({ connectionString: t.db.url });
    await listener.connect();
    listener.on('notification', ({ payload }) => heard.push(payload ?? ''));
    await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
    await t.close();
  });

  /**
   * What was announced by everything committed so far: notices come in commit order, so once a
   * marker sent now is heard, every earlier one has been.
   */
  async function announced(): Promise<string[]> {
    const marker = `marker-${Math.random()}`;
    await hubDb(t).$executeRaw`SELECT pg_notify(${CHANGES_CHANNEL}, ${marker})`;
    for (let i = 0; i < 200 && !heard.includes(marker); i++) await new Promise((r) => setTimeout(r, 10));
    const before = heard.slice(0, heard.indexOf(marker));
    heard = heard.slice(heard.indexOf(marker) + 1);
    return before;
  }

  it('announces nothing when someone signs in again and nothing about them changed', async () => {
    await signIn(t, 'anna.bianchi');
    await announced();
    const before = await hubDb(t).directoryUser.findUniqueOrThrow({ where: { username: 'anna.bianchi' } });
    await signIn(t, 'anna.bianchi');
    expect(await announced()).toEqual([]);
    // Not even written: the entry's update time is that of its last change.
    const after = await hubDb(t).directoryUser.findUniqueOrThrow({ where: { username: 'anna.bianchi' } });
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it('announces a directory entry that changed at sign-in', async () => {
    await signIn(t, 'anna.bianchi');
    await t.app.get(BuiltinIdentitySeeder).upsertUser({
      username: 'anna.bianchi',
      password: PASSWORD,
      firstName: 'Anna',
      lastName: 'Bianchi-Verdi',
      email: 'anna.bianchi@example.com',
      companyName: 'Sales',
      groups: ['L/SALES'],
    });
    await announced();
    await signIn(t, 'anna.bianchi');
    expect(await announced()).toContain('callers');
    const entry = await hubDb(t).directoryUser.findUniqueOrThrow({ where: { username: 'anna.bianchi' } });
    expect(entry.lastName).toBe('Bianchi-Verdi');
  });

  it('announces a session that ended at sign-in, and not a page load that only marks it seen', async () => {
    await signIn(t, 'mario.rossi');
    await announced();
    await hubDb(t).session.updateMany({
      where: { username: 'mario.rossi' },
      data: { lastSeenAt: new Date(Date.now() - 3_600_000) },
    });
    expect(await announced()).toEqual([]);
    await hubDb(t).session.updateMany({
      where: { username: 'mario.rossi' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await announced()).toEqual(['callers']);
    await signIn(t, 'mario.rossi');
    expect(await announced()).toEqual(['callers']);
    expect(await hubDb(t).session.count({ where: { username: 'mario.rossi' } })).toBe(1);
  });
});
