import { screen, waitFor } from '@testing-library/react';
import { i18n } from '../../i18n/i18n';
import { fakeHub, hubError, ok } from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';

const opener = { postMessage: jest.fn() };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  opener.postMessage.mockReset();
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
  jest.spyOn(window, 'close').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
});

describe('single sign-on popup page', () => {
  it('exchanges the code, hands the token to the opener on our origin only, and closes', async () => {
    const calls = fakeHub({ 'POST /api/auth/sso/exchange': ok({ token: 'tok-1' }) });

    renderApp('/sso-callback?code=c-1&state=s-1');

    await waitFor(() => expect(window.close).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/auth/sso/exchange')?.body).toEqual({
      code: 'c-1',
      state: 's-1',
    });
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'paddock:sso', token: 'tok-1', error: null },
      window.location.origin,
    );
  });

  it('reports an error from the identity provider without exchanging anything', async () => {
    const calls = fakeHub({});

    renderApp('/sso-callback?error=access_denied');

    expect(await screen.findByRole('alert')).toHaveTextContent('Single sign-on failed.');
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'paddock:sso', token: null, error: 'access_denied' },
      window.location.origin,
    );
    expect(calls).toHaveLength(0);
    expect(window.close).not.toHaveBeenCalled();
  });

  it('reports a failed exchange', async () => {
    fakeHub({ 'POST /api/auth/sso/exchange': hubError(401, 'SSO_FAILED') });

    renderApp('/sso-callback?code=used&state=s-1');

    expect(await screen.findByRole('alert')).toHaveTextContent('Single sign-on failed.');
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'paddock:sso', token: null, error: 'SSO_FAILED' },
      window.location.origin,
    );
  });
});
