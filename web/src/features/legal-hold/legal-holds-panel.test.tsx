import type { LegalHoldView } from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeHub, ok, signedInRoutes, type HubCall } from '../../../test/fake-hub';
import { aHold, admin, posts, tree } from '../../../test/legal-holds';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';
import { withDesktopListingLayout, withResizeObserverStub } from '../../../test/desktop-layout';
import { installFakeEventSource } from '../../../test/fake-event-source';

installFakeEventSource();
withDesktopListingLayout();
withResizeObserverStub();

withFreshBrowserInEnglish();

describe('the legal holds of /manage', () => {
  function manageHub(holds: LegalHoldView[]) {
    const released = new Set<string>();
    const calls = fakeHub({
      ...signedInRoutes(admin),
      'GET /api/folders/tree': ok({ roots: tree }),
      'GET /api/jobs/queues': ok({ items: [] }),
      'GET /api/jobs/outcomes': ok({ items: [] }),
      'GET /api/jobs': ok({ items: [], nextCursor: null }),
      'GET /api/legal-holds': (call: HubCall) => {
        const state = call.query.get('state');
        const all = holds.map((h) =>
          released.has(h.id) ? { ...h, releasedBy: 'admin', releasedAt: '2027-02-01T10:00:00.000Z' } : h,
        );
        const items = all.filter((h) => state === 'all' || (state === 'active') === (h.releasedAt === null));
        return ok({ items, hasMore: false });
      },
      'POST /api/legal-holds/h1/release': () => {
        released.add('h1');
        return ok(aHold({ releasedBy: 'admin', releasedAt: '2027-02-01T10:00:00.000Z' }));
      },
      'POST /api/legal-holds': (call: HubCall) =>
        ok([
          aHold({
            scope: 'department',
            targetId: 'marketing',
            reason: (call.body as { reason: string }).reason,
          }),
        ]),
    });
    renderApp('/manage');
    return calls;
  }

  it('lists the active holds, releases one after asking, and keeps it among the released', async () => {
    const calls = manageHub([
      aHold(),
      aHold({ id: 'h3', scope: 'folder', targetId: 'f9', targetName: null, reason: 'Audit' }),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Legal holds' }));
    const panel = await screen.findByTestId('legal-holds-panel');
    const row = await within(panel).findByRole('row', { name: /Tribunale di Torino/ });
    expect(row).toHaveTextContent('Assetasset-0');
    expect(within(panel).getByRole('row', { name: /Audit/ })).toHaveTextContent('FolderNot visible to you');

    await user.click(
      within(row).getByRole('button', { name: 'Release the hold “Tribunale di Torino, causa 12/2027”' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Release the legal hold on asset-0?' });
    await user.click(within(confirm).getByRole('button', { name: 'Release hold' }));
    await waitFor(() =>
      expect(within(panel).queryByRole('row', { name: /Tribunale/ })).not.toBeInTheDocument(),
    );
    expect(posts(calls, '/api/legal-holds/h1/release')).toHaveLength(1);

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Show' }), 'Released');
    const kept = await within(panel).findByRole('row', { name: /Tribunale/ });
    expect(within(kept).queryByRole('button')).not.toBeInTheDocument();
    expect(kept).toHaveTextContent('admin');
  });

  it('says so when there is no hold', async () => {
    manageHub([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Legal holds' }));
    expect(await screen.findByText('No active legal hold')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Released');
    expect(await screen.findByText('No released hold')).toBeInTheDocument();
  });

  it('holds a department the administrator administers, with a reason', async () => {
    const calls = manageHub([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Legal holds' }));
    expect(await screen.findByRole('combobox', { name: 'Department' })).toHaveDisplayValue('Marketing');
    await user.click(screen.getByRole('button', { name: 'Hold the department…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Legal hold on the department Marketing' });
    expect(dialog).toHaveTextContent('Holds every asset of the department');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Audit 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    await waitFor(() =>
      expect(posts(calls, '/api/legal-holds')).toEqual([
        { scope: 'department', targetIds: ['marketing'], reason: 'Audit 2027' },
      ]),
    );
  });
});
