import type { LegalHoldView } from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  actionsAllowing,
  anAssetDetail,
  assetRoutes,
  fakeHub,
  hubError,
  ok,
  signedInRoutes,
  type HubCall,
} from '../../../test/fake-hub';
import { aHold, admin, junkPlace, posts, staff, tree } from '../../../test/legal-holds';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';
import { withDesktopListingLayout, withResizeObserverStub } from '../../../test/desktop-layout';
import { installFakeEventSource } from '../../../test/fake-event-source';

installFakeEventSource();
withDesktopListingLayout();
withResizeObserverStub();

withFreshBrowserInEnglish();

describe('the detail’s legal hold section', () => {
  function detailHub(session = admin, holds: LegalHoldView[] = []) {
    return fakeHub({
      ...signedInRoutes(session),
      'GET /api/folders/tree': ok({ roots: tree }),
      ...assetRoutes(1),
      'GET /api/assets/a0': ok({
        ...anAssetDetail(0),
        place: junkPlace,
        actions: actionsAllowing({ delete: true, restore: true }),
      }),
      'GET /api/legal-holds/assets/a0': ok(holds),
      'POST /api/legal-holds': (call: HubCall) =>
        ok([aHold({ reason: (call.body as { reason: string }).reason })]),
      'POST /api/legal-holds/h2/release': ok(aHold({ id: 'h2', releasedAt: '2027-02-01T10:00:00.000Z' })),
    });
  }

  it('shows an administrator each hold that keeps the asset, through what, and releases one after asking', async () => {
    const calls = detailHub(admin, [
      aHold({
        id: 'h2',
        scope: 'department',
        targetId: 'marketing',
        targetName: 'Marketing',
        reason: 'Audit 2027',
      }),
    ]);
    renderApp('/home?folder=junk&asset=a0');
    const section = await screen.findByRole('region', { name: 'Legal hold' });
    expect(await within(section).findByText('Held: Audit 2027')).toBeInTheDocument();
    expect(section).toHaveTextContent('Through the department Marketing · placed by admin on 12/01/2027');

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Release the hold “Audit 2027”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Release the legal hold on Marketing?' });
    expect(confirm).toHaveTextContent('once released, what it held can be purged and deleted again');
    await user.click(within(confirm).getByRole('button', { name: 'Release hold' }));
    await waitFor(() => expect(posts(calls, '/api/legal-holds/h2/release')).toHaveLength(1));
    expect(await screen.findByText('Legal hold released')).toBeInTheDocument();
  });

  it('places a hold on the asset with its reason, required and sent trimmed', async () => {
    const calls = detailHub();
    renderApp('/home?folder=junk&asset=a0');
    const section = await screen.findByRole('region', { name: 'Legal hold' });
    expect(await within(section).findByText('No legal hold keeps this asset.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Put on legal hold…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Legal hold on asset-0.jpg' });
    expect(dialog).toHaveTextContent('While held, nothing deletes it');
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(dialog).toHaveTextContent('Give the reason for the hold.');
    expect(posts(calls, '/api/legal-holds')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), '  Causa 12/2027 ');
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    await waitFor(() =>
      expect(posts(calls, '/api/legal-holds')).toEqual([
        { scope: 'asset', targetIds: ['a0'], reason: 'Causa 12/2027' },
      ]),
    );
    expect(await screen.findByText('1 legal hold placed')).toBeInTheDocument();
  });

  it('shows the hub’s refusal in the dialog and keeps it open', async () => {
    fakeHub({
      ...signedInRoutes(admin),
      'GET /api/folders/tree': ok({ roots: tree }),
      ...assetRoutes(1),
      'GET /api/assets/a0': ok({ ...anAssetDetail(0), place: junkPlace, actions: actionsAllowing() }),
      'GET /api/legal-holds/assets/a0': ok([]),
      'POST /api/legal-holds': hubError(404, 'NOT_FOUND'),
    });
    renderApp('/home?folder=junk&asset=a0');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Put on legal hold…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Legal hold on asset-0.jpg' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Causa 12/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(await within(dialog).findByText('There has been an error, please try again')).toBeInTheDocument();
  });

  it('is not there for anyone but an administrator, who asks the hub nothing of holds', async () => {
    const calls = detailHub(staff);
    renderApp('/home?folder=arch&asset=a0');
    await screen.findByRole('dialog', { name: 'asset-0.jpg' });
    expect(screen.queryByRole('region', { name: 'Legal hold' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/legal-holds'))).toEqual([]);
  });
});
