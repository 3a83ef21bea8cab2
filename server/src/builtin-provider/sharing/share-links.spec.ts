import { ipPrefixOf } from './share-access.service';
import { ShareLinks, sha256Hex } from './share-links';
import { escapeHtml } from './share-page';

const CONFIG = {
  APP_SECRET: 'x'.repeat(32),
  PROVIDER_SERVICE_PASSWORD: 'service',
  PUBLIC_URL: 'https://dam.example/',
};

describe('ShareLinks', () => {
  const links = new ShareLinks(CONFIG);

  it('makes 256-bit tokens from a fresh nonce, kept only as their SHA-256, and gives the same URL again', () => {
    const a = links.create();
    const b = links.create();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenSha256).toBe(sha256Hex(a.token));
    expect(links.tokenOf(a.nonce)).toBe(a.token);
    expect(links.urlOf(a.nonce)).toBe(`https://dam.example/provider/share/${a.token}`);
    // Another key (another deployment) derives another token from the same nonce.
    expect(new ShareLinks({ ...CONFIG, APP_SECRET: 'y'.repeat(32) }).tokenOf(a.nonce)).not.toBe(a.token);
  });

  it('accepts a session only for its link, its password and before its end', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const until = new Date('2026-11-25T12:00:00Z');
    const cookie = links.session('link-1', 'v1|hash-a', until);
    expect(links.isSession(cookie, 'link-1', 'v1|hash-a', now)).toBe(true);
    expect(links.isSession(cookie, 'link-2', 'v1|hash-a', now)).toBe(false);
    expect(links.isSession(cookie, 'link-1', 'v1|hash-b', now)).toBe(false);
    expect(links.isSession(cookie, 'link-1', 'v1|hash-a', until)).toBe(false);
    const [id, , signature] = cookie.split('.');
    expect(links.isSession(`${id}.${until.getTime() + 1e9}.${signature}`, 'link-1', 'v1|hash-a', now)).toBe(
      false,
    );
    expect(links.isSession(undefined, 'link-1', 'v1|hash-a', now)).toBe(false);
  });
});

describe('the access log keeps an address prefix only', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:abcd:12::1', '2001:db8:abcd::/48'],
    ['nonsense', 'unknown'],
  ])('%s → %s', (address, prefix) => {
    expect(ipPrefixOf(address)).toBe(prefix);
  });
});

describe('escapeHtml', () => {
  it('escapes what could open markup or leave an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe(
      '&#60;img src=x onerror=&#34;a(&#39;b&#39;)&#34;&#62;&#38;',
    );
  });
});
