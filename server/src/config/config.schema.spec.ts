import { ConfigError, parseConfig } from './config.schema';

describe('parseConfig', () => {
  it('gives working defaults for a local start', () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.CLIENT_ID).toBe('paddock');
    expect(c.providerUrl).toBe('http://127.0.0.1:3000/provider');
    expect(c.ssoEnabled).toBe(false);
  });

  it('names every bad setting at once', () => {
    try {
      parseConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', BLOB_STORE: 's3' });
      throw new Error('expected a ConfigError');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const msg = (e as ConfigError).message;
      for (const name of ['PORT', 'DATABASE_URL', 'S3_ENDPOINT', 'S3_BUCKET']) expect(msg).toContain(name);
    }
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
