import { ERROR_CODES, GENERAL_GROUPS } from '@paddock/rules';
import { DomainError, RetryLaterError } from '../common/domain-error';
import { ProviderError } from '../common/provider-error';
import type { ProviderGateway, ProviderUserDetail } from '../provider/provider.gateway';
import type { AuthUser } from '../common/auth-user';
import type { DirectoryEntry } from './directory-user.repository';
import type { SessionRecord } from './session.repository';
import { SessionService } from './session.service';
import { sessionIdOf } from './session-token';

const NOW = new Date('2026-11-21T10:00:00Z');

function aDetail(overrides: Partial<ProviderUserDetail> = {}): ProviderUserDetail {
  return {
    username: 'mario',
    firstName: 'Mario',
    lastName: 'Rossi',
    email: 'mario@example.com',
    companyName: 'Marketing',
    imageUrl: null,
    active: true,
    linkedGroups: [
      { id: 'g1', name: 'L/MARKETING', active: true },
      { id: 'g2', name: 'APP.MARKETING.STEP2', active: true },
      { id: 'g3', name: GENERAL_GROUPS.admin, active: false },
    ],
    ...overrides,
  };
}

/** A gateway whose every method succeeds unless a failure is set for it. */
class FakeGateway implements ProviderGateway {
  detail = aDetail();
  failures: Partial<Record<keyof ProviderGateway, ProviderError>> = {};
  loggedOut: string[] = [];
  clientIps: (string | undefined)[] = [];

  async login(username: string, _password: string, context?: { clientIp?: string }) {
    this.clientIps.push(context?.clientIp);
    this.fail('login');
    return { token: 'provider-token', username, fullName: username };
  }
  async validateToken(_token: string, username?: string) {
    this.fail('validateToken');
    return { username: username ?? this.detail.username, fullName: '' };
  }
  async logout(token: string) {
    this.loggedOut.push(token);
    this.fail('logout');
  }
  async userDetail() {
    this.fail('userDetail');
    return this.detail;
  }
  private fail(method: keyof ProviderGateway) {
    const failure = this.failures[method];
    if (failure) throw failure;
  }
}

function setUp() {
  const gateway = new FakeGateway();
  const sessions = new Map<string, Omit<SessionRecord, 'lastSeenAt'>>();
  const directory = new Map<string, DirectoryEntry>();
  const throttle = { refused: new Set<string>(), succeeded: [] as string[] };
  const service = new SessionService(
    gateway,
    {
      create: async (s) => {
        sessions.set(s.id, s);
      },
      findById: async (id) => {
        const s = sessions.get(id);
        return s ? { ...s, lastSeenAt: NOW } : null;
      },
      delete: async (id) => {
        sessions.delete(id);
      },
      deleteExpiredOf: async () => undefined,
    },
    {
      upsert: async (entry) => {
        directory.set(entry.username, entry);
      },
    },
    { CLIENT_ID: 'paddock', SESSION_TTL_DAYS: 30, PROVIDER_SERVICE_USERNAME: 'paddock.workflow' },
    { now: () => NOW },
    {
      attempt: async (username) =>
        throttle.refused.has(username) ? { allowed: false, retryAfterSeconds: 120 } : { allowed: true },
      succeeded: async (username, address) => {
        throttle.succeeded.push(`${username}@${address}`);
      },
    },
  );
  return { service, gateway, sessions, directory, throttle };
}

async function domainError(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError');
}

const authUserOf = (sessionId: string): AuthUser => ({
  username: 'mario',
  roles: ['user'],
  primaryRole: 'user',
  department: 'MARKETING',
  departmentRestricted: true,
  approvalSteps: [],
  providerToken: 'provider-token',
  sessionId,
});

const IP = '198.51.100.1';

describe('SessionService.signIn', () => {
  it('opens a session stored by the hash of its token, and records the directory entry', async () => {
    const { service, gateway, sessions, directory, throttle } = setUp();
    const { sessionToken, session } = await service.signIn('mario', 'pw', IP);
    expect(gateway.clientIps).toEqual([IP]);
    expect(throttle.succeeded).toEqual([`mario@${IP}`]);
    const stored = sessions.get(sessionIdOf(sessionToken));
    expect(stored).toMatchObject({
      username: 'mario',
      providerToken: 'provider-token',
      csrfToken: session.csrfToken,
      expiresAt: new Date('2026-12-21T10:00:00Z'),
    });
    expect(session).toMatchObject({
      username: 'mario',
      roles: ['user', 'approver'],
      department: 'MARKETING',
      approvalSteps: [{ department: 'MARKETING', step: 2 }],
      defaultView: 'approver',
      clientId: 'paddock',
      imageUser: null,
    });
    // Inactive groups grant nothing and are not listed.
    expect(session.linkedGroups.map((g) => g.name)).toEqual(['L/MARKETING', 'APP.MARKETING.STEP2']);
    expect(directory.get('mario')).toEqual({
      username: 'mario',
      firstName: 'Mario',
      lastName: 'Rossi',
      email: 'mario@example.com',
      companyName: 'Marketing',
      department: 'MARKETING',
      roles: ['user', 'approver'],
      approvalSteps: [{ department: 'MARKETING', step: 2 }],
    });
  });

  it.each<[string, number, string, ProviderError]>([
    [
      'wrong credentials',
      401,
      'WRONG_CREDENTIALS',
      new ProviderError(ERROR_CODES.WRONG_CREDENTIALS, false, ''),
    ],
    ['expired password', 401, 'PASSWORD_EXPIRED', new ProviderError(ERROR_CODES.PASSWORD_EXPIRED, false, '')],
    ['disabled account', 401, 'ACCOUNT_DISABLED', new ProviderError(ERROR_CODES.ACCOUNT_DISABLED, false, '')],
    [
      'provider throttle',
      429,
      'TOO_MANY_ATTEMPTS',
      new ProviderError(ERROR_CODES.TOO_MANY_ATTEMPTS, false, ''),
    ],
    [
      'invalid arguments',
      400,
      'VALIDATION_FAILED',
      new ProviderError(ERROR_CODES.VALIDATION_FAILED, false, ''),
    ],
    ['outage', 503, 'PROVIDER_UNAVAILABLE', new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, true, '')],
    [
      'misconfiguration',
      503,
      'PROVIDER_UNAVAILABLE',
      new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, false, ''),
    ],
  ])('answers %s as %i %s', async (_case, status, code, failure) => {
    const { service, gateway, sessions, throttle } = setUp();
    gateway.failures.login = failure;
    const e = await domainError(service.signIn('mario', 'pw', IP));
    expect({ status: e.status, code: e.code }).toEqual({ status, code });
    expect(sessions.size).toBe(0);
    expect(throttle.succeeded).toEqual([]);
  });

  it('refuses a throttled name and address with 429 and the wait, without asking the provider', async () => {
    const { service, gateway, throttle } = setUp();
    throttle.refused.add('mario');
    const e = await domainError(service.signIn('mario', 'pw', IP));
    expect(e).toBeInstanceOf(RetryLaterError);
    expect({ status: e.status, code: e.code, details: e.details }).toEqual({
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      details: { retryAfterSeconds: 120 },
    });
    expect(gateway.clientIps).toEqual([]);
  });

  it('gives the provider token back when the user detail cannot be read', async () => {
    const { service, gateway, sessions } = setUp();
    gateway.failures.userDetail = new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, true, '');
    expect((await domainError(service.signIn('mario', 'pw', IP))).code).toBe('PROVIDER_UNAVAILABLE');
    expect(gateway.loggedOut).toEqual(['provider-token']);
    expect(sessions.size).toBe(0);
  });

  it('never opens a portal session for the workflow service account, and gives its token back', async () => {
    const { service, gateway, sessions } = setUp();
    expect((await domainError(service.signIn('Paddock.Workflow', 'pw', IP))).code).toBe('ACCOUNT_DISABLED');
    expect(gateway.loggedOut).toEqual(['provider-token']);
    expect(sessions.size).toBe(0);
  });

  it('refuses a user the provider reports inactive', async () => {
    const { service, gateway } = setUp();
    gateway.detail = aDetail({ active: false });
    expect((await domainError(service.signIn('mario', 'pw', IP))).code).toBe('ACCOUNT_DISABLED');
  });
});

describe('SessionService.signInWithToken', () => {
  it('opens a session holding the single sign-on token', async () => {
    const { service, sessions } = setUp();
    const { sessionToken } = await service.signInWithToken('sso-token');
    expect(sessions.get(sessionIdOf(sessionToken))?.providerToken).toBe('sso-token');
  });

  it('answers SSO_FAILED for a token the provider refuses, and 503 for an outage', async () => {
    const { service, gateway } = setUp();
    gateway.failures.validateToken = new ProviderError(ERROR_CODES.UNAUTHENTICATED, false, '');
    expect((await domainError(service.signInWithToken('t'))).code).toBe('SSO_FAILED');
    gateway.failures.validateToken = new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, true, '');
    expect((await domainError(service.signInWithToken('t'))).code).toBe('PROVIDER_UNAVAILABLE');
  });
});

describe('SessionService.current and signOut', () => {
  it('re-reads the groups at each page load', async () => {
    const { service, gateway } = setUp();
    const { sessionToken, session } = await service.signIn('mario', 'pw', IP);
    gateway.detail = aDetail({
      linkedGroups: [{ id: 'g9', name: 'L/SALES', active: true }],
      companyName: 'Sales',
    });
    const now = await service.current(authUserOf(sessionIdOf(sessionToken)));
    expect(now).toMatchObject({
      roles: ['user'],
      department: 'SALES',
      csrfToken: session.csrfToken,
      approvalSteps: [],
    });
  });

  it.each([ERROR_CODES.UNAUTHENTICATED, ERROR_CODES.FORBIDDEN, ERROR_CODES.NOT_FOUND])(
    'ends the session when the provider answers %s',
    async (code) => {
      const { service, gateway, sessions } = setUp();
      const { sessionToken } = await service.signIn('mario', 'pw', IP);
      gateway.failures.validateToken = new ProviderError(code, false, '');
      expect((await domainError(service.current(authUserOf(sessionIdOf(sessionToken))))).code).toBe(
        'UNAUTHENTICATED',
      );
      expect(sessions.size).toBe(0);
    },
  );

  it('keeps the session through a provider outage', async () => {
    const { service, gateway, sessions } = setUp();
    const { sessionToken } = await service.signIn('mario', 'pw', IP);
    gateway.failures.userDetail = new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, true, '');
    expect((await domainError(service.current(authUserOf(sessionIdOf(sessionToken))))).code).toBe(
      'PROVIDER_UNAVAILABLE',
    );
    expect(sessions.size).toBe(1);
  });

  it('signs out even when the provider is down', async () => {
    const { service, gateway, sessions } = setUp();
    const { sessionToken } = await service.signIn('mario', 'pw', IP);
    gateway.failures.logout = new ProviderError(ERROR_CODES.PROVIDER_UNAVAILABLE, true, '');
    await service.signOut(authUserOf(sessionIdOf(sessionToken)));
    expect(gateway.loggedOut).toEqual(['provider-token']);
    expect(sessions.size).toBe(0);
  });
});
