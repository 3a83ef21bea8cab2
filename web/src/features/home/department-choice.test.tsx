import type { FolderNode } from '@paddock/rules';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aFolder, aSession, assetRoutes, signedInHub, type HubCall } from '../../../test/fake-hub';
import type { PaddockApp } from '../../app/create-app';
import { i18n } from '../../i18n/i18n';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';

withFreshBrowserInEnglish();

const supplier = aSession({ username: 'foto.studio', roles: ['supplier'], department: null });

/**
 * A supplier's tree: the company's folder in each department (context), named in the asked
 * language, the view's folder below; without a view, every folder.
 */
function supplierTree({ query }: HubCall) {
  const view = query.get('view');
  const folders =
    view === 'supplierSent' ? ['sent'] : view === 'supplierRecieved' ? ['received'] : ['sent', 'received'];
  const company = (id: string, department: string): FolderNode =>
    aFolder({
      id,
      name: 'Foto Studio',
      department,
      context: true,
      children: folders.map((kind) => aFolder({ id: `${id}-${kind}`, name: kind, parentId: id })),
    });
  const heritage = query.get('lang') === 'it' ? 'Heritage e restauro' : 'Heritage';
  return { status: 200, body: { roots: [company('hr', heritage), company('mk', 'Marketing')] } };
}

const opened = (app: PaddockApp, folder: string) =>
  waitFor(() => expect(app.router.state.location.search).toMatchObject({ folder }));
const choices = () => screen.findByRole('list', { name: 'Departments you work for' });

describe('A supplier working for two departments (issue 23)', () => {
  it('is asked which department once: the other view opens in it, until the supplier changes it', async () => {
    signedInHub({ tree: supplierTree, session: supplier, routes: assetRoutes(0) });
    const app = renderApp('/home?view=supplierSent');
    await userEvent.click(within(await choices()).getByRole('button', { name: 'Marketing' }));
    await opened(app, 'mk-sent');

    await userEvent.click(screen.getByRole('link', { name: 'Received from the maker' }));
    await opened(app, 'mk-received');
    expect(screen.queryByRole('list', { name: 'Departments you work for' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Marketing · Change department' }));
    await userEvent.click(within(await choices()).getByRole('button', { name: 'Heritage' }));
    await opened(app, 'hr-received');
    await userEvent.click(screen.getByRole('link', { name: 'Sent to the maker' }));
    await opened(app, 'hr-sent');
  });

  it('keeps the choice when the interface changes language, and with it the department’s name', async () => {
    signedInHub({ tree: supplierTree, session: supplier, routes: assetRoutes(0) });
    const app = renderApp('/home?view=supplierSent');
    await userEvent.click(within(await choices()).getByRole('button', { name: 'Heritage' }));
    await opened(app, 'hr-sent');

    await act(() => i18n.changeLanguage('it'));
    await userEvent.click(screen.getByRole('link', { name: i18n.t('views.supplierRecieved') }));
    await opened(app, 'hr-received');
    const change = i18n.t('supplier.chooseDepartment.change', { department: 'Heritage e restauro' });
    expect(await screen.findByRole('button', { name: change })).toBeVisible();
  });

  it('is asked again in a new browser session', async () => {
    signedInHub({ tree: supplierTree, session: supplier, routes: assetRoutes(0) });
    renderApp('/home?view=supplierRecieved');
    expect(within(await choices()).getAllByRole('button')).toHaveLength(2);
  });
});
