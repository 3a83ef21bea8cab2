import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  actionsAllowing,
  assetRoutes,
  fakeHub,
  ok,
  signedInRoutes,
  type HubCall,
} from '../../../test/fake-hub';
import { aHold, admin, archive, junkPlace, posts, staff, tree } from '../../../test/legal-holds';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';
import { withDesktopListingLayout, withResizeObserverStub } from '../../../test/desktop-layout';
import { installFakeEventSource } from '../../../test/fake-event-source';

installFakeEventSource();
withDesktopListingLayout();
withResizeObserverStub();

withFreshBrowserInEnglish();

describe('holding a selection and a folder', () => {
  function archiveHub(session = admin) {
    return fakeHub({
      ...signedInRoutes(session),
      'GET /api/folders/tree': ok({ roots: tree }),
      'GET /api/folders/arch': ok({
        ...archive,
        place: { ...junkPlace, view: 'archives', archiveSubState: 'department' },
        actions: actionsAllowing({ download: true }),
      }),
      ...assetRoutes(3),
      'POST /api/legal-holds': (call: HubCall) =>
        ok((call.body as { targetIds: string[] }).targetIds.map((targetId) => aHold({ targetId }))),
    });
  }

  it('holds the selected assets from the selection bar’s More menu', async () => {
    const calls = archiveHub();
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('option', { name: 'asset-0.jpg' }, { timeout: 10_000 }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('option', { name: 'asset-1.jpg' }));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('region', { name: 'Multiple selection' });
    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const item = await screen.findByRole('menuitem', { name: 'Put on legal hold…' });
    // jsdom puts every pointer event at 0,0, and Zag's focus tracking takes a move that stays there
    // for no move (the header's switch turns that tracking on): the pointer comes onto the item.
    await user.pointer({ target: item, coords: { clientX: 10, clientY: 10 } });
    await user.click(item);
    const dialog = await screen.findByRole('dialog', { name: 'Legal hold on 2 assets' }, { timeout: 10_000 });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Richiesta 7');
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    await waitFor(() =>
      expect(posts(calls, '/api/legal-holds')).toEqual([
        { scope: 'asset', targetIds: ['a0', 'a1'], reason: 'Richiesta 7' },
      ]),
    );
    expect(await screen.findByText('2 legal holds placed')).toBeInTheDocument();
  });

  it('holds a folder from the folder menu, opened and picked with the keyboard', async () => {
    const calls = archiveHub();
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    const menu = await screen.findByRole('button', { name: 'Folder actions: Department archive' });
    menu.focus();
    await user.keyboard('{Enter}');
    // The menu and the dialog load on demand: their first import is slow on a busy machine.
    const entry = await screen.findByRole('menuitem', { name: 'Put on legal hold…' }, { timeout: 10_000 });
    await waitFor(() => expect(screen.getAllByRole('menuitem')[0]).toHaveAttribute('data-highlighted'));
    const index = screen.getAllByRole('menuitem').indexOf(entry);
    await user.keyboard(`${'{ArrowDown}'.repeat(index)}{Enter}`);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Legal hold on the folder Department archive' },
      { timeout: 10_000 },
    );
    expect(dialog).toHaveTextContent('Holds every asset in this folder and in the folders below it');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Causa 9/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    await waitFor(() =>
      expect(posts(calls, '/api/legal-holds')).toEqual([
        { scope: 'folder', targetIds: ['arch'], reason: 'Causa 9/2027' },
      ]),
    );
  });

  it('offers neither to staff', async () => {
    archiveHub(staff);
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('option', { name: 'asset-0.jpg' }, { timeout: 10_000 }));
    await user.click(
      within(screen.getByRole('region', { name: 'Multiple selection' })).getByRole('button', {
        name: 'More',
      }),
    );
    await screen.findAllByRole('menuitem');
    expect(screen.queryByRole('menuitem', { name: 'Put on legal hold…' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Folder actions: Department archive' }));
    await screen.findAllByRole('menuitem');
    expect(screen.queryByRole('menuitem', { name: 'Put on legal hold…' })).not.toBeInTheDocument();
  });
});
