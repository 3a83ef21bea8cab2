import {
  inOrder,
  providerFailure,
  scriptedProviderHttp,
  type ProviderReply,
} from '../../test/support/scripted-provider';
import { HttpProviderGateway, createProviderHttp } from './http-provider.gateway';

/** A gateway whose HTTP answers come from `replies`, in order; the requests it sent are kept. */
function gatewayAnswering(...replies: ProviderReply[]) {
  const { http, sent } = scriptedProviderHttp(inOrder(...replies));
  return { gateway: new HttpProviderGateway(http, { CLIENT_ID: 'paddock' }), sent };
}

const OK_LOGIN = {
  resultCode: 'OK',
  tokenId: 'tok-1',
  username: 'mario',
  userFullName: 'Mario Rossi',
  ssoCode: 'OK',
};
const refusal = (errorDescription: string, resultCode = 'ACCESS_DENIED') => ({
  resultCode,
  errorDescription,
  ssoCode: 'AUTHENTICATION_ERROR',
});

describe('HttpProviderGateway', () => {
  it('is set up for THRON: 60 s timeout, every status read by the gateway', () => {
    const http = createProviderHttp('http://provider.test/api');
    expect(http.defaults.timeout).toBe(60_000);
    expect(http.defaults.validateStatus?.(418)).toBe(true);
  });

  it('logs in with a form on THRON’s path and forwards the client address', async () => {
    const { gateway, sent } = gatewayAnswering({ status: 200, data: OK_LOGIN });
    await expect(gateway.login('mario', 's3cret', { clientIp: '198.51.100.1' })).resolves.toEqual({
      token: 'tok-1',
      username: 'mario',
      fullName: 'Mario Rossi',
    });
    const [req] = sent;
    expect(req.method).toBe('post');
    expect(req.url).toBe('/xsso/resources/accessmanager/login/paddock');
    expect(String(req.data)).toBe('username=mario&password=s3cret');
    expect(req.headers['X-Forwarded-For']).toBe('198.51.100.1');
  });

  it('sends the token as X-TOKENID and clientId in path and form on validateToken', async () => {
    const { gateway, sent } = gatewayAnswering({
      status: 200,
      data: { resultCode: 'OK', username: 'mario' },
    });
    await expect(gateway.validateToken('tok-1', 'mario')).resolves.toEqual({
      username: 'mario',
      fullName: 'mario',
    });
    expect(sent[0].url).toBe('/xsso/resources/accessmanager/validateToken/paddock');
    expect(sent[0].headers['X-TOKENID']).toBe('tok-1');
    expect(String(sent[0].data)).toBe('clientId=paddock&username=mario');
  });

  it.each<[string, ProviderReply, string, boolean]>([
    [
      '418 wrong credentials',
      { status: 418, data: refusal('WRONG_CREDENTIALS') },
      'WRONG_CREDENTIALS',
      false,
    ],
    ['418 password expired', { status: 418, data: refusal('PASSWORD_EXPIRED') }, 'PASSWORD_EXPIRED', false],
    ['418 account disabled', { status: 418, data: refusal('ACCOUNT_DISABLED') }, 'ACCOUNT_DISABLED', false],
    ['418 account locked', { status: 418, data: refusal('TOO_MANY_ATTEMPTS') }, 'TOO_MANY_ATTEMPTS', false],
    ['429 throttled', { status: 429, data: refusal('TOO_MANY_ATTEMPTS') }, 'TOO_MANY_ATTEMPTS', false],
    ['429 without a body', { status: 429, data: '' }, 'TOO_MANY_ATTEMPTS', false],
    [
      '418 of another provider',
      { status: 418, data: refusal('Bad user', 'USERNAME_NOT_FOUND') },
      'WRONG_CREDENTIALS',
      false,
    ],
    [
      '200 whose resultCode is not OK',
      { status: 200, data: refusal('?', 'EXCEPTION') },
      'WRONG_CREDENTIALS',
      false,
    ],
    [
      '418 wrong client id',
      { status: 418, data: refusal('', 'CLIENT_NOT_FOUND') },
      'PROVIDER_UNAVAILABLE',
      false,
    ],
    ['400 invalid arguments', { status: 400, data: { resultCode: 'EXCEPTION' } }, 'VALIDATION_FAILED', false],
    ['500', { status: 500, data: { resultCode: 'EXCEPTION' } }, 'PROVIDER_UNAVAILABLE', true],
    ['503 from a proxy, HTML', { status: 503, data: '<html>down</html>' }, 'PROVIDER_UNAVAILABLE', true],
    [
      '200 that is not an envelope',
      { status: 200, data: '<html>login page</html>' },
      'PROVIDER_UNAVAILABLE',
      false,
    ],
    ['200 OK without a token', { status: 200, data: { resultCode: 'OK' } }, 'PROVIDER_UNAVAILABLE', false],
    ['307 redirect', { status: 307, data: '' }, 'PROVIDER_UNAVAILABLE', false],
    ['connection refused', { network: 'ECONNREFUSED' }, 'PROVIDER_UNAVAILABLE', true],
    ['timeout', { network: 'ECONNABORTED' }, 'PROVIDER_UNAVAILABLE', true],
    ['unknown host', { network: 'ENOTFOUND' }, 'PROVIDER_UNAVAILABLE', true],
  ])('login: %s → %s', async (_case, reply, code, transient) => {
    const { gateway } = gatewayAnswering(reply);
    expect(await providerFailure(gateway.login('mario', 'x'))).toMatchObject({ code, transient });
  });

  it.each<[string, ProviderReply, string]>([
    [
      '403 session expired',
      { status: 403, data: { resultCode: 'SESSION_NON_FOUND', ssoCode: 'SESSION_EXPIRED' } },
      'UNAUTHENTICATED',
    ],
    [
      '403 access denied',
      { status: 403, data: { resultCode: 'ACCESS_DENIED', ssoCode: 'ACCESS_DENIED' } },
      'FORBIDDEN',
    ],
    [
      '418 business error',
      { status: 418, data: { resultCode: 'EXCEPTION', ssoCode: 'OK' } },
      'UNAUTHENTICATED',
    ],
    ['401', { status: 401, data: '' }, 'UNAUTHENTICATED'],
  ])('validateToken: %s → %s', async (_case, reply, code) => {
    const { gateway } = gatewayAnswering(reply);
    expect(await providerFailure(gateway.validateToken('tok'))).toMatchObject({ code, transient: false });
  });

  it('refuses a token that cannot travel in a header without sending it', async () => {
    const { gateway, sent } = gatewayAnswering();
    expect(await providerFailure(gateway.validateToken('a b'))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await providerFailure(gateway.logout(''))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(sent).toHaveLength(0);
  });

  it('reads user detail across pages of 50 linked groups', async () => {
    const groups = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `g${from + i}`, name: `G${from + i}`, active: true }));
    const page = (linkedGroups: unknown[]) => ({
      status: 200,
      data: {
        resultCode: 'OK',
        user: {
          credential: { username: 'mario' },
          active: true,
          detail: {
            name: { firstName: 'Mario', lastName: 'Rossi' },
            emails: [{ email: 'm@example.com' }],
            businessDetail: { companyName: 'Marketing' },
          },
        },
        linkedGroups,
        totalResults: 70,
      },
    });
    const { gateway, sent } = gatewayAnswering(page(groups(0, 50)), page(groups(50, 20)));
    const detail = await gateway.userDetail('tok', 'mario');
    expect(detail).toMatchObject({
      username: 'mario',
      firstName: 'Mario',
      lastName: 'Rossi',
      email: 'm@example.com',
      companyName: 'Marketing',
      imageUrl: null,
      active: true,
    });
    expect(detail.linkedGroups.map((g) => g.id)).toEqual(groups(0, 70).map((g) => g.id));
    expect(sent.map((r) => r.params)).toEqual([
      { clientId: 'paddock', username: 'mario', returnItags: false, offset: 0, numberOfResults: 50 },
      { clientId: 'paddock', username: 'mario', returnItags: false, offset: 50, numberOfResults: 50 },
    ]);
    expect(sent[0].url).toBe('/xsso/resources/vusermanager/detail/');
  });

  it('reads a sparse user detail with defaults', async () => {
    const { gateway } = gatewayAnswering({
      status: 200,
      data: { resultCode: 'OK', user: { credential: { username: 'ext' } } },
    });
    await expect(gateway.userDetail('tok', 'ext')).resolves.toEqual({
      username: 'ext',
      firstName: '',
      lastName: '',
      email: '',
      companyName: '',
      imageUrl: null,
      active: true,
      linkedGroups: [],
    });
  });

  it('keeps neither the password nor the token in the error', async () => {
    const { gateway } = gatewayAnswering({ network: 'ECONNREFUSED' });
    const e = await providerFailure(gateway.login('mario', 'Very-Secret-1'));
    expect(JSON.stringify({ ...e, message: e.message })).not.toContain('Very-Secret-1');
  });
});
