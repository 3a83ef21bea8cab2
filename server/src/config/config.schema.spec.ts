import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARE_RECIPIENTS_MAX } from '@paddock/rules';
import { ConfigError, parseConfig } from './config.schema';

/** The problems parseConfig reports for env, or a failure when it accepts it. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

const PRODUCTION = {
  NODE_ENV: 'production',
  PROVIDER_SERVICE_PASSWORD: 's3cret-workflow',
  APP_SECRET: 'a-production-secret-of-32-characters',
};

describe('parseConfig', () => {
  it('gives working defaults for a local start', () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.CLIENT_ID).toBe('paddock');
    expect(c.providerUrl).toBe('http://127.0.0.1:3000/provider');
    expect(c.ssoEnabled).toBe(false);
    expect(c.UPLOAD_MAX_BYTES).toBe(20 * 1024 ** 3);
    expect(c.uploadExpiryMs).toBe(24 * 3_600_000);
  });

  it('trusts a proxy on loopback by default, a hop count, or listed proxies with loopback kept', () => {
    expect(parseConfig({}).TRUST_PROXY).toEqual(['loopback']);
    expect(parseConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '172.16.0.0/12, 10.1.2.3,fd00::/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '172.16.0.0/12',
      '10.1.2.3',
      'fd00::/8',
    ]);
    for (const bad of ['true', '*', '10.0.0.0/33', '10.0.0', 'proxy.example.com', '10.0.0.1,', '1.5'])
      expect(problemsOf({ TRUST_PROXY: bad })).toEqual([expect.stringContaining('TRUST_PROXY')]);
  });

  it('names every bad setting at once', () => {
    try {
      parseConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', BLOB_STORE: 's3' });
      throw new Error('expected a ConfigError');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const msg = (e as ConfigError).message;
      for (const name of ['PORT', 'DATABASE_URL', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'])
        expect(msg).toContain(name);
    }
  });

  it('takes an S3 store on AWS (no endpoint) or on a custom endpoint, with an optional upload key pair', () => {
    const s3 = { BLOB_STORE: 's3', S3_BUCKET: 'paddock', S3_ACCESS_KEY: 'AK', S3_SECRET_KEY: 'SK' };
    const aws = parseConfig(s3);
    expect(aws).toMatchObject({ BLOB_STORE: 's3', S3_REGION: 'us-east-1' });
    expect(aws.S3_ENDPOINT).toBeUndefined();
    expect(parseConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000' }).S3_ENDPOINT).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => parseConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseConfig({ ...s3, S3_UPLOAD_ACCESS_KEY: 'UP' })).toThrow(
      /S3_UPLOAD_ACCESS_KEY and S3_UPLOAD_SECRET_KEY/,
    );
    expect(parseConfig({ ...s3, S3_UPLOAD_ACCESS_KEY: 'UP', S3_UPLOAD_SECRET_KEY: 'US' })).toMatchObject({
      S3_UPLOAD_ACCESS_KEY: 'UP',
      S3_UPLOAD_SECRET_KEY: 'US',
    });
  });

  it('bounds external shares per user, with a recipient budget that one full share always fits', () => {
    expect(parseConfig({})).toMatchObject({
      EXTERNAL_SHARE_RATE_SHARES: 20,
      EXTERNAL_SHARE_RATE_RECIPIENTS: 200,
      EXTERNAL_SHARE_RATE_WINDOW_MINUTES: 60,
    });
    expect(() => parseConfig({ EXTERNAL_SHARE_RATE_RECIPIENTS: String(SHARE_RECIPIENTS_MAX - 1) })).toThrow(
      /EXTERNAL_SHARE_RATE_RECIPIENTS/,
    );
    expect(() => parseConfig({ EXTERNAL_SHARE_RATE_SHARES: '0' })).toThrow(/EXTERNAL_SHARE_RATE_SHARES/);
  });

  it('requires a provider URL when the built-in provider is off', () => {
    expect(() => parseConfig({ BUILTIN_PROVIDER: 'false' })).toThrow(/PROVIDER_URL/);
    expect(
      parseConfig({ BUILTIN_PROVIDER: 'false', PROVIDER_URL: 'https://acme-view.thron.com/api/' })
        .providerUrl,
    ).toBe('https://acme-view.thron.com/api');
  });

  it('gives each role its own metrics port by default, so an api and a worker on one host do not collide', () => {
    expect(parseConfig({}).METRICS_PORT).toBe(9464);
    expect(parseConfig({ PROCESS_ROLE: 'api' }).METRICS_PORT).toBe(9464);
    expect(parseConfig({ PROCESS_ROLE: 'worker' }).METRICS_PORT).toBe(9465);
    expect(parseConfig({ PROCESS_ROLE: 'worker', METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(problemsOf({ METRICS_PORT: '70000' })).toEqual([expect.stringContaining('METRICS_PORT')]);
  });

  it('uses the demo service account outside production and requires its password in production', () => {
    const dev = parseConfig({});
    expect(dev.PROVIDER_SERVICE_USERNAME).toBe('paddock.workflow');
    expect(dev.PROVIDER_SERVICE_PASSWORD).toBe('Paddock-workflow-2026');
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/PROVIDER_SERVICE_PASSWORD/);
    expect(parseConfig(PRODUCTION).PROVIDER_SERVICE_PASSWORD).toBe('s3cret-workflow');
  });

  describe('in production (issue 25)', () => {
    it('names every missing secret at once', () => {
      expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
        'PROVIDER_SERVICE_PASSWORD is required when NODE_ENV=production',
        'APP_SECRET is required when NODE_ENV=production',
      ]);
    });

    it('refuses a short APP_SECRET', () => {
      expect(problemsOf({ ...PRODUCTION, APP_SECRET: 'too-short' })).toEqual([
        'APP_SECRET must be at least 32 characters',
      ]);
    });

    it('refuses the demo passwords as the service password or as APP_SECRET', () => {
      const problems = problemsOf({
        ...PRODUCTION,
        PROVIDER_SERVICE_PASSWORD: 'Paddock-workflow-2026',
        APP_SECRET: 'Paddock-demo-2026',
      });
      expect(problems).toContain(
        'PROVIDER_SERVICE_PASSWORD is the published demo password: choose another when NODE_ENV=production',
      );
      expect(problems).toContain(
        'APP_SECRET is a published demo password or the service password: choose another when NODE_ENV=production',
      );
    });

    it('refuses APP_SECRET equal to the service password', () => {
      const same = 'one-value-for-both-of-32-characters!';
      expect(problemsOf({ ...PRODUCTION, PROVIDER_SERVICE_PASSWORD: same, APP_SECRET: same })).toEqual([
        'APP_SECRET is a published demo password or the service password: choose another when NODE_ENV=production',
      ]);
    });

    it('leaves development and tests to the demo secrets', () => {
      expect(parseConfig({ NODE_ENV: 'test' }).APP_SECRET).toBeUndefined();
    });
  });

  describe('settings read from files (Docker secrets)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paddock-config-'));
    const file = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    };

    it('takes <SETTING>_FILE without its final line break', () => {
      const c = parseConfig({
        NODE_ENV: 'production',
        PROVIDER_SERVICE_PASSWORD_FILE: file('service', 's3cret-workflow\n'),
        APP_SECRET_FILE: file('app', `${PRODUCTION.APP_SECRET}\r\n`),
      });
      expect(c.PROVIDER_SERVICE_PASSWORD).toBe('s3cret-workflow');
      expect(c.APP_SECRET).toBe(PRODUCTION.APP_SECRET);
    });

    it('checks what the file holds like the setting itself', () => {
      expect(
        problemsOf({ ...PRODUCTION, APP_SECRET: '', APP_SECRET_FILE: file('short', 'short\n') }),
      ).toEqual(['APP_SECRET must be at least 32 characters']);
    });

    it('refuses an unreadable file and a setting given both ways', () => {
      const missing = join(dir, 'missing');
      expect(problemsOf({ ...PRODUCTION, APP_SECRET: '', APP_SECRET_FILE: missing })).toEqual([
        `APP_SECRET_FILE cannot be read (ENOENT): ${missing}`,
        'APP_SECRET is required when NODE_ENV=production',
      ]);
      expect(problemsOf({ ...PRODUCTION, APP_SECRET_FILE: file('both', 'x') })).toEqual([
        'APP_SECRET and APP_SECRET_FILE are both set: keep one',
      ]);
    });
  });

  it('turns on single sign-on only with an issuer and a client id', () => {
    expect(() => parseConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000' })).toThrow(/OIDC_CLIENT_ID/);
    expect(parseConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000', OIDC_CLIENT_ID: 'paddock' }).ssoEnabled).toBe(
      true,
    );
  });
});
