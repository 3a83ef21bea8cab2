import { Logger } from '@nestjs/common';
import { ThronError } from '../thron.errors';
import { identityUser } from '../../../test/support/provider-caller';
import type { IdentityUser } from '../identity/identity-user';
import type { CodeRedemption, IssuerIdentity, OpenIdIssuerGateway } from './openid-issuer.gateway';
import { IssuerRefusedError, IssuerUnreachableError } from './oauth.errors';
import { OAuthService } from './oauth.service';

const NOW = new Date('2026-03-01T09:00:00Z');

function user(overrides: Partial<IdentityUser> = {}): IdentityUser {
  return identityUser({
    id: 'u-mario',
    username: 'mario.rossi',
    firstName: 'Mario',
    lastName: 'Rossi',
    email: 'mario.rossi@paddock.example',
    companyName: 'Marketing',
    ...overrides,
  });
}

class FakeIssuer implements OpenIdIssuerGateway {
  answer: IssuerIdentity | Error = {
    subject: 'sub-1',
    email: 'mario.rossi@paddock.example',
    emailVerified: true,
  };
  calls: CodeRedemption[] = [];
  async redeemCode(redemption: CodeRedemption) {
    this.calls.push(redemption);
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }
}

function setup(found: IdentityUser | null = user(), { linkOk = true, ssoEnabled = true } = {}) {
  const issuer = new FakeIssuer();
  const lookups: [string, string | null | undefined][] = [];
  const links: [string, string][] = [];
  const logins: [string, Date][] = [];
  const issued: string[] = [];
  const service = new OAuthService(
    issuer,
    {
      findByExternalIdOrEmail: async (sub, email) => {
        lookups.push([sub, email]);
        return found;
      },
    },
    {
      linkExternalId: async (userId, sub) => {
        links.push([userId, sub]);
        return linkOk;
      },
      recordSsoLogin: async (userId, at) => {
        logins.push([userId, at]);
      },
    },
    {
      issueToken: async (userId) => {
        issued.push(userId);
        return `token-of-${userId}`;
      },
    },
    { CLIENT_ID: 'paddock', ssoEnabled, PROVIDER_TOKEN_TTL_MINUTES: 60 },
    { now: () => NOW },
  );
  return { service, issuer, lookups, links, logins, issued };
}

const form = {
  client_id: 'paddock',
  code: 'the-code',
  redirect_uri: 'https://paddock.example/sso-callback',
  code_verifier: 'v'.repeat(43),
};

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ThronError);
  const { status, errorDescription, resultCode } = (error as ThronError).failure;
  return { status, resultCode, errorDescription };
}

describe('OAuthService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('redeems the code and issues a provider token in the THRON envelope', async () => {
    const { service, issuer, lookups, links, logins, issued } = setup();
    expect(await service.token({ ...form, iss: 'https://issuer.example' })).toEqual({
      resultCode: 'OK',
      ssoCode: 'OK',
      access_token: 'token-of-u-mario',
      token_type: 'Bearer',
      expires_in: 3600,
    });
    expect(issuer.calls).toEqual([
      {
        code: 'the-code',
        redirectUri: form.redirect_uri,
        codeVerifier: form.code_verifier,
        iss: 'https://issuer.example',
      },
    ]);
    expect(lookups).toEqual([['sub-1', 'mario.rossi@paddock.example']]);
    expect(links).toEqual([['u-mario', 'sub-1']]);
    expect(logins).toEqual([['u-mario', NOW]]);
    expect(issued).toEqual(['u-mario']);
  });

  it('does not link again a user already linked to the subject', async () => {
    const { service, links } = setup(user({ externalId: 'sub-1' }));
    await service.token(form);
    expect(links).toEqual([]);
  });

  it('refuses another client and missing arguments before calling the issuer', async () => {
    const { service, issuer } = setup();
    expect(await refusal(service.token({ ...form, client_id: 'other' }))).toMatchObject({
      status: 418,
      resultCode: 'CLIENT_NOT_FOUND',
    });
    expect(await refusal(service.token({ client_id: 'paddock', code: 'c' }))).toMatchObject({
      status: 400,
      errorDescription: expect.stringMatching(/^INVALID_ARGUMENTS/),
    });
    expect(await refusal(service.token({ ...form, redirect_uri: 'not a url' }))).toMatchObject({
      status: 400,
      errorDescription: expect.stringMatching(/redirect_uri/),
    });
    expect(issuer.calls).toEqual([]);
  });

  it('refuses when single sign-on is not configured', async () => {
    expect(await refusal(setup(user(), { ssoEnabled: false }).service.token(form))).toEqual({
      status: 418,
      resultCode: 'ACCESS_DENIED',
      errorDescription: 'SSO_NOT_CONFIGURED',
    });
  });

  it('maps issuer refusals to 418 INVALID_GRANT and an unreachable issuer to 503', async () => {
    const { service, issuer } = setup();
    issuer.answer = new IssuerRefusedError('invalid_grant');
    expect(await refusal(service.token(form))).toEqual({
      status: 418,
      resultCode: 'ACCESS_DENIED',
      errorDescription: 'INVALID_GRANT',
    });
    issuer.answer = new IssuerUnreachableError('ECONNREFUSED');
    expect(await refusal(service.token(form))).toEqual({
      status: 503,
      resultCode: 'EXCEPTION',
      errorDescription: 'ISSUER_UNAVAILABLE',
    });
  });

  it('never provisions: an unknown subject and e-mail is USER_NOT_FOUND', async () => {
    const { service, issued } = setup(null);
    expect(await refusal(service.token(form))).toMatchObject({ errorDescription: 'USER_NOT_FOUND' });
    expect(issued).toEqual([]);
  });

  it('does not look users up by an e-mail the issuer calls unverified', async () => {
    const { service, issuer, lookups } = setup(null);
    issuer.answer = { subject: 'sub-1', email: 'mario.rossi@paddock.example', emailVerified: false };
    expect(await refusal(service.token(form))).toMatchObject({ errorDescription: 'EMAIL_NOT_VERIFIED' });
    expect(lookups).toEqual([['sub-1', undefined]]);
  });

  it('accepts an e-mail whose verification the issuer does not state', async () => {
    const { service, issuer } = setup();
    issuer.answer = { subject: 'sub-1', email: 'mario.rossi@paddock.example' };
    await expect(service.token(form)).resolves.toMatchObject({ resultCode: 'OK' });
  });

  it('refuses a disabled user, linked or not, and links nobody', async () => {
    for (const found of [user({ active: false }), user({ active: false, externalId: 'sub-1' })]) {
      const { service, links, issued } = setup(found);
      expect(await refusal(service.token(form))).toMatchObject({ errorDescription: 'ACCOUNT_DISABLED' });
      expect(links).toEqual([]);
      expect(issued).toEqual([]);
    }
  });

  it('refuses an e-mail match linked to another subject, or a link lost to a concurrent one', async () => {
    const other = setup(user({ externalId: 'sub-other' }));
    expect(await refusal(other.service.token(form))).toMatchObject({
      errorDescription: 'USER_LINKED_TO_ANOTHER_SUBJECT',
    });
    expect(other.links).toEqual([]);
    const raced = setup(user(), { linkOk: false });
    expect(await refusal(raced.service.token(form))).toMatchObject({
      errorDescription: 'USER_LINKED_TO_ANOTHER_SUBJECT',
    });
    expect(raced.issued).toEqual([]);
  });
});
