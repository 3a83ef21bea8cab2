import { screen, waitFor } from '@testing-library/react';
import { i18n } from '../i18n/i18n';
import { aSession, fakeHub, hubError, ok, signedInRoutes, signedOutRoutes } from '../../test/fake-hub';
import { renderApp } from '../../test/render';

beforeEach(() => i18n.changeLanguage('en'));

describe('start-up and navigation guards', () => {
  it.each(['/home', '/product', '/copyright', '/tag', '/summary', '/manage', '/'])(
    'sends a visitor who is not signed in from %s to login',
    async (path) => {
      fakeHub(signedOutRoutes());
      const app = renderApp(path);

      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
      expect(app.router.state.location.pathname).toBe('/login');
    },
  );

  it('redirects the empty path to home, which shows the role’s default view', async () => {
    fakeHub(signedInRoutes(aSession({ roles: ['approver'], defaultView: 'approver' })));
    const app = renderApp('/');

    expect(await screen.findByTestId('default-view')).toHaveAttribute('data-view', 'approver');
    expect(screen.getByRole('heading', { level: 1, name: 'Approval' })).toBeInTheDocument();
    expect(screen.getByText('No assets here yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Approval' })).toHaveAttribute('aria-current', 'page');
    expect(app.router.state.location.pathname).toBe('/home');
  });

  it('checks the session before the disclaimer, once per page load', async () => {
    const calls = fakeHub(signedInRoutes());
    const app = renderApp('/home');
    await screen.findByTestId('default-view');

    // The wizard's steps, opened without a selection: each says how to open it on assets.
    await app.router.navigate({ to: '/product' });
    expect(await screen.findByText('No asset selected')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/product');
    await app.router.navigate({ to: '/tag' });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/tag'));
    expect(await screen.findByText('No asset selected')).toBeInTheDocument();

    // Only the start-up checks: the pages' own data calls (preferences, folders) are not part of it.
    const startUp = calls
      .map((call) => call.path)
      .filter((path) => path === '/api/session' || path.startsWith('/api/profile/check'));
    expect(startUp).toEqual(['/api/session', '/api/profile/check-disclaimer']);
  });

  it('sends a signed-in visitor away from login to home', async () => {
    fakeHub(signedInRoutes());
    const app = renderApp('/login');

    await screen.findByTestId('default-view');
    expect(app.router.state.location.pathname).toBe('/home');
  });

  it('keeps administration for admins: others are told it is not for them, and nothing is asked of the hub', async () => {
    const calls = fakeHub(signedInRoutes(aSession({ roles: ['user'] })));
    const app = renderApp('/manage');

    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/manage');
    expect(screen.queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
    // Nothing of the administration's: the header's "My jobs" asks only for the user's own.
    expect(calls.filter((call) => /^\/api\/(jobs(?!\/mine$)|audit)/.test(call.path))).toEqual([]);
  });

  it('opens administration for admins', async () => {
    fakeHub(signedInRoutes(aSession({ roles: ['user', 'admin'] })));
    renderApp('/manage');

    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Department junk' })).toBeInTheDocument();
  });

  it('sends the user to login on any 401 and forgets the session', async () => {
    const calls = fakeHub({
      ...signedInRoutes(),
      'GET /api/profile/user-preferences': hubError(401, 'UNAUTHENTICATED'),
    });
    const app = renderApp('/home');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
    expect(calls.filter((call) => call.path === '/api/session')).toHaveLength(1);
  });

  it('consumes a single sign-on token left by the popup at start-up', async () => {
    document.cookie = 'paddock_sso_token=tok-9; path=/';
    const calls = fakeHub({
      ...signedInRoutes(),
      'GET /api/session': hubError(401, 'UNAUTHENTICATED'),
      'POST /api/session/token': ok(aSession()),
    });
    renderApp('/');

    await screen.findByTestId('default-view');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/session/token', body: { token: 'tok-9' } });
    expect(document.cookie).not.toContain('paddock_sso_token');
  });
});
