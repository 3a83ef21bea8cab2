import { ThronError } from '../thron.errors';
import { identityUser } from '../../../test/support/provider-caller';
import { AccessManagerService } from './access-manager.service';
import type { IdentityUser } from './identity-user';

const NOW = new Date('2026-11-21T10:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

function aUser(overrides: Partial<IdentityUser> = {}): IdentityUser {
  const mario = {
    id: 'u1',
    username: 'mario',
    passwordHash: 'hash:right',
    firstName: 'Mario',
    lastName: 'Rossi',
  };
  return identityUser({ ...mario, ...overrides });
}

/** The service over an in-memory user table, a fake hasher ('hash:<password>') and a fixed clock. */
function setUp(user: IdentityUser | null) {
  const state = { user, verifiedNull: 0, tokensIssued: 0, revoked: [] as string[] };
  const service = new AccessManagerService(
    {
      findByUsername: async (username) => (state.user?.username === username ? { ...state.user } : null),
      recordFailure: async () => (state.user ? ++state.user.failedLogins : 0),
      lock: async (_id, until) => {
        if (state.user) Object.assign(state.user, { lockedUntil: until, failedLogins: 0 });
      },
      resetFailures: async () => {
        if (state.user) Object.assign(state.user, { lockedUntil: null, failedLogins: 0 });
      },
      recordLogin: async (_id, at) => {
        if (state.user) Object.assign(state.user, { lastLogin: at, lockedUntil: null, failedLogins: 0 });
      },
    },
    {
      issueToken: async () => `token-${++state.tokensIssued}`,
      resolve: async (token) => (token === 'live' && state.user ? state.user : null),
      revoke: async (token) => {
        state.revoked.push(token);
      },
    },
    {
      verify: async (hash, password) => {
        if (hash === null) state.verifiedNull++;
        return hash === `hash:${password}`;
      },
    },
    { CLIENT_ID: 'paddock', LOGIN_MAX_FAILURES: 3, LOGIN_LOCK_MINUTES: 15 },
    { now: () => NOW },
  );
  return { service, state };
}

async function refusal(
  promise: Promise<unknown>,
): Promise<{ status: number; resultCode: string; errorDescription?: string }> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ThronError) return e.failure;
    throw e;
  }
  throw new Error('expected a ThronError');
}

describe('AccessManagerService.login', () => {
  it('issues a token and records the login', async () => {
    const { service, state } = setUp(aUser({ failedLogins: 2 }));
    await expect(service.login('paddock', { username: 'mario', password: 'right' })).resolves.toEqual({
      resultCode: 'OK',
      tokenId: 'token-1',
      username: 'mario',
      userFullName: 'Mario Rossi',
      userType: 'PLATFORM_USER',
      ssoCode: 'OK',
    });
    expect(state.user).toMatchObject({ failedLogins: 0, lastLogin: NOW });
  });

  it('answers an unknown user like a wrong password, after hashing all the same', async () => {
    const { service, state } = setUp(aUser());
    const unknown = await refusal(service.login('paddock', { username: 'nobody', password: 'right' }));
    const wrong = await refusal(service.login('paddock', { username: 'mario', password: 'wrong' }));
    expect(unknown).toEqual(wrong);
    expect(unknown).toMatchObject({
      status: 418,
      resultCode: 'ACCESS_DENIED',
      errorDescription: 'WRONG_CREDENTIALS',
    });
    expect(state.verifiedNull).toBe(1);
  });

  it('locks after LOGIN_MAX_FAILURES consecutive failures and refuses the right password during the lock', async () => {
    const { service, state } = setUp(aUser());
    const attempt = (password: string) => refusal(service.login('paddock', { username: 'mario', password }));
    expect((await attempt('w1')).errorDescription).toBe('WRONG_CREDENTIALS');
    expect((await attempt('w2')).errorDescription).toBe('WRONG_CREDENTIALS');
    expect((await attempt('w3')).errorDescription).toBe('TOO_MANY_ATTEMPTS');
    expect(state.user?.lockedUntil).toEqual(minutes(15));
    expect((await attempt('right')).errorDescription).toBe('TOO_MANY_ATTEMPTS');
    expect(state.tokensIssued).toBe(0);
  });

  it('lets the right password in once the lock has ended', async () => {
    const { service } = setUp(aUser({ lockedUntil: minutes(-1) }));
    await expect(service.login('paddock', { username: 'mario', password: 'right' })).resolves.toMatchObject({
      resultCode: 'OK',
    });
  });

  it.each<[string, Partial<IdentityUser>, string]>([
    ['disabled', { active: false }, 'ACCOUNT_DISABLED'],
    ['expired password', { passwordExpiresAt: minutes(-1) }, 'PASSWORD_EXPIRED'],
    ['password expiring right now', { passwordExpiresAt: NOW }, 'PASSWORD_EXPIRED'],
  ])('tells a %s account only to someone with the password', async (_case, overrides, description) => {
    const { service, state } = setUp(aUser({ ...overrides, failedLogins: 1 }));
    expect(
      (await refusal(service.login('paddock', { username: 'mario', password: 'wrong' }))).errorDescription,
    ).toBe('WRONG_CREDENTIALS');
    expect(
      (await refusal(service.login('paddock', { username: 'mario', password: 'right' }))).errorDescription,
    ).toBe(description);
    expect(state.user?.failedLogins).toBe(0);
    expect(state.tokensIssued).toBe(0);
  });

  it('refuses a user without a password (single sign-on only)', async () => {
    const { service } = setUp(aUser({ passwordHash: null }));
    expect(
      (await refusal(service.login('paddock', { username: 'mario', password: 'x' }))).errorDescription,
    ).toBe('WRONG_CREDENTIALS');
  });

  it('answers CLIENT_NOT_FOUND for another tenant and 400 for a missing field', async () => {
    const { service } = setUp(aUser());
    expect(await refusal(service.login('acme', { username: 'mario', password: 'right' }))).toMatchObject({
      status: 418,
      resultCode: 'CLIENT_NOT_FOUND',
    });
    expect(await refusal(service.login('paddock', { username: 'mario' }))).toMatchObject({ status: 400 });
  });
});

describe('AccessManagerService.validateToken and logout', () => {
  it('answers the owner of a live token', async () => {
    const { service } = setUp(aUser());
    await expect(
      service.validateToken('paddock', 'live', { username: 'mario', clientId: 'paddock' }),
    ).resolves.toMatchObject({ resultCode: 'OK', username: 'mario', tokenId: 'live' });
  });

  it('refuses a dead token with 403 SESSION_EXPIRED and another owner with 403 ACCESS_DENIED', async () => {
    const { service } = setUp(aUser());
    expect(await refusal(service.validateToken('paddock', 'dead', {}))).toMatchObject({
      status: 403,
      errorDescription: 'SESSION_EXPIRED',
    });
    expect(await refusal(service.validateToken('paddock', undefined, {}))).toMatchObject({ status: 403 });
    expect(await refusal(service.validateToken('paddock', 'live', { username: 'anna' }))).toMatchObject({
      status: 403,
      resultCode: 'ACCESS_DENIED',
    });
    expect(await refusal(service.validateToken('paddock', 'live', { clientId: 'acme' }))).toMatchObject({
      resultCode: 'CLIENT_NOT_FOUND',
    });
  });

  it('revokes the token on logout', async () => {
    const { service, state } = setUp(aUser());
    await expect(service.logout('paddock', 'live')).resolves.toEqual({ resultCode: 'OK', ssoCode: 'OK' });
    expect(state.revoked).toEqual(['live']);
  });
});
