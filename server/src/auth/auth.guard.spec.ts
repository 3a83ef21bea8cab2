import { Controller, Get, type ExecutionContext, type Type } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { Reflector } from '@nestjs/core';
import type { Role } from '@paddock/rules';
import { DomainError } from '../common/domain-error';
import { AuthGuard } from './auth.guard';
import type { AuthenticatedRequest, AuthUser } from '../common/auth-user';
import type { AuthenticationService, RequestCredentials } from './authentication.service';
import { BeforeDisclaimer } from '../common/before-disclaimer.decorator';
import { LoginOriginGuard } from './login-origin.guard';
import { Public } from '../common/public.decorator';
import { Roles } from '../common/roles.decorator';

@Controller('api/things')
class ThingsController {
  @Get()
  list() {}

  @Public()
  @Get('open')
  open() {}

  @Roles('admin')
  @Get('admin')
  adminOnly() {}

  @BeforeDisclaimer()
  @Get('terms')
  terms() {}

  @Roles('approver', 'observer')
  @Get('review')
  review() {}
}

@Roles('admin')
@Controller('api/manage')
class ManageController {
  @Get()
  dashboard() {}
}

const user = (roles: Role[]): AuthUser => ({
  username: 'mario',
  roles,
  primaryRole: roles[0],
  department: null,
  departmentRestricted: true,
  approvalSteps: [],
  providerToken: 'p',
  sessionId: 's',
});

function contextFor(
  controller: Type,
  handler: (...args: never[]) => unknown,
  req: Partial<AuthenticatedRequest>,
): ExecutionContext {
  return new ExecutionContextHost([req, {}, () => undefined], controller, handler);
}

function setUp(roles: Role[] | null, disclaimerAccepted = true) {
  const seen: RequestCredentials[] = [];
  const authentication: Pick<AuthenticationService, 'authenticate'> = {
    authenticate: async (credentials) => {
      seen.push(credentials);
      if (!roles) throw DomainError.unauthenticated();
      return user(roles);
    },
  };
  const profile = { isDisclaimerAccepted: () => Promise.resolve(disclaimerAccepted) };
  return { guard: new AuthGuard(new Reflector(), authentication, profile), seen };
}

const apiReq = (path: string, extra: Partial<AuthenticatedRequest> = {}): Partial<AuthenticatedRequest> => ({
  method: 'GET',
  path,
  route: { path },
  headers: {},
  cookies: {},
  ...extra,
});

describe('AuthGuard', () => {
  const things = ThingsController.prototype;

  it('authenticates an /api route and puts the user on the request', async () => {
    const { guard, seen } = setUp(['user']);
    const req = apiReq('/api/things', {
      method: 'DELETE',
      cookies: { paddock_session: 'tok' },
      headers: { 'x-csrf-token': 'csrf', token: 'h', username: 'mario', clientid: 'paddock' },
    });
    await expect(guard.canActivate(contextFor(ThingsController, things.list, req))).resolves.toBe(true);
    expect(req.user?.username).toBe('mario');
    expect(seen).toEqual([
      {
        method: 'DELETE',
        cookieToken: 'tok',
        csrfToken: 'csrf',
        headerToken: 'h',
        headerUsername: 'mario',
        headerClientId: 'paddock',
      },
    ]);
  });

  it('refuses an /api route without a session', async () => {
    const { guard } = setUp(null);
    await expect(
      guard.canActivate(contextFor(ThingsController, things.list, apiReq('/api/things'))),
    ).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('lets @Public routes and non-/api routes through without authenticating', async () => {
    const { guard, seen } = setUp(null);
    await expect(
      guard.canActivate(contextFor(ThingsController, things.open, apiReq('/api/things/open'))),
    ).resolves.toBe(true);
    const provider = apiReq('/provider/xsso/resources/accessmanager/login/:clientId');
    await expect(guard.canActivate(contextFor(ThingsController, things.list, provider))).resolves.toBe(true);
    expect(seen).toHaveLength(0);
  });

  it('judges by the declared route, so a differently cased URL is still guarded', async () => {
    const { guard } = setUp(null);
    const req = apiReq('/API/THINGS', { route: { path: '/api/things' } });
    await expect(guard.canActivate(contextFor(ThingsController, things.list, req))).rejects.toBeInstanceOf(
      DomainError,
    );
  });

  it.each<[string, Role[], boolean]>([
    ['an admin on an admin route', ['admin'], true],
    ['a user on an admin route', ['user'], false],
  ])('@Roles: %s', async (_case, roles, allowed) => {
    const { guard } = setUp(roles);
    const run = guard.canActivate(
      contextFor(ThingsController, things.adminOnly, apiReq('/api/things/admin')),
    );
    if (allowed) await expect(run).resolves.toBe(true);
    else await expect(run).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('@Roles with several roles needs any one of them', async () => {
    for (const roles of [['approver'], ['observer']] satisfies Role[][]) {
      const { guard } = setUp(roles);
      await expect(
        guard.canActivate(contextFor(ThingsController, things.review, apiReq('/api/things/review'))),
      ).resolves.toBe(true);
    }
    const { guard } = setUp(['user', 'supplier']);
    await expect(
      guard.canActivate(contextFor(ThingsController, things.review, apiReq('/api/things/review'))),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('@Roles on a controller applies to its routes', async () => {
    const { guard } = setUp(['user']);
    await expect(
      guard.canActivate(
        contextFor(ManageController, ManageController.prototype.dashboard, apiReq('/api/manage')),
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('AuthGuard and the disclaimer', () => {
  const things = ThingsController.prototype;

  it('refuses every route but @BeforeDisclaimer ones until the current disclaimer is accepted', async () => {
    const { guard } = setUp(['admin'], false);
    await expect(
      guard.canActivate(contextFor(ThingsController, things.list, apiReq('/api/things'))),
    ).rejects.toMatchObject({ code: 'DISCLAIMER_NOT_ACCEPTED', status: 403 });
    await expect(
      guard.canActivate(contextFor(ThingsController, things.terms, apiReq('/api/things/terms'))),
    ).resolves.toBe(true);
  });

  it('lets every route through once it is accepted', async () => {
    const { guard } = setUp(['user'], true);
    await expect(
      guard.canActivate(contextFor(ThingsController, things.list, apiReq('/api/things'))),
    ).resolves.toBe(true);
  });
});

describe('LoginOriginGuard', () => {
  const guard = new LoginOriginGuard({ PUBLIC_URL: 'https://paddock.example.com/' });
  const run = (origin?: string) =>
    guard.canActivate(
      contextFor(ThingsController, ThingsController.prototype.open, { headers: origin ? { origin } : {} }),
    );

  it('lets through the own origin and requests without Origin', () => {
    expect(run('https://paddock.example.com')).toBe(true);
    expect(run()).toBe(true);
  });

  it.each(['https://evil.example', 'http://paddock.example.com', 'null'])('refuses Origin %s', (origin) => {
    expect(() => run(origin)).toThrow(expect.objectContaining({ code: 'CSRF_MISMATCH' }));
  });
});
