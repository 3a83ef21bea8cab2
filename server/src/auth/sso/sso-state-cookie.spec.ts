import {
  SSO_STATE_TTL_SECONDS,
  SsoStateCookie,
  deriveSsoCookieKey,
  randomSsoCookieKey,
  sameState,
} from './sso-state-cookie';

const pending = { state: 'state-123', codeVerifier: 'verifier-abc' };

function clockAt(ms: number) {
  const clock = { ms, now: () => clock.ms };
  return clock;
}

describe('SsoStateCookie', () => {
  const key = deriveSsoCookieKey('paddock', 'secret')!;

  it('opens what it sealed', () => {
    const cookie = new SsoStateCookie(key);
    expect(cookie.open(cookie.seal(pending))).toEqual(pending);
  });

  it('is a versioned, signed value: v1.<payload>.<HMAC-SHA256>', () => {
    expect(new SsoStateCookie(key).seal(pending)).toMatch(/^v1\.[\w-]+\.[\w-]{43}$/);
  });

  it('expires after ten minutes', () => {
    const clock = clockAt(Date.UTC(2026, 0, 1));
    const cookie = new SsoStateCookie(key, clock.now);
    const value = cookie.seal(pending);
    clock.ms += (SSO_STATE_TTL_SECONDS - 1) * 1000;
    expect(cookie.open(value)).toEqual(pending);
    clock.ms += 1000;
    expect(cookie.open(value)).toBeNull();
  });

  it('refuses a value sealed with another key', () => {
    const value = new SsoStateCookie(deriveSsoCookieKey('paddock', 'other-secret')!).seal(pending);
    expect(new SsoStateCookie(key).open(value)).toBeNull();
  });

  it('refuses altered, truncated or foreign values', () => {
    const cookie = new SsoStateCookie(key);
    const [version, body, mac] = cookie.seal(pending).split('.');
    const forgedBody = Buffer.from(JSON.stringify({ s: 'attacker', v: 'x', e: 9_999_999_999 })).toString(
      'base64url',
    );
    for (const value of [
      `${version}.${forgedBody}.${mac}`,
      `${version}.${body}.${mac.slice(1)}`,
      `v2.${body}.${mac}`,
      `${version}.${body}`,
      `${version}.${body}.${mac}.extra`,
      '',
      undefined,
      42,
    ])
      expect(cookie.open(value)).toBeNull();
  });

  it('refuses a correctly signed body that is not a pending login', () => {
    const cookie = new SsoStateCookie(key);
    const value = cookie.seal({ state: '', codeVerifier: 'v' });
    expect(cookie.open(value)).toBeNull();
  });

  it('derives the same key on every replica from the client id and secret, and none without a secret', () => {
    expect(deriveSsoCookieKey('paddock', 'secret')).toEqual(key);
    expect(deriveSsoCookieKey('another-client', 'secret')).not.toEqual(key);
    expect(deriveSsoCookieKey('paddock', undefined)).toBeNull();
    expect(randomSsoCookieKey()).toHaveLength(32);
  });
});

describe('sameState', () => {
  it('compares exactly', () => {
    expect(sameState('abc', 'abc')).toBe(true);
    expect(sameState('abc', 'abd')).toBe(false);
    expect(sameState('abc', 'abcd')).toBe(false);
  });
});
