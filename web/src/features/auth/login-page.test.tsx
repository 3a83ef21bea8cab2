import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { aSession, fakeHub, hubError, ok, signedInRoutes, signedOutRoutes } from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

afterEach(() => jest.restoreAllMocks());

async function signIn(username = 'mrossi', password = 'secret') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it.each([
    ['WRONG_CREDENTIALS', 401, 'Wrong password or username.'],
    ['PASSWORD_EXPIRED', 401, 'Expired password, contact the administrator.'],
    ['ACCOUNT_DISABLED', 401, 'Account not enabled for access.'],
    ['TOO_MANY_ATTEMPTS', 429, 'Too many sign-in attempts. Wait a few minutes and try again.'],
  ])('shows its own message for %s', async (code, status, message) => {
    fakeHub({ ...signedOutRoutes(), 'POST /api/session': hubError(status, code) });
    renderApp('/login');

    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it.each([
    [30, 'Too many sign-in attempts. Try again in 30 seconds.'],
    [59, 'Too many sign-in attempts. Try again in 59 seconds.'],
    [61, 'Too many sign-in attempts. Try again in 2 minutes.'],
    [900, 'Too many sign-in attempts. Try again in 15 minutes.'],
  ])('says how long to wait when the hub gives the wait (%i s)', async (retryAfterSeconds, message) => {
    fakeHub({
      ...signedOutRoutes(),
      'POST /api/session': hubError(429, 'TOO_MANY_ATTEMPTS', { retryAfterSeconds }),
    });
    renderApp('/login');

    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('stays on the login page after a failed sign-in', async () => {
    fakeHub({ ...signedOutRoutes(), 'POST /api/session': hubError(401, 'WRONG_CREDENTIALS') });
    const app = renderApp('/login');

    await signIn();

    await screen.findByRole('alert');
    expect(app.router.state.location.pathname).toBe('/login');
  });

  it('signs in with Enter and goes home, to the default view of the role', async () => {
    const session = aSession({ roles: ['supplier'], defaultView: 'supplierSent' });
    const calls = fakeHub({
      ...signedOutRoutes(),
      ...signedInRoutes(session),
      'GET /api/session': hubError(401, 'UNAUTHENTICATED'),
      'POST /api/session': ok(session),
    });
    const app = renderApp('/login');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Username'), 'supplier1');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    expect(await screen.findByTestId('default-view')).toHaveAttribute('data-view', 'supplierSent');
    expect(screen.getByRole('heading', { level: 1, name: 'Sent to the maker' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/home');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      username: 'supplier1',
      password: 'secret',
    });
  });

  it('asks for both fields without calling the hub', async () => {
    const calls = fakeHub(signedOutRoutes());
    renderApp('/login');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your username and password.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('switches the language at once and remembers it', async () => {
    fakeHub(signedOutRoutes());
    renderApp('/login');
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText('Language'), 'fr');

    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByLabelText("Nom d'utilisateur")).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toBeInTheDocument();
    expect(localStorage.getItem('paddock.language')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');

    await user.selectOptions(screen.getByLabelText('Langue'), 'it');
    expect(await screen.findByRole('button', { name: 'Accedi' })).toBeInTheDocument();
  });

  it.each([
    [401, 'PASSWORD_EXPIRED', undefined, "Password scaduta, contatta l'amministratore."],
    [
      429,
      'TOO_MANY_ATTEMPTS',
      { retryAfterSeconds: 120 },
      'Troppi tentativi di accesso. Riprova tra 2 minuti.',
    ],
  ])('shows the failure messages in the chosen language (%i %s)', async (status, code, details, message) => {
    await i18n.changeLanguage('it');
    fakeHub({ ...signedOutRoutes(), 'POST /api/session': hubError(status, code, details) });
    renderApp('/login');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Nome utente'), 'mrossi');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('single sign-on from the login page', () => {
  const ssoEnabled = ok({ enabled: true, startUrl: '/api/auth/sso/start' });

  function postFromPopup(data: unknown, origin = window.location.origin) {
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin }));
    });
  }

  it('hides the button when the hub does not offer it', async () => {
    fakeHub(signedOutRoutes());
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Single sign-on' })).not.toBeInTheDocument();
  });

  it('opens the popup and signs in with the token it sends back', async () => {
    const session = aSession();
    const calls = fakeHub({
      ...signedInRoutes(session),
      ...signedOutRoutes(),
      'GET /api/auth/sso': ssoEnabled,
      'POST /api/session/token': ok(session),
    });
    const open = jest.spyOn(window, 'open').mockReturnValue(window);
    const app = renderApp('/login');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Single sign-on' }));
    expect(open).toHaveBeenCalledWith('/api/auth/sso/start', 'paddock-sso', expect.any(String));

    postFromPopup({ type: 'paddock:sso', token: 'tok-1', error: null });

    await screen.findByTestId('default-view');
    expect(app.router.state.location.pathname).toBe('/home');
    expect(calls.find((call) => call.path === '/api/session/token')?.body).toEqual({ token: 'tok-1' });
  });

  it('ignores messages from other origins', async () => {
    const calls = fakeHub({ ...signedOutRoutes(), 'GET /api/auth/sso': ssoEnabled });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Single sign-on' });

    postFromPopup({ type: 'paddock:sso', token: 'stolen', error: null }, 'https://evil.example');
    postFromPopup({ type: 'paddock:sso', token: null, error: 'access_denied' });

    await screen.findByRole('alert');
    expect(calls.some((call) => call.path === '/api/session/token')).toBe(false);
  });

  it('shows an authentication error when the popup reports one', async () => {
    fakeHub({ ...signedOutRoutes(), 'GET /api/auth/sso': ssoEnabled });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Single sign-on' });

    postFromPopup({ type: 'paddock:sso', token: null, error: 'access_denied' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication error');
  });

  it('shows an authentication error when the hub refuses the token', async () => {
    fakeHub({
      ...signedOutRoutes(),
      'GET /api/auth/sso': ssoEnabled,
      'POST /api/session/token': hubError(401, 'SSO_FAILED'),
    });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Single sign-on' });

    postFromPopup({ type: 'paddock:sso', token: 'expired', error: null });

    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication error');
  });
});
