import {
  applyDecorators,
  createParamDecorator,
  Inject,
  Injectable,
  Optional,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { deriveRoles, mayOpenView, type PermissionSubject } from '@paddock/rules';
import type { Request } from 'express';
import { CLOCK, type Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';
import { ChangeFeed } from '../../database/change-feed';
import { KeptUntilChanged } from '../../database/kept-until-changed';
import type { IdentityUser } from '../identity/identity-user';
import type { LiveToken } from '../identity/token.repository';
import { isTokenShaped, TokenService, tokenIdOf } from '../identity/token.service';
import { THRON_FAILURES, ThronError, requireClient } from '../thron.errors';
import { AccessRepository, type AccessScope } from './access.repository';

/** Who calls a built-in provider endpoint: the token's user and the groups whose ACL rows apply to them. */
export interface ProviderCaller extends AccessScope {
  user: IdentityUser;
  /** The hub's service account (PROVIDER_SERVICE_USERNAME): the one writer of the workflow's record. */
  serviceAccount: boolean;
  /** SPEC §6's roles and default department, derived from the active groups as the hub derives them. */
  roles: PermissionSubject['roles'];
  department: PermissionSubject['department'];
}

type Tokens = Pick<TokenService, 'live' | 'slide'>;
type Groups = Pick<AccessRepository, 'activeGroups'>;
type Callers = Pick<CallerResolver, 'resolve'>;

/**
 * Who each live token is, kept in this process: every provider call checks its token, and a token's
 * user and groups change only at sign-out, a directory or group change, each announced (topic
 * `callers`, provider migration `*_caller_changes`); a minute bounds a change made without the triggers.
 */
const CALLERS = { capacity: 10_000, ttlMs: 60_000 };

interface KeptCaller {
  caller: ProviderCaller;
  token: LiveToken;
}

/** Client id + token → the caller, with THRON's refusals: CLIENT_NOT_FOUND first, then SESSION_EXPIRED. */
@Injectable()
export class CallerResolver {
  private readonly kept: KeptUntilChanged;

  constructor(
    @Inject(TokenService) private readonly tokens: Tokens,
    @Inject(AccessRepository) private readonly access: Groups,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'CLIENT_ID' | 'PROVIDER_SERVICE_USERNAME'>,
    @Inject(CLOCK) clock: Clock,
    // Without it (unit tests), every call reads its token and groups.
    @Optional() @Inject(ChangeFeed) changes?: Pick<ChangeFeed, 'generation'>,
  ) {
    this.kept = new KeptUntilChanged(changes, 'callers', CALLERS, clock);
  }

  async resolve(clientId: string | undefined, token: string | undefined): Promise<ProviderCaller> {
    requireClient(this.config.CLIENT_ID, clientId);
    if (!isTokenShaped(token)) throw new ThronError(THRON_FAILURES.sessionExpired);
    // An unknown token is refused inside, so it is never kept: guesses cannot crowd out callers.
    const kept = await this.kept.read(['token', tokenIdOf(token)], async (): Promise<KeptCaller> => {
      const live = await this.tokens.live(token);
      if (!live) throw new ThronError(THRON_FAILURES.sessionExpired);
      return { caller: await this.callerOf(live.user), token: live };
    });
    if (!(await this.tokens.slide(token, kept.token))) throw new ThronError(THRON_FAILURES.sessionExpired);
    return kept.caller;
  }

  /** A known user as a caller, without a token (the demo seed creates contents as its uploaders). */
  async callerOf(user: IdentityUser): Promise<ProviderCaller> {
    const groups = await this.access.activeGroups(user.id);
    const { roles, department } = deriveRoles(groups, user.companyName);
    // Exactly as the hub signs in with it: a privilege is never granted to a look-alike name.
    const serviceAccount = user.username === this.config.PROVIDER_SERVICE_USERNAME;
    return {
      user,
      groupIds: groups.map((g) => g.id),
      // The hub's service account moves to and from the junk, and purges it, for the workflow.
      opensJunk: serviceAccount || mayOpenView(roles, 'departmentJunk'),
      serviceAccount,
      roles,
      department,
    };
  }
}

/**
 * Where an endpoint carries THRON's clientId (research §8: the path, the query, or the body's
 * `client`), and the token's alternative to the X-TOKENID header: `?tokenId=` on a GET a browser
 * loads (research §1), or the `tokenId` field of a form POST.
 */
export interface CallerOptions {
  /** 'json': a top-level `clientId` of a JSON body (getClientInformations, SPEC §7). */
  clientId: 'path' | 'query' | 'body' | 'json';
  token?: 'query' | 'body';
}

const CALLER_OPTIONS = 'builtin-provider:caller';

interface CallerRequest extends Request {
  providerCaller?: ProviderCaller;
}

/** Resolves the caller of an @Authenticated endpoint before its input is read; its refusals go to the ThronExceptionFilter. */
@Injectable()
export class CallerGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(CallerResolver) private readonly callers: Callers,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.get<CallerOptions>(CALLER_OPTIONS, context.getHandler());
    const req = context.switchToHttp().getRequest<CallerRequest>();
    req.providerCaller = await this.callers.resolve(clientIdOf(req, options), tokenOf(req, options));
    return true;
  }
}

/** The endpoint answers only a caller with a live token of this client; @Caller() then gives it. */
export const Authenticated = (options: CallerOptions) =>
  applyDecorators(SetMetadata(CALLER_OPTIONS, options), UseGuards(CallerGuard));

export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext): ProviderCaller => {
  const caller = context.switchToHttp().getRequest<CallerRequest>().providerCaller;
  // A programming error (an endpoint without @Authenticated), never a caller's: a 500.
  if (!caller) throw new Error('@Caller() needs @Authenticated() on the endpoint');
  return caller;
});

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function clientIdOf(req: Request, options: CallerOptions): string | undefined {
  switch (options.clientId) {
    case 'path':
      return text(req.params.clientId);
    case 'query':
      return text(req.query.clientId);
    case 'body':
      return text(field(field(req.body, 'client'), 'clientId'));
    case 'json':
      return text(field(req.body, 'clientId'));
  }
}

function tokenOf(req: Request, options: CallerOptions): string | undefined {
  const header = text(req.headers['x-tokenid']);
  if (header !== undefined || options.token === undefined) return header;
  return text(options.token === 'query' ? req.query.tokenId : field(req.body, 'tokenId'));
}
