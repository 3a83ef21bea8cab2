import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new secret: 32 random bytes, base64url (session tokens and CSRF tokens). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The id a session is stored under: the sha256 of its token, so the table holds no usable token. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
