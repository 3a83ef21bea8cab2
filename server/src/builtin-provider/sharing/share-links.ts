import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.module';

/** Bytes of randomness behind each link: 256 bits from the CSPRNG (research next-wave §0.1). */
const NONCE_BYTES = 32;

/** The path of a share's recipient page under the server's public address. */
export const SHARE_PAGE_PATH = '/provider/share';

export interface NewLink {
  /** Goes into the URL only; never stored. */
  token: string;
  /** Stored: finds the link from a presented token. */
  tokenSha256: string;
  /** Stored: the random input the token is derived from. */
  nonce: string;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Share links and their password sessions. A URL token is HMAC-SHA256(key, nonce) of a fresh
 * 256-bit random nonce: the database keeps the nonce and SHA-256(token), never the token, so a
 * copy of the database opens no share, while the owner's panel can still show the link again.
 * The key is APP_SECRET (the service account's password when unset, as in development).
 */
@Injectable()
export class ShareLinks {
  private readonly key: Buffer;
  private readonly publicUrl: string;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'APP_SECRET' | 'PROVIDER_SERVICE_PASSWORD' | 'PUBLIC_URL'>,
  ) {
    this.key = createHash('sha256')
      .update(`paddock share links\n${config.APP_SECRET ?? config.PROVIDER_SERVICE_PASSWORD}`)
      .digest();
    this.publicUrl = config.PUBLIC_URL.replace(/\/$/, '');
  }

  create(): NewLink {
    const nonce = randomBytes(NONCE_BYTES).toString('base64url');
    const token = this.tokenOf(nonce);
    return { token, nonce, tokenSha256: sha256Hex(token) };
  }

  tokenOf(nonce: string): string {
    return createHmac('sha256', this.key).update(`link\n${nonce}`).digest('base64url');
  }

  urlOf(nonce: string): string {
    return `${this.publicUrl}${SHARE_PAGE_PATH}/${this.tokenOf(nonce)}`;
  }

  /**
   * A password session's cookie value: which link, until when, for which password (the hash's
   * tail, so changing the password ends every session), signed.
   */
  session(recipientId: string, passwordHash: string, until: Date): string {
    const body = `${recipientId}.${until.getTime()}`;
    return `${body}.${this.sign(body, passwordHash)}`;
  }

  /** Whether `value` is a live session of this link and password at `now`. */
  isSession(value: string | undefined, recipientId: string, passwordHash: string, now: Date): boolean {
    if (!value) return false;
    const [id, until, signature] = value.split('.');
    if (id !== recipientId || !until || !signature || !/^\d+$/.test(until)) return false;
    if (Number(until) <= now.getTime()) return false;
    const expected = Buffer.from(this.sign(`${id}.${until}`, passwordHash));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(body: string, passwordHash: string): string {
    return createHmac('sha256', this.key)
      .update(`session\n${body}\n${sha256Hex(passwordHash)}`)
      .digest('base64url');
  }
}
