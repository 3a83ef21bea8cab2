import { SHARE_RECIPIENTS_MAX } from '@paddock/rules';
import { ConfigError, parseConfig } from './config.schema';

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

  it('uses the demo service account outside production and requires its password in production', () => {
    const dev = parseConfig({});
    expect(dev.PROVIDER_SERVICE_USERNAME).toBe('paddock.workflow');
    expect(dev.PROVIDER_SERVICE_PASSWORD).toBe('Paddock-workflow-2026');
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/PROVIDER_SERVICE_PASSWORD/);
    expect(
      parseConfig({ NODE_ENV: 'production', PROVIDER_SERVICE_PASSWORD: 's3cret-workflow' })
        .PROVIDER_SERVICE_PASSWORD,
    ).toBe('s3cret-workflow');
  });

  it('turns on single sign-on only with an issuer and a client id', () => {
    expect(() => parseConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000' })).toThrow(/OIDC_CLIENT_ID/);
    expect(parseConfig({ OIDC_ISSUER: 'http://127.0.0.1:9000', OIDC_CLIENT_ID: 'paddock' }).ssoEnabled).toBe(
      true,
    );
  });
});
