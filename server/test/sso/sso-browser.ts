import { createHash, randomBytes } from 'node:crypto';

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
}

/**
 * A tiny cookie jar that behaves like a browser for what these tests need: cookies are per host
 * (not per port, RFC 6265), sent to paths under their Path, dropped when expired.
 */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(url: URL, res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key, ...rest] = attribute.split('=');
        const v = rest.join('=');
        if (key.toLowerCase() === 'path') path = v || '/';
        if (key.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(v) <= Date.now()) expired = true;
      }
      const key = `${url.hostname}|${path}|${name}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, host: url.hostname, path });
    }
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter(
        (c) =>
          c.host === url.hostname &&
          (url.pathname === c.path || url.pathname.startsWith(c.path.replace(/\/?$/, '/'))),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return [...this.cookies.values()].find((c) => c.name === name)?.value;
  }

  set(url: URL, name: string, value: string, path = '/'): void {
    this.cookies.set(`${url.hostname}|${path}|${name}`, { name, value, host: url.hostname, path });
  }
}

/** One request as a browser would make it: cookies sent and kept, redirects not followed. */
export async function browse(jar: CookieJar, url: string | URL, init: RequestInit = {}): Promise<Response> {
  const target = new URL(url);
  const headers = new Headers(init.headers);
  const cookie = jar.header(target);
  if (cookie) headers.set('cookie', cookie);
  const res = await fetch(target, { ...init, headers, redirect: 'manual' });
  jar.store(target, res);
  return res;
}

export interface IssuerLogin {
  login: string;
  password: string;
}

/**
 * Follows redirects from `start` through the issuer's sign-in form (filled with `account`) until
 * the browser would land on the hub's /sso-callback; returns that URL without loading it.
 */
export async function signInAtIssuer(
  jar: CookieJar,
  start: string,
  callbackPrefix: string,
  account: IssuerLogin,
): Promise<URL> {
  let url = new URL(start);
  let res = await browse(jar, url);
  for (let hop = 0; hop < 15; hop++) {
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.href.startsWith(callbackPrefix)) return url;
      res = await browse(jar, url);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action)
      throw new Error(`Unexpected issuer page at ${url.href} (${res.status}): ${html}`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    res = await browse(jar, url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: account.login, password: account.password }).toString(),
    });
  }
  throw new Error(`Too many redirects from ${start}`);
}

/** A PKCE pair (RFC 7636, S256). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
