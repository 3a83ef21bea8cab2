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

/**
 * The service over an in-memory user table, a fake hasher ('hash:<password>'), a fixed clock and a
 * throttle that refuses the usernames in `throttled` and records what it was told.
 */
function setUp(user: IdentityUser | null) {
  const state = {
    user,
    verified: 0,
    verifiedNull: 0,
    tokensIssued: 0,
    revoked: [] as string[],
    throttled: new Set<string>(),
    attempts: [] as string[],
    successes: [] as string[],
  };
  const service = new AccessManagerService(
    {
      findByUsername: async (username) => (state.user?.username === username ? { ...state.user } : null),
      recordLogin: async (_id, at) => {
        if (state.user) Object.assign(state.user, { lastLogin: at });
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
        state.verified++;
        if (hash === null) state.verifiedNull++;
        return hash === `hash:${password}`;
      },
    },
    { CLIENT_ID: 'paddock' },
    { now: () => NOW },
    {
      attempt: async (username, address) => {
        state.attempts.push(`${username}@${address}`);
        return state.throttled.has(username) ? { allowed: false, retryAfterSeconds: 60 } : { allowed: true };
      },
      succeeded: async (username, address) => {
        state.successes.push(`${username}@${address}`);
      },
    },
  );
  return { service, state };
}

const ADDRESS = '198.51.100.9';

async function refusal(
  promise: Promise<unknown>,
): Promise<{ status: number; resultCode: string; errorDescription?: string; retryAfterSeconds?: number }> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ThronError) return { ...e.failure, retryAfterSeconds: e.retryAfterSeconds };
    throw e;
  }
  throw new Error('expected a ThronError');
}

describe('AccessManagerService.login', () => {
  it('issues a token, records the login and clears the throttle of this name and address', async () => {
    const { service, state } = setUp(aUser());
    await expect(
      service.login('paddock', { username: 'mario', password: 'right' }, ADDRESS),
    ).resolves.toEqual({
      resultCode: 'OK',
      tokenId: 'token-1',
      username: 'mario',
      userFullName: 'Mario Rossi',
      userType: 'PLATFORM_USER',
      ssoCode: 'OK',
    });
    expect(state.user).toMatchObject({ lastLogin: NOW });
    expect(state.successes).toEqual([`mario@${ADDRESS}`]);
  });

  it('answers an unknown user like a wrong password, after hashing all the same', async () => {
    const { service, state } = setUp(aUser());
    const unknown = await refusal(
      service.login('paddock', { username: 'nobody', password: 'right' }, ADDRESS),
    );
    const wrong = await refusal(service.login('paddock', { username: 'mario', password: 'wrong' }, ADDRESS));
    expect(unknown).toEqual(wrong);
    expect(unknown).toMatchObject({
      status: 418,
      resultCode: 'ACCESS_DENIED',
      errorDescription: 'WRONG_CREDENTIALS',
    });
    expect(state.verifiedNull).toBe(1);
    expect(state.verified).toBe(2);
  });

  it('counts a wrong password against the name and address, never clearing it', async () => {
    const { service, state } = setUp(aUser());
    await refusal(service.login('paddock', { username: 'mario', password: 'wrong' }, ADDRESS));
    expect(state.attempts).toEqual([`mario@${ADDRESS}`]);
    expect(state.successes).toEqual([]);
  });

  it('refuses a throttled name with 429 and Retry-After before looking at the user or the password', async () => {
    const { service, state } = setUp(aUser());
    state.throttled = new Set(['mario', 'nobody']);
    const real = await refusal(service.login('paddock', { username: 'mario', password: 'right' }, ADDRESS));
    const unknown = await refusal(service.login('paddock', { username: 'nobody', password: 'x' }, ADDRESS));
    expect(real).toEqual(unknown);
    expect(real).toEqual({
      status: 429,
      resultCode: 'ACCESS_DENIED',
      errorDescription: 'TOO_MANY_ATTEMPTS',
      ssoCode: 'AUTHENTICATION_ERROR',
      retryAfterSeconds: 60,
    });
    expect(state.verified).toBe(0);
    expect(state.tokensIssued).toBe(0);
  });

  it.each<[string, Partial<IdentityUser>, string]>([
    ['disabled', { active: false }, 'ACCOUNT_DISABLED'],
    ['expired password', { passwordExpiresAt: minutes(-1) }, 'PASSWORD_EXPIRED'],
    ['password expiring right now', { passwordExpiresAt: NOW }, 'PASSWORD_EXPIRED'],
  ])('tells a %s account only to someone with the password', async (_case, overrides, description) => {
    const { service, state } = setUp(aUser(overrides));
    expect(
      (await refusal(service.login('paddock', { username: 'mario', password: 'wrong' }, ADDRESS)))
        .errorDescription,
    ).toBe('WRONG_CREDENTIALS');
    expect(
      (await refusal(service.login('paddock', { username: 'mario', password: 'right' }, ADDRESS)))
        .errorDescription,
    ).toBe(description);
    // The right password clears the throttle even though the account cannot sign in.
    expect(state.successes).toEqual([`mario@${ADDRESS}`]);
    expect(state.tokensIssued).toBe(0);
  });

  it('refuses a user without a password (single sign-on only)', async () => {
    const { service } = setUp(aUser({ passwordHash: null }));
    expect(
      (await refusal(service.login('paddock', { username: 'mario', password: 'x' }, ADDRESS)))
        .errorDescription,
    ).toBe('WRONG_CREDENTIALS');
  });

  it('answers CLIENT_NOT_FOUND for another tenant and 400 for a missing field', async () => {
    const { service } = setUp(aUser());
    expect(
      await refusal(service.login('acme', { username: 'mario', password: 'right' }, ADDRESS)),
    ).toMatchObject({
      status: 418,
      resultCode: 'CLIENT_NOT_FOUND',
    });
    expect(await refusal(service.login('paddock', { username: 'mario' }, ADDRESS))).toMatchObject({
      status: 400,
    });
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
