import { literal, nullable, object, readOrNull, string, type Read } from '../../app/read-input';

/** What the sign-on popup tells the login page that opened it (SPEC §2 Login, step 3). */
const ssoMessage = object({
  type: literal('paddock:sso'),
  token: nullable(string()),
  error: nullable(string()),
});
export type SsoMessage = Read<typeof ssoMessage>;

export function parseSsoMessage(data: unknown): SsoMessage | null {
  return readOrNull(ssoMessage, data);
}

/** Posts only to our own origin, so the token never reaches another site. */
export function postSsoMessage(target: Window, result: Omit<SsoMessage, 'type'>): void {
  const message: SsoMessage = { type: 'paddock:sso', ...result };
  target.postMessage(message, window.location.origin);
}
