import { SESSION_COOKIE } from '@paddock/rules';
import type { CookieOptions, Response } from 'express';
import type { AppConfig } from '../config/config.module';

/** SPEC §9: 30 days, path /, Secure, SameSite None; HttpOnly keeps it away from page scripts. */
function cookieOptions(): CookieOptions {
  return { path: '/', secure: true, sameSite: 'none', httpOnly: true };
}

export function setSessionCookie(
  res: Response,
  token: string,
  config: Pick<AppConfig, 'SESSION_TTL_DAYS'>,
): void {
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(), maxAge: config.SESSION_TTL_DAYS * 86_400_000 });
}

export function clearSessionCookie(res: Response): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions());
}
