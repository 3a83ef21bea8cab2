import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { E_CODES } from '@paddock/rules';
import { i18n } from '../../i18n/i18n';
import { aFolder, aSession, fakeHub, hubError, ok, signedInRoutes } from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('the signed-in shell', () => {
  it('shows the product, the user, role, department and client version', async () => {
    fakeHub(signedInRoutes());
    renderApp('/home');

    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Paddock')).toBeInTheDocument();
    expect(within(header).getByText('Maria Rossi')).toBeInTheDocument();
    expect(within(header).getByText('Role: User · Department: MARKETING')).toBeInTheDocument();
    expect(screen.getByText('v2.0.1')).toBeInTheDocument();
  });

  it('switches between the views the user’s roles reach', async () => {
    fakeHub(signedInRoutes(aSession({ roles: ['user'], defaultView: 'archives' })));
    renderApp('/home');
    const user = userEvent.setup();
    await screen.findByTestId('default-view');

    await user.click(screen.getByRole('link', { name: 'Enrichment' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Enrichment' })).toBeInTheDocument();
    expect(screen.getByTestId('default-view')).toHaveAttribute('data-view', 'enrichment');
    expect(screen.getByRole('link', { name: 'Enrichment' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Archives' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('link', { name: 'Department junk' })).not.toBeInTheDocument();
  });

  it('opens, from a count badge, the folder that count counts: the own department’s junk', async () => {
    const junkOf = (id: string, department: string) =>
      aFolder({ id, name: 'Department junk', prettyId: `junk-${department}`, parentId: `top-${department}` });
    fakeHub({
      ...signedInRoutes(
        aSession({ roles: ['user', 'admin'], defaultView: 'archives', department: 'MARKETING' }),
      ),
      // Another department's junk comes first in the tree.
      'GET /api/folders/tree': ok({
        roots: [
          aFolder({ id: 'top-heritage', name: 'Heritage', children: [junkOf('junk-h', 'heritage')] }),
          aFolder({ id: 'top-marketing', name: 'Marketing', children: [junkOf('junk-m', 'marketing')] }),
        ],
      }),
      'GET /api/assets/counts': ok({ departmentJunk: 3 }),
      'GET /api/assets': ok({ items: [], nextCursor: null }),
      'GET /api/assets/total': ok({ totalResults: 0, totalIsCapped: false }),
    });
    const app = renderApp('/home');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: '3 assets: open their folder' }));
    await waitFor(() =>
      expect(app.router.state.location.search).toMatchObject({ view: 'departmentJunk', folder: 'junk-m' }),
    );
  });

  it('says failed view counts with their SPEC text and code (E015), and Retry shows them', async () => {
    let failing = true;
    fakeHub({
      ...signedInRoutes(),
      'GET /api/assets/counts': () =>
        failing ? hubError(503, E_CODES.CONTENT_COUNTS_FAILED) : ok({ archives: 7 }),
    });
    renderApp('/home');
    const user = userEvent.setup();

    const nav = await screen.findByRole('navigation');
    const alert = await within(nav).findByRole('alert');
    expect(alert).toHaveTextContent('The asset counts could not be loaded.');
    expect(alert).toHaveTextContent('Error code: E015');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await within(nav).findByRole('link', { name: '7 assets: open their folder' })).toBeInTheDocument();
    expect(within(nav).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('counts on the approval view what waits for the signed-in approver (issue 23)', async () => {
    fakeHub({
      ...signedInRoutes(aSession({ roles: ['approver'], defaultView: 'approver', department: 'MARKETING' })),
      'GET /api/assets/counts': ok({ approver: 4 }),
      'GET /api/assets': ok({ items: [], nextCursor: null }),
      'GET /api/assets/total': ok({ totalResults: 0, totalIsCapped: false }),
    });
    renderApp('/home');
    const badge = await screen.findByRole('link', { name: '4 assets wait for your approval' });
    expect(badge).toHaveTextContent('4');
  });

  it('shows the default view for a view the user does not reach', async () => {
    fakeHub(signedInRoutes(aSession({ roles: ['supplier'], defaultView: 'supplierSent' })));
    renderApp('/home?view=departmentJunk');

    expect(await screen.findByTestId('default-view')).toHaveAttribute('data-view', 'supplierSent');
  });

  it('signs out to login, forgetting what the tab kept for the user', async () => {
    const calls = fakeHub(signedInRoutes());
    sessionStorage.setItem('paddock.supplier.department', 'dept-mkt');
    const app = renderApp('/home');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({ path: '/api/session' });
    expect(sessionStorage.getItem('paddock.supplier.department')).toBeNull();
  });

  it('reopens the disclaimer read-only from the footer', async () => {
    fakeHub(signedInRoutes());
    renderApp('/home');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Disclaimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'v3 — Terms of use' });
    expect(within(dialog).queryByRole('button', { name: 'I accept' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('default-view')).toBeInTheDocument();
  });

  it('switches the language from the header and saves it in the user’s preferences', async () => {
    const calls = fakeHub({
      ...signedInRoutes(),
      'GET /api/profile/user-preferences': ok({ viewMode: 'list' }),
      'POST /api/profile/user-preferences': ({ body }) => ok(body),
    });
    renderApp('/home');
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'it');

    expect(await screen.findByRole('button', { name: 'Esci' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Archivi' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        viewMode: 'list',
        language: 'it',
      }),
    );
  });

  it('lets a supplier choose the rejection e-mail, off by default, and saves it in the preferences', async () => {
    const calls = fakeHub({
      ...signedInRoutes(aSession({ roles: ['supplier'], defaultView: 'supplierSent' })),
      'POST /api/profile/user-preferences': ({ body }) => ok(body),
    });
    renderApp('/home');
    const user = userEvent.setup();

    const choice = await screen.findByRole('checkbox', {
      name: 'E-mail me on rejection',
    });
    await waitFor(() => expect(choice).toBeEnabled());
    expect(choice).not.toBeChecked();

    await user.click(choice);

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ rejectionMail: true }),
    );
    expect(choice).toBeChecked();
  });

  it('shows a supplier its stored choice, and no one else the switch', async () => {
    fakeHub({
      ...signedInRoutes(aSession({ roles: ['supplier'], defaultView: 'supplierSent' })),
      'GET /api/profile/user-preferences': ok({ rejectionMail: true }),
    });
    renderApp('/home');
    const name = 'E-mail me on rejection';
    await waitFor(async () => expect(await screen.findByRole('checkbox', { name })).toBeChecked());
    cleanup();

    fakeHub(signedInRoutes());
    renderApp('/home');
    await screen.findByTestId('default-view');
    expect(screen.queryByRole('checkbox', { name })).not.toBeInTheDocument();
  });

  it('lets a user who is no supplier choose one rights e-mail a day, off by default, and saves it', async () => {
    const calls = fakeHub({
      ...signedInRoutes(),
      'POST /api/profile/user-preferences': ({ body }) => ok(body),
    });
    renderApp('/home');
    const user = userEvent.setup();
    const choice = await screen.findByRole('checkbox', { name: 'Rights: one e-mail a day' });
    await waitFor(() => expect(choice).toBeEnabled());
    expect(choice).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'E-mail me on rejection' })).not.toBeInTheDocument();

    await user.click(choice);

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ rightsDigest: true }),
    );
    expect(choice).toBeChecked();
  });

  it('tells the user when the preference could not be saved', async () => {
    fakeHub({
      ...signedInRoutes(),
      'POST /api/profile/user-preferences': hubError(500, 'INTERNAL'),
    });
    renderApp('/home');
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'fr');

    expect(await screen.findByRole('alert')).toHaveTextContent("Votre préférence de langue n'a pas pu");
  });

  it('applies the preferred language where this browser has no choice of its own', async () => {
    fakeHub({ ...signedInRoutes(), 'GET /api/profile/user-preferences': ok({ language: 'fr' }) });
    renderApp('/home');

    expect(await screen.findByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
  });

  it('keeps the language chosen in this browser over the preference', async () => {
    localStorage.setItem('paddock.language', 'en');
    fakeHub({ ...signedInRoutes(), 'GET /api/profile/user-preferences': ok({ language: 'fr' }) });
    renderApp('/home');

    await screen.findByTestId('default-view');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Se déconnecter' })).not.toBeInTheDocument();
  });
});
