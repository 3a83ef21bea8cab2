import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  HEADER_CLIENT_ID,
  HEADER_CSRF,
  HEADER_TOKEN,
  HEADER_USERNAME,
  ERROR_CODES,
  SESSION_COOKIE,
  type Role,
} from '@paddock/rules';
import { DomainError } from '../common/domain-error';
import { ProfileService } from '../profile/profile.service';
import type { AuthenticatedRequest } from '../common/auth-user';
import { AuthenticationService, type RequestCredentials } from './authentication.service';
import { BEFORE_DISCLAIMER } from '../common/before-disclaimer.decorator';
import { IS_PUBLIC } from '../common/public.decorator';
import { REQUIRED_ROLES } from '../common/roles.decorator';

/**
 * Global guard of the hub API: every route declared under /api needs a live session unless it is
 * @Public(), then the current disclaimer accepted unless it is @BeforeDisclaimer() (SPEC §2: the
 * portal is used only once it is accepted), and @Roles() narrows it further. Other routes (the built-in provider under /provider)
 * are none of its business.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(AuthenticationService)
    private readonly authentication: Pick<AuthenticationService, 'authenticate'>,
    @Inject(ProfileService)
    private readonly profile: Pick<ProfileService, 'isDisclaimerAccepted'>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!isHubApiRoute(req)) return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets)) return true;
    const user = await this.authentication.authenticate(credentialsOf(req));
    req.user = user;
    const beforeDisclaimer = this.reflector.getAllAndOverride<boolean | undefined>(
      BEFORE_DISCLAIMER,
      targets,
    );
    if (!beforeDisclaimer && !(await this.profile.isDisclaimerAccepted(user.username)))
      throw new DomainError(ERROR_CODES.DISCLAIMER_NOT_ACCEPTED, 'Accept the current disclaimer first');
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (required?.length && !required.some((role) => user.roles.includes(role)))
      throw DomainError.forbidden();
    return true;
  }
}

/**
 * Decided on the matched route's declared path rather than the raw URL: Express matches paths
 * case-insensitively, so '/API/…' reaches an /api handler and must be guarded all the same.
 */
function isHubApiRoute(req: AuthenticatedRequest): boolean {
  const declared: unknown = req.route?.path;
  return /^\/api(\/|$)/i.test(typeof declared === 'string' ? declared : req.path);
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function credentialsOf(req: AuthenticatedRequest): RequestCredentials {
  const cookies: Record<string, unknown> = req.cookies ?? {};
  const cookie = cookies[SESSION_COOKIE];
  return {
    method: req.method,
    cookieToken: typeof cookie === 'string' && cookie ? cookie : undefined,
    csrfToken: single(req.headers[HEADER_CSRF]),
    headerToken: single(req.headers[HEADER_TOKEN]),
    headerUsername: single(req.headers[HEADER_USERNAME]),
    headerClientId: single(req.headers[HEADER_CLIENT_ID]),
  };
}
