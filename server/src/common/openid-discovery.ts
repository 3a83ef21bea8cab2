import * as oidc from 'openid-client';
import type { AppConfig } from '../config/config.module';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const METADATA_CACHE_MS = 60 * 60 * 1000;

/** http is allowed only for an issuer on the loopback interface (tests, local runs); https otherwise. */
export function isLoopbackHttpIssuer(issuer: URL): boolean {
  return issuer.protocol === 'http:' && (LOOPBACK.has(issuer.hostname) || issuer.hostname.startsWith('127.'));
}

/** OIDC_ISSUER could not be used: not set, not https, or its metadata could not be fetched. */
export class IssuerDiscoveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IssuerDiscoveryError';
  }
}

export interface DiscoveryOptions {
  timeoutSeconds: number;
  /** Authenticate with OIDC_CLIENT_SECRET (client_secret_basic) when it is set: token calls need it. */
  withClientSecret: boolean;
}

/**
 * OIDC_ISSUER's metadata through openid-client, kept for an hour; a failed discovery is not kept,
 * so the next sign-on tries again. Used by the hub (authorization requests) and by the built-in
 * provider (code exchange), each with its own instance.
 */
export class OpenIdDiscovery {
  private cached?: { at: number; config: Promise<oidc.Configuration> };

  constructor(
    private readonly config: AppConfig,
    private readonly options: DiscoveryOptions,
  ) {}

  configuration(): Promise<oidc.Configuration> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < METADATA_CACHE_MS) return this.cached.config;
    const config = this.discover();
    this.cached = { at: now, config };
    void config.catch(() => {
      if (this.cached?.config === config) this.cached = undefined;
    });
    return config;
  }

  private async discover(): Promise<oidc.Configuration> {
    const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = this.config;
    if (!OIDC_ISSUER || !OIDC_CLIENT_ID) throw new IssuerDiscoveryError('OIDC_ISSUER is not set');
    const issuer = new URL(OIDC_ISSUER);
    const insecure = isLoopbackHttpIssuer(issuer);
    if (issuer.protocol !== 'https:' && !insecure)
      throw new IssuerDiscoveryError(`OIDC_ISSUER must be https (http only on loopback): ${issuer.href}`);
    const secret = this.options.withClientSecret ? OIDC_CLIENT_SECRET : undefined;
    try {
      return await oidc.discovery(
        issuer,
        OIDC_CLIENT_ID,
        secret ? { client_secret: secret } : undefined,
        secret ? oidc.ClientSecretBasic(secret) : this.options.withClientSecret ? oidc.None() : undefined,
        { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: this.options.timeoutSeconds },
      );
    } catch (e) {
      throw new IssuerDiscoveryError(`OpenID discovery of ${issuer.href} failed: ${(e as Error).message}`);
    }
  }
}
