import { Inject, Injectable, Logger } from '@nestjs/common';
import { ERROR_CODES } from '@paddock/rules';
import { CLOCK, type Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { ProviderError } from '../common/provider-error';
import { PROVIDER_GATEWAY, type ProviderGateway } from './provider.gateway';

/** Re-login this long before the provider's token lifetime ends (at most half of it). */
const RENEW_MARGIN_MS = 5 * 60_000;

type ServiceConfig = Pick<
  AppConfig,
  'PROVIDER_SERVICE_USERNAME' | 'PROVIDER_SERVICE_PASSWORD' | 'PROVIDER_TOKEN_TTL_MINUTES'
>;

export const SERVICE_SESSION = Symbol('SERVICE_SESSION');

/**
 * The hub's own provider session, signed in as the service account (docs/workflow.md): workflow
 * moves are made with it because an approver may not have write on the next step's folder. The
 * hub checks SPEC §6 for the user before it acts with this token.
 */
export interface ServiceSession {
  /** A live token of the service account, from the cache or a fresh login. */
  token(): Promise<string>;
  /** Forgets the cached token (or only `token`, so a late caller cannot drop a newer one). */
  invalidate(token?: string): void;
  /** Runs `fn` with the token; when the provider says the session expired, once more with a fresh one. */
  withToken<T>(fn: (token: string) => Promise<T>): Promise<T>;
}

/** The service session over the provider gateway, its token cached in this process until near its end. */
@Injectable()
export class ProviderServiceSession implements ServiceSession {
  private readonly logger = new Logger(ProviderServiceSession.name);
  private current: { token: string; renewAt: number } | null = null;
  /** One login at a time: concurrent callers share it. */
  private pending: Promise<string> | null = null;

  constructor(
    @Inject(PROVIDER_GATEWAY) private readonly provider: Pick<ProviderGateway, 'login'>,
    @Inject(APP_CONFIG) private readonly config: ServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async token(): Promise<string> {
    if (this.current && this.clock.now().getTime() < this.current.renewAt) return this.current.token;
    this.pending ??= this.login().finally(() => (this.pending = null));
    return this.pending;
  }

  invalidate(token?: string): void {
    if (token === undefined || this.current?.token === token) this.current = null;
  }

  async withToken<T>(fn: (token: string) => Promise<T>): Promise<T> {
    const token = await this.token();
    try {
      return await fn(token);
    } catch (error) {
      if (!(error instanceof ProviderError) || error.code !== ERROR_CODES.UNAUTHENTICATED) throw error;
      this.invalidate(token);
      return fn(await this.token());
    }
  }

  /**
   * The provider counts an attempt before it checks the password, so a process killed while signing
   * in, or the api and its workers starting at once, can leave the service account briefly throttled
   * (429). That is no one's refusal but an outage of the hub's own account: transient, so a job tries
   * again after its backoff and a request answers 503 at once, never a wait that holds it.
   */
  private async login(): Promise<string> {
    const { PROVIDER_SERVICE_USERNAME: username, PROVIDER_SERVICE_PASSWORD: password } = this.config;
    const startedAt = this.clock.now().getTime();
    try {
      const { token } = await this.provider.login(username, password);
      const ttl = this.config.PROVIDER_TOKEN_TTL_MINUTES * 60_000;
      this.current = { token, renewAt: startedAt + ttl - Math.min(RENEW_MARGIN_MS, ttl / 2) };
      return token;
    } catch (error) {
      const code = error instanceof ProviderError ? error.code : undefined;
      this.logger.error({ code, username }, 'The service account could not sign in to the provider');
      if (code === ERROR_CODES.TOO_MANY_ATTEMPTS)
        throw new ProviderError(
          ERROR_CODES.PROVIDER_UNAVAILABLE,
          true,
          'The service account is throttled by the provider',
          (error as ProviderError).detail,
        );
      throw error;
    }
  }
}
