import { screen, within } from '@testing-library/react';
import { E_CODES } from '@paddock/rules';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { fakeHub, hubError, ok, signedInRoutes } from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';

beforeEach(() => i18n.changeLanguage('en'));

describe('disclaimer acceptance', () => {
  it('blocks the portal until the disclaimer is accepted, then saves it with the CSRF token', async () => {
    const calls = fakeHub({
      ...signedInRoutes(),
      'GET /api/profile/check-disclaimer': ok({ disclaimerAcceptance: false }),
      'POST /api/profile/save-disclaimer-acceptance/d-1': ok({ disclaimerAcceptance: true }),
    });
    renderApp('/home');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'v3 — Terms of use' });
    expect(screen.queryByTestId('default-view')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'I accept' }));

    expect(await screen.findByTestId('default-view')).toBeInTheDocument();
    const save = calls.find((call) => call.method === 'POST');
    expect(save?.body).toEqual({ accepted: true });
    expect(save?.headers.get('x-csrf-token')).toBe('csrf-123');
  });

  it('counts a failed check as not accepted', async () => {
    fakeHub({ ...signedInRoutes(), 'GET /api/profile/check-disclaimer': hubError(403, 'FORBIDDEN') });
    renderApp('/home');

    expect(await screen.findByRole('dialog', { name: 'v3 — Terms of use' })).toBeInTheDocument();
    expect(screen.queryByTestId('default-view')).not.toBeInTheDocument();
  });

  it('signs out when the user closes it without accepting', async () => {
    const calls = fakeHub({
      ...signedInRoutes(),
      'GET /api/profile/check-disclaimer': ok({ disclaimerAcceptance: false }),
    });
    const app = renderApp('/home');
    const user = userEvent.setup();

    const dialog = await screen.findByRole('dialog', { name: 'v3 — Terms of use' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/session')).toBe(true);
  });

  it('shows the error dialog with the code when saving fails', async () => {
    fakeHub({
      ...signedInRoutes(),
      'GET /api/profile/check-disclaimer': ok({ disclaimerAcceptance: false }),
      'POST /api/profile/save-disclaimer-acceptance/d-1': hubError(500, E_CODES.TAG_INSERT_FAILED),
    });
    renderApp('/home');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'I accept' }));

    expect(await screen.findByRole('alertdialog', { name: 'ERROR' })).toHaveTextContent('Error code: E032');
    expect(screen.queryByTestId('default-view')).not.toBeInTheDocument();
  });
});
