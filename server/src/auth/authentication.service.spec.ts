import { DomainError } from '../common/domain-error';
import { primaryRoleOf } from '@paddock/rules';
import { AuthenticationService, type RequestCredentials } from './authentication.service';
import type { SessionRecord } from './session.repository';
import { sessionIdOf } from './session-token';

const NOW = new Date('2026-11-21T10:00:00Z');
const TOKEN = 'session-token';
const CSRF = 'csrf-token-of-the-session';

function setUp(overrides: Partial<SessionRecord> = {}, roles = ['user', 'approver']) {
  const sessions = new Map<string, SessionRecord>([
    [
      sessionIdOf(TOKEN),
      {
        id: sessionIdOf(TOKEN),
        username: 'mario',
        providerToken: 'provider-token',
        csrfToken: CSRF,
        lastSeenAt: NOW,
        expiresAt: new Date(NOW.getTime() + 86_400_000),
        ...overrides,
      },
    ],
  ]);
  const touched: Date[] = [];
  const service = new AuthenticationService(
    {
      findById: async (id) => sessions.get(id) ?? null,
      touch: async (_id, at) => {
        touched.push(at);
      },
      delete: async (id) => {
        sessions.delete(id);
      },
    },
    {
      findByUsername: async (u) =>
        u === 'mario'
          ? { roles, department: 'MARKETING', approvalSteps: [{ department: 'MARKETING', step: 2 }] }
          : null,
    },
    { CLIENT_ID: 'paddock' },
    { now: () => NOW },
  );
  return { service, sessions, touched };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
  throw new Error('expected a DomainError');
}

const cookie = (method: string, extra: Partial<RequestCredentials> = {}): RequestCredentials => ({
  method,
  cookieToken: TOKEN,
  ...extra,
});
const header = (extra: Partial<RequestCredentials> = {}): RequestCredentials => ({
  method: 'POST',
  headerToken: TOKEN,
  headerUsername: 'mario',
  headerClientId: 'paddock',
  ...extra,
});

describe('AuthenticationService', () => {
  it('authenticates a cookie and builds the AuthUser from the directory', async () => {
    const { service } = setUp();
    await expect(service.authenticate(cookie('GET'))).resolves.toEqual({
      username: 'mario',
      roles: ['user', 'approver'],
      primaryRole: 'approver',
      department: 'MARKETING',
      departmentRestricted: true,
      approvalSteps: [{ department: 'MARKETING', step: 2 }],
      providerToken: 'provider-token',
      sessionId: sessionIdOf(TOKEN),
    });
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('needs the CSRF token on a cookie %s', async (method) => {
    const { service } = setUp();
    expect(await refusal(service.authenticate(cookie(method)))).toBe('CSRF_MISMATCH');
    expect(await refusal(service.authenticate(cookie(method, { csrfToken: 'wrong' })))).toBe('CSRF_MISMATCH');
    await expect(service.authenticate(cookie(method, { csrfToken: CSRF }))).resolves.toMatchObject({
      username: 'mario',
    });
  });

  it.each(['GET', 'HEAD', 'OPTIONS'])('needs no CSRF token on a cookie %s', async (method) => {
    await expect(setUp().service.authenticate(cookie(method))).resolves.toMatchObject({ username: 'mario' });
  });

  it('accepts the header contract without a CSRF token', async () => {
    await expect(setUp().service.authenticate(header())).resolves.toMatchObject({ username: 'mario' });
  });

  it.each<[string, Partial<RequestCredentials>]>([
    ['a wrong clientid', { headerClientId: 'acme' }],
    ['no clientid', { headerClientId: undefined }],
    ['another username', { headerUsername: 'anna' }],
    ['no username', { headerUsername: undefined }],
    ['an unknown token', { headerToken: 'nope' }],
  ])('refuses the header contract with %s', async (_case, extra) => {
    expect(await refusal(setUp().service.authenticate(header(extra)))).toBe('UNAUTHENTICATED');
  });

  it('prefers the header contract over a cookie', async () => {
    const { service } = setUp();
    expect(
      await refusal(service.authenticate({ ...cookie('GET'), ...header({ headerUsername: 'anna' }) })),
    ).toBe('UNAUTHENTICATED');
  });

  it('refuses no credentials, an unknown session and deletes an expired one', async () => {
    expect(await refusal(setUp().service.authenticate({ method: 'GET' }))).toBe('UNAUTHENTICATED');
    expect(await refusal(setUp().service.authenticate(cookie('GET', { cookieToken: 'other' })))).toBe(
      'UNAUTHENTICATED',
    );
    const { service, sessions } = setUp({ expiresAt: NOW });
    expect(await refusal(service.authenticate(cookie('GET')))).toBe('UNAUTHENTICATED');
    expect(sessions.size).toBe(0);
  });

  it('touches lastSeenAt at most once a minute', async () => {
    const recent = setUp({ lastSeenAt: new Date(NOW.getTime() - 59_000) });
    await recent.service.authenticate(cookie('GET'));
    expect(recent.touched).toEqual([]);
    const stale = setUp({ lastSeenAt: new Date(NOW.getTime() - 60_000) });
    await stale.service.authenticate(cookie('GET'));
    expect(stale.touched).toEqual([NOW]);
  });

  it('marks branch-sharing users unrestricted and ignores unknown stored roles', async () => {
    const { service } = setUp({}, ['user', 'branch-sharing', 'retired-role']);
    await expect(service.authenticate(cookie('GET'))).resolves.toMatchObject({
      roles: ['user', 'branch-sharing'],
      departmentRestricted: false,
    });
  });
});

describe('primaryRoleOf', () => {
  it.each<[Parameters<typeof primaryRoleOf>[0], string]>([
    [['user', 'approver'], 'approver'],
    [['user', 'observer'], 'observer'],
    [['user', 'admin'], 'user'],
    [['basic_user'], 'basic_user'],
    [['supplier'], 'supplier'],
    [['admin'], 'user'],
  ])('%j → %s', (roles, primary) => expect(primaryRoleOf(roles)).toBe(primary));
});
