import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { actionsAllowing, anAsset, assetRoutes, fakeHub, ok, signedInRoutes } from '../../../test/fake-hub';
import { admin, junk, junkPlace, tree } from '../../../test/legal-holds';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';
import { withDesktopListingLayout, withResizeObserverStub } from '../../../test/desktop-layout';
import { installFakeEventSource } from '../../../test/fake-event-source';

installFakeEventSource();
withDesktopListingLayout();
withResizeObserverStub();

withFreshBrowserInEnglish();

describe('the junk shows what a legal hold keeps and when each asset is purged', () => {
  it('marks a held card "Held: <reason>" and every card with its purge date, in the grid and the list', async () => {
    fakeHub({
      ...signedInRoutes(admin),
      'GET /api/folders/tree': ok({ roots: tree }),
      'GET /api/folders/junk': ok({ ...junk, place: junkPlace, actions: actionsAllowing({ delete: true }) }),
      ...assetRoutes(2, (n) =>
        anAsset(n, {
          purgeDueAt: `2027-02-0${n + 1}T12:00:00.000Z`,
          ...(n === 0 ? { holdReasons: ['Causa 12/2027', 'Audit 2027'] } : {}),
        }),
      ),
    });
    renderApp('/home?folder=junk&view=departmentJunk');
    const held = await screen.findByRole('option', { name: 'asset-0.jpg' });
    expect(within(held).getByTestId('held-mark')).toHaveTextContent('Held: Causa 12/2027 (+1)');
    expect(within(held).getByTestId('held-mark')).toHaveAttribute('title', 'Causa 12/2027 · Audit 2027');
    expect(within(held).getByTestId('purge-due')).toHaveTextContent('Purge 01/02/2027');
    expect(within(held).getByTestId('purge-due')).toHaveAttribute(
      'title',
      expect.stringContaining('kept while a legal hold holds it'),
    );
    const free = screen.getByRole('option', { name: 'asset-1.jpg' });
    expect(within(free).queryByTestId('held-mark')).not.toBeInTheDocument();
    expect(within(free).getByTestId('purge-due')).toHaveTextContent('Purge 02/02/2027');

    await userEvent.setup().click(screen.getByRole('button', { name: 'List view' }));
    const row = await screen.findByRole('option', { name: 'asset-0.jpg' });
    expect(within(row).getByTestId('held-mark')).toHaveTextContent('Held: Causa 12/2027 (+1)');
    expect(within(row).getByTestId('purge-due')).toHaveTextContent('Purge 01/02/2027');
  });
});
