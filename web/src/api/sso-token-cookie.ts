/**
 * Hand-over of a single sign-on token from a popup that lost its opener to the next start-up
 * (SPEC §2 Login, step 3). Short-lived on purpose: the token is only good for one sign-in.
 */
const COOKIE = 'paddock_sso_token';
const MAX_AGE_SECONDS = 300;

export function storeSsoToken(token: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(token)}; path=/; max-age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/** Reads the token once: it is deleted as it is read. */
export function takeSsoToken(): string | null {
  const entry = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (entry === undefined) return null;
  document.cookie = `${COOKIE}=; path=/; max-age=0; SameSite=Lax`;
  return entry === '' ? null : decodeURIComponent(entry);
}
