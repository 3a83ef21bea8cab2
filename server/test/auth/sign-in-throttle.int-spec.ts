import { GENERAL_GROUPS, type ErrorBody } from '@paddock/rules';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { CLOCK, type Clock } from '../../src/common/clock';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, call, seedPeople } from './auth-fixtures';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Sign-in slows down a username per browser address (ASVS 5 V6.3), never the account, and answers a
 * real and an unknown name alike. The app trusts a proxy on loopback (app.factory.ts), so the test,
 * calling from loopback, names each browser address in X-Forwarded-For. Time is the app's CLOCK.
 */
describe('sign-in throttle (issue 11, Accounts)', () => {
  let t: TestApp;
  let now: number;

  beforeAll(async () => {
    // The defaults: 5 failures answered at once, then waits from 30 s doubling up to 15 minutes.
    t = await startTestApp();
    await seedPeople(t);
    await t.app
      .get(BuiltinIdentitySeeder)
      .upsertUser({ username: 'admin', password: PASSWORD, groups: [GENERAL_GROUPS.admin] });
    now = Date.now();
    jest.spyOn(t.app.get<Clock>(CLOCK), 'now').mockImplementation(() => new Date(now));
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const signInFrom = (address: string, username: string, password: string) =>
    call<ErrorBody>(t, 'POST', '/api/session', {
      json: { username, password },
      headers: { 'x-forwarded-for': address },
    });

  /** What a caller can tell apart: status, body but its correlation id, and Retry-After. */
  const observable = (res: Awaited<ReturnType<typeof signInFrom>>) => ({
    status: res.status,
    body: { ...res.body, correlationId: '' },
    retryAfter: res.headers.get('retry-after'),
  });

  it("slows a stranger's address after 20 failures on admin while admin signs in from another", async () => {
    const stranger = '198.51.100.10';
    for (let guess = 0; guess < 20; guess++) {
      const res = await signInFrom(stranger, 'admin', `guess-${guess}`);
      expect(res.status).toBe(401);
      // The stranger waits out whatever delay each failure earns (never more than the 15-minute cap).
      now += 15 * MINUTE;
    }
    now -= 15 * MINUTE;

    const throttled = await signInFrom(stranger, 'admin', PASSWORD);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('900');
    expect(throttled.body).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      details: { retryAfterSeconds: 900 },
    });
    expect(throttled.headers.getSetCookie()).toEqual([]);

    const admin = await signInFrom('198.51.100.11', 'admin', PASSWORD);
    expect(admin.status).toBe(200);
    expect(admin.headers.getSetCookie()).toHaveLength(1);
  });

  it('doubles the wait with each further failure up to the cap, and refuses until the wait is over', async () => {
    const address = '198.51.100.12';
    for (let i = 0; i < 5; i++)
      expect((await signInFrom(address, 'mario.rossi', `wrong-${i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let step = 0; step < 7; step++) {
      const refused = await signInFrom(address, 'mario.rossi', 'wrong');
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      now += (wait - 1) * SECOND;
      const early = await signInFrom(address, 'mario.rossi', PASSWORD);
      expect([early.status, early.headers.get('retry-after')]).toEqual([429, '1']);
      now += SECOND;
      expect((await signInFrom(address, 'mario.rossi', 'wrong')).status).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it('answers an unknown name exactly like a real one with a wrong password, before and during throttling', async () => {
    const address = '198.51.100.13';
    const rounds: { unknown: ReturnType<typeof observable>; real: ReturnType<typeof observable> }[] = [];
    for (let round = 0; round < 7; round++) {
      const unknown = observable(await signInFrom(address, 'nobody.here', `wrong-${round}`));
      const real = observable(await signInFrom(address, 'anna.bianchi', `wrong-${round}`));
      rounds.push({ unknown, real });
    }
    for (const { unknown, real } of rounds) expect(unknown).toEqual(real);
    expect(rounds.map((r) => [r.real.status, r.real.body.code, r.real.retryAfter])).toEqual([
      ...Array.from({ length: 5 }, () => [401, 'WRONG_CREDENTIALS', null]),
      [429, 'TOO_MANY_ATTEMPTS', '30'],
      [429, 'TOO_MANY_ATTEMPTS', '30'],
    ]);
  });

  it('starts a pair again from zero after a successful sign-in', async () => {
    const address = '198.51.100.14';
    for (let i = 0; i < 4; i++)
      expect((await signInFrom(address, 'acme.supplier', `wrong-${i}`)).status).toBe(401);
    expect((await signInFrom(address, 'acme.supplier', PASSWORD)).status).toBe(200);
    const after: number[] = [];
    for (let i = 0; i < 6; i++) after.push((await signInFrom(address, 'acme.supplier', `again-${i}`)).status);
    expect(after).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
