import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** What the hub remembers between /api/auth/sso/start and /api/auth/sso/exchange. */
export interface SsoPendingLogin {
  state: string;
  codeVerifier: string;
}

export const SSO_STATE_COOKIE = 'paddock_sso_state';
export const SSO_STATE_COOKIE_PATH = '/api/auth/sso';
export const SSO_STATE_TTL_SECONDS = 600;

const VERSION = 'v1';
const HKDF_INFO = 'paddock/sso-state-cookie/v1';

/**
 * The HMAC key of the state cookie, the same on every api replica: HKDF-SHA256 over the OpenID
 * client secret, salted with the client id. There is no general server secret yet (an
 * `SSO_COOKIE_SECRET`/`APP_SECRET` setting is proposed); until then the client secret is the only
 * secret every replica shares. Without one (a public client), the key is random per process and
 * an SSO login must start and finish on the same replica.
 */
export function deriveSsoCookieKey(clientId: string, clientSecret: string | undefined): Buffer | null {
  if (!clientSecret) return null;
  return Buffer.from(hkdfSync('sha256', clientSecret, clientId, HKDF_INFO, 32));
}

export function randomSsoCookieKey(): Buffer {
  return randomBytes(32);
}

/**
 * Seals the pending login into a signed, expiring cookie value:
 * `v1.<base64url JSON {s, v, e}>.<base64url HMAC-SHA256>`. The browser holds it (HttpOnly); the
 * hub accepts it back only untampered and before `e` (epoch seconds).
 */
export class SsoStateCookie {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  seal(pending: SsoPendingLogin): string {
    const expires = Math.floor(this.now() / 1000) + SSO_STATE_TTL_SECONDS;
    const body = Buffer.from(
      JSON.stringify({ s: pending.state, v: pending.codeVerifier, e: expires }),
    ).toString('base64url');
    return `${VERSION}.${body}.${this.mac(body)}`;
  }

  /** The pending login, or null when the value is missing, altered or expired. */
  open(value: unknown): SsoPendingLogin | null {
    if (typeof value !== 'string') return null;
    const [version, body, mac, ...rest] = value.split('.');
    if (version !== VERSION || !body || !mac || rest.length) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!isPayload(payload) || payload.e <= Math.floor(this.now() / 1000)) return null;
    return { state: payload.s, codeVerifier: payload.v };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(`${VERSION}.${body}`).digest('base64url');
  }
}

function isPayload(p: unknown): p is { s: string; v: string; e: number } {
  if (typeof p !== 'object' || p === null) return false;
  const { s, v, e } = p as Record<string, unknown>;
  return typeof s === 'string' && s !== '' && typeof v === 'string' && v !== '' && typeof e === 'number';
}

/** Compares two states without leaking where they differ. */
export function sameState(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
