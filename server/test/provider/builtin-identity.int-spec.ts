import { GENERAL_GROUPS } from '@paddock/rules';
import { createHash } from 'node:crypto';
import {
  BuiltinIdentitySeeder,
  groupIdOf,
} from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { TokenRepository } from '../../src/builtin-provider/identity/token.repository';
import { UserDirectoryRepository } from '../../src/builtin-provider/identity/user-directory.repository';
import { LOGIN_FLOOD_GUARD } from '../../src/common/login-throttle';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, call, postForm, providerDb, seedPeople } from '../auth/auth-fixtures';

interface Envelope {
  resultCode: string;
  errorDescription?: string;
  ssoCode: string;
  [field: string]: unknown;
}

const AM = '/provider/xsso/resources/accessmanager';
const DETAIL = '/provider/xsso/resources/vusermanager/detail';

/** The built-in provider answers THRON's shapes directly on /provider (research §1, §2). */
describe('built-in provider identity endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOGIN_MAX_FAILURES: '3' });
    await seedPeople(t);
  });
  afterAll(() => t.close());

  const login = (form: Record<string, string>, headers: Record<string, string> = {}, client = 'paddock') =>
    postForm<Envelope>(t, `${AM}/login/${client}`, form, headers);
  const tokenOf = async (username = 'mario.rossi') => {
    const res = await login({ username, password: PASSWORD });
    expect(res.status).toBe(200);
    return String(res.body.tokenId);
  };

  describe('login', () => {
    it('answers MResponseAccessLogin for form fields', async () => {
      const res = await login({ username: 'mario.rossi', password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        resultCode: 'OK',
        tokenId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        username: 'mario.rossi',
        userFullName: 'Mario Rossi',
        userType: 'PLATFORM_USER',
        ssoCode: 'OK',
      });
    });

    it('accepts username and password as headers', async () => {
      const res = await login({}, { username: 'mario.rossi', password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.username).toBe('mario.rossi');
    });

    it('answers business errors as HTTP 418 with the envelope and X-ERRORCODE', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ username: 'mario.rossi', password: 'wrong' }, 'WRONG_CREDENTIALS'],
        [{ username: 'nobody', password: 'wrong' }, 'WRONG_CREDENTIALS'],
        [{ username: 'expired.user', password: PASSWORD }, 'PASSWORD_EXPIRED'],
        [{ username: 'disabled.user', password: PASSWORD }, 'ACCOUNT_DISABLED'],
      ];
      for (const [form, description] of cases) {
        const res = await login(form);
        expect(res.status).toBe(418);
        expect(res.body).toEqual({
          resultCode: 'ACCESS_DENIED',
          errorDescription: description,
          ssoCode: 'AUTHENTICATION_ERROR',
        });
        expect(res.headers.get('x-errorcode')).toBe('ACCESS_DENIED');
        expect(res.body).not.toHaveProperty('correlationId');
      }
    });

    it('answers CLIENT_NOT_FOUND for another tenant and 400 for missing fields', async () => {
      const other = await login({ username: 'mario.rossi', password: PASSWORD }, {}, 'acme');
      expect(other.status).toBe(418);
      expect(other.body.resultCode).toBe('CLIENT_NOT_FOUND');
      const missing = await login({ username: 'mario.rossi' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({
        resultCode: 'EXCEPTION',
        errorDescription: expect.stringContaining('INVALID_ARGUMENTS'),
      });
    });

    it('slows a name down per caller address, never the account, and the same way for an unknown name', async () => {
      await t.app
        .get(BuiltinIdentitySeeder)
        .upsertUser({ username: 'throttled.provider', password: PASSWORD });
      const from = (address: string, username: string, password: string) =>
        login({ username, password }, { 'x-forwarded-for': address });
      const answers = async (username: string) => {
        const seen: { status: number; body: Envelope; retryAfter: string | null }[] = [];
        // LOGIN_MAX_FAILURES is 3 here: three wrong passwords are answered, the fourth try waits.
        for (const password of ['x1', 'x2', 'x3', PASSWORD]) {
          const res = await from('203.0.113.20', username, password);
          seen.push({ status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') });
        }
        return seen;
      };
      const real = await answers('throttled.provider');
      expect(real.map((a) => [a.status, a.body.errorDescription, a.retryAfter])).toEqual([
        [418, 'WRONG_CREDENTIALS', null],
        [418, 'WRONG_CREDENTIALS', null],
        [418, 'WRONG_CREDENTIALS', null],
        [429, 'TOO_MANY_ATTEMPTS', '30'],
      ]);
      expect(await answers('nobody.provider')).toEqual(real);
      const elsewhere = await from('203.0.113.21', 'throttled.provider', PASSWORD);
      expect(elsewhere.status).toBe(200);
    });

    it('stores only the sha256 of a token', async () => {
      const token = await tokenOf('anna.bianchi');
      const id = createHash('sha256').update(token).digest('hex');
      const row = await providerDb(t).token.findUnique({ where: { id } });
      expect(row).not.toBeNull();
      expect(await providerDb(t).token.findUnique({ where: { id: token } })).toBeNull();
    });

    it('throttles logins per client address with a 429 envelope', async () => {
      const headers = { 'x-forwarded-for': '203.0.113.9' };
      // Failures (a new name each time) alternate with successes: neither the per-name delays nor the
      // address's failure cap may be what answers here, only the flood guard.
      const answers: number[] = [];
      for (let i = 0; i < LOGIN_FLOOD_GUARD.limit; i++) {
        const body =
          i % 2
            ? { username: 'mario.rossi', password: PASSWORD }
            : { username: `nobody.${i}`, password: 'x' };
        answers.push((await login(body, headers)).status);
      }
      expect(answers.every((status, i) => status === (i % 2 ? 200 : 418))).toBe(true);
      const last = await login({ username: 'nobody', password: 'x' }, headers);
      expect(last.status).toBe(429);
      expect(last.body).toEqual({
        resultCode: 'ACCESS_DENIED',
        errorDescription: 'TOO_MANY_ATTEMPTS',
        ssoCode: 'AUTHENTICATION_ERROR',
      });
      expect(
        (await login({ username: 'nobody', password: 'x' }, { 'x-forwarded-for': '203.0.113.10' })).status,
      ).toBe(418);
    });
  });

  describe('validateToken', () => {
    it('answers the token owner and slides the expiry', async () => {
      const token = await tokenOf();
      const id = createHash('sha256').update(token).digest('hex');
      await providerDb(t).token.update({ where: { id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
      const res = await postForm<Envelope>(
        t,
        `${AM}/validateToken/paddock`,
        { username: 'mario.rossi', clientId: 'paddock' },
        { 'X-TOKENID': token },
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        resultCode: 'OK',
        tokenId: token,
        username: 'mario.rossi',
        userFullName: 'Mario Rossi',
        userType: 'PLATFORM_USER',
        ssoCode: 'OK',
      });
      const row = await providerDb(t).token.findUniqueOrThrow({ where: { id } });
      expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);

      // A use right after does not write the row again: the expiry moves in steps of a minute.
      const again = await postForm<Envelope>(
        t,
        `${AM}/validateToken/paddock`,
        { username: 'mario.rossi', clientId: 'paddock' },
        { 'X-TOKENID': token },
      );
      expect(again.status).toBe(200);
      const unchanged = await providerDb(t).token.findUniqueOrThrow({ where: { id } });
      expect(unchanged.expiresAt).toEqual(row.expiresAt);
    });

    it('reads the whole user behind a token, as the directory reads them', async () => {
      const token = await tokenOf();
      const id = createHash('sha256').update(token).digest('hex');
      const tokens = t.app.get(TokenRepository);
      const directory = t.app.get(UserDirectoryRepository);
      const later = new Date(Date.now() + 3_600_000);
      const live = await tokens.live(id, new Date());
      expect(live?.user).toEqual(await directory.findByUsername('mario.rossi'));
      expect(live?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
      expect(await tokens.live(id, new Date(later.getTime() + 60_000))).toBeNull();
      expect(await tokens.live('unknown', new Date())).toBeNull();
      expect(await tokens.slide(id, new Date(), later)).toBe(true);
      expect(await tokens.slide(id, new Date(later.getTime() + 1), later)).toBe(false);
      expect(await tokens.slide('unknown', new Date(), later)).toBe(false);
    });

    it('answers 403 SESSION_EXPIRED for an expired, unknown or missing token', async () => {
      const token = await tokenOf();
      await providerDb(t).token.update({
        where: { id: createHash('sha256').update(token).digest('hex') },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      const cases: Record<string, string>[] = [{ 'X-TOKENID': token }, { 'X-TOKENID': 'unknown' }, {}];
      for (const headers of cases) {
        const res = await postForm<Envelope>(t, `${AM}/validateToken/paddock`, {}, headers);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          resultCode: 'SESSION_NON_FOUND',
          errorDescription: 'SESSION_EXPIRED',
          ssoCode: 'SESSION_EXPIRED',
        });
      }
    });

    it('refuses a token of another user and another clientId in the form', async () => {
      const token = await tokenOf();
      const other = await postForm<Envelope>(
        t,
        `${AM}/validateToken/paddock`,
        { username: 'anna.bianchi' },
        { 'X-TOKENID': token },
      );
      expect(other.status).toBe(403);
      expect(other.body.errorDescription).toBe('USERNAME_MISMATCH');
      const client = await postForm<Envelope>(
        t,
        `${AM}/validateToken/paddock`,
        { clientId: 'acme' },
        { 'X-TOKENID': token },
      );
      expect(client.status).toBe(418);
      expect(client.body.resultCode).toBe('CLIENT_NOT_FOUND');
    });
  });

  describe('logout', () => {
    it('deletes the token', async () => {
      const token = await tokenOf();
      const res = await postForm<Envelope>(t, `${AM}/logout/paddock`, {}, { 'X-TOKENID': token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ resultCode: 'OK', ssoCode: 'OK' });
      const again = await postForm(t, `${AM}/validateToken/paddock`, {}, { 'X-TOKENID': token });
      expect(again.status).toBe(403);
    });
  });

  describe('vusermanager/detail', () => {
    it('answers MResponseVUserDetail, with or without the trailing slash', async () => {
      const token = await tokenOf();
      for (const path of [`${DETAIL}/`, DETAIL]) {
        const res = await call<Envelope>(
          t,
          'GET',
          `${path}?clientId=paddock&username=mario.rossi&returnItags=true`,
          {
            headers: { 'X-TOKENID': token },
          },
        );
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          resultCode: 'OK',
          user: {
            credential: { username: 'mario.rossi', lastLogin: expect.any(String) },
            active: true,
            userType: 'PLATFORM_USER',
            detail: {
              name: { firstName: 'Mario', lastName: 'Rossi' },
              emails: [{ email: 'mario.rossi@example.com' }],
              businessDetail: { companyName: 'Marketing' },
            },
            imageUrl: 'https://example.com/mario.png',
          },
          linkedGroups: ['APP.MARKETING.STEP2', 'L/MARKETING', 'L/SALES', 'PADDOCK.MULTI_DEPARTMENT'].map(
            (name) => ({
              id: groupIdOf(name),
              name,
              description: '',
              active: true,
              groupType: 'PLATFORM',
            }),
          ),
          totalResults: 4,
          ssoCode: 'OK',
        });
      }
    });

    it('pages linked groups by offset and numberOfResults, at most 50', async () => {
      const names = Array.from({ length: 60 }, (_, i) => `G${String(i).padStart(2, '0')}`);
      await t.app
        .get(BuiltinIdentitySeeder)
        .upsertUser({ username: 'many.groups', password: PASSWORD, groups: names });
      const token = await tokenOf('many.groups');
      const page = async (query: string) =>
        call<{ linkedGroups: { name: string }[]; totalResults: number }>(
          t,
          'GET',
          `${DETAIL}/?clientId=paddock&username=many.groups${query}`,
          { headers: { 'X-TOKENID': token } },
        );
      const first = await page('');
      expect(first.body.linkedGroups).toHaveLength(50);
      expect(first.body.totalResults).toBe(60);
      expect((await page('&numberOfResults=500')).body.linkedGroups).toHaveLength(50);
      const second = await page('&offset=50&numberOfResults=20');
      expect(second.body.linkedGroups.map((g) => g.name)).toEqual(names.slice(50));
      expect((await page('&offset=-1')).status).toBe(400);
    });

    it('refuses without a live token, an unknown user and another tenant', async () => {
      const token = await tokenOf();
      const none = await call<Envelope>(t, 'GET', `${DETAIL}/?clientId=paddock&username=mario.rossi`);
      expect(none.status).toBe(403);
      expect(none.body.ssoCode).toBe('SESSION_EXPIRED');
      // Only an admin (or the service account) may look up another name, known or not.
      await t.app
        .get(BuiltinIdentitySeeder)
        .upsertUser({ username: 'directory.admin', password: PASSWORD, groups: [GENERAL_GROUPS.admin] });
      const unknown = await call<Envelope>(t, 'GET', `${DETAIL}/?clientId=paddock&username=nobody`, {
        headers: { 'X-TOKENID': await tokenOf('directory.admin') },
      });
      expect(unknown.status).toBe(418);
      expect(unknown.body.resultCode).toBe('VUSERNAME_NOT_FOUND');
      const tenant = await call<Envelope>(t, 'GET', `${DETAIL}/?clientId=acme&username=mario.rossi`, {
        headers: { 'X-TOKENID': token },
      });
      expect(tenant.status).toBe(418);
      expect(tenant.body.resultCode).toBe('CLIENT_NOT_FOUND');
    });
  });

  describe('seeder', () => {
    it('is idempotent: the same seed twice leaves the same rows', async () => {
      const seeder = t.app.get(BuiltinIdentitySeeder);
      const seed = {
        username: 'seeded.twice',
        password: PASSWORD,
        firstName: 'Twice',
        groups: ['L/DESIGN', 'OBS.DESIGN'],
      };
      const id1 = await seeder.upsertUser(seed);
      const before = await providerDb(t).user.findUniqueOrThrow({
        where: { id: id1 },
        include: { groups: true },
      });
      const id2 = await seeder.upsertUser(seed);
      const after = await providerDb(t).user.findUniqueOrThrow({
        where: { id: id2 },
        include: { groups: true },
      });
      expect(id2).toBe(id1);
      expect(after).toEqual(before);
      await seeder.upsertGroups([{ name: 'L/DESIGN', description: 'Design department' }]);
      await seeder.upsertGroups([{ name: 'L/DESIGN', description: 'Design department' }]);
      const group = await providerDb(t).group.findUniqueOrThrow({ where: { name: 'L/DESIGN' } });
      expect(group).toMatchObject({ id: groupIdOf('L/DESIGN'), description: 'Design department' });
      await seeder.upsertUser({ ...seed, groups: ['L/DESIGN'] });
      expect(await providerDb(t).userGroup.count({ where: { userId: id1 } })).toBe(1);
    });
  });
});
