import type { CollectionView, SavedSearchView } from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  aFolder,
  actionsAllowing,
  anAsset,
  assetRoutes,
  hubError,
  ok,
  signedInHub,
  type HubCall,
} from '../../../test/fake-hub';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';
import { withDesktopListingLayout, withResizeObserverStub } from '../../../test/desktop-layout';
import { installFakeEventSource } from '../../../test/fake-event-source';

installFakeEventSource();
withDesktopListingLayout();
withResizeObserverStub();
withFreshBrowserInEnglish();

const archive = aFolder({ id: 'arch', name: 'Department archive', prettyId: 'arch04-marketing' });
const other = aFolder({ id: 'other', name: 'Events', prettyId: 'events-marketing' });
const folderRoute = (folder: typeof archive) => ({
  [`GET /api/folders/${folder.id}`]: ok({
    ...folder,
    place: {
      view: 'archives',
      archiveSubState: 'department',
      isSuppliersRoot: false,
      isDepartmentArchiveRoot: false,
      step: null,
      department: 'marketing',
    },
    actions: actionsAllowing({ download: true }),
  }),
});

const nobody = { users: [], department: null };
const builtin = (
  only: 'rightsEnding' | 'possibleDuplicates' | 'preflightFailed',
  pinned = false,
): SavedSearchView => ({
  id: `builtin-${only}`,
  name: null,
  builtin: true,
  owner: null,
  mine: false,
  pinned,
  query: { only, sub: true },
  sharedWith: nobody,
});
const mustang: SavedSearchView = {
  id: '6f1c3a52-7d1e-4c55-9d0a-0c6c2b3a9e01',
  name: 'Mustang 1966',
  builtin: false,
  owner: 'mrossi',
  mine: true,
  pinned: false,
  query: { folder: 'other', q: 'Mustang', sub: true, sort: 'name', order: 'asc' },
  sharedWith: nobody,
};
const fromAnna: SavedSearchView = {
  ...mustang,
  id: '6f1c3a52-7d1e-4c55-9d0a-0c6c2b3a9e02',
  name: 'Spider in Press',
  owner: 'anna.bianchi',
  mine: false,
  query: { type: 'IMAGE' },
};

function hub(searches: SavedSearchView[], collections: CollectionView[] = [], routes = {}) {
  return signedInHub({
    tree: [archive, other],
    routes: {
      ...folderRoute(archive),
      ...folderRoute(other),
      ...assetRoutes(3),
      'GET /api/saved-searches': ok({ items: searches }),
      'GET /api/collections': ok({ items: collections }),
      ...routes,
    },
  });
}

const sent = (calls: HubCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
const lastListing = (calls: HubCall[]) => calls.filter((c) => c.path === '/api/assets').at(-1)!.query;

describe('saved searches', () => {
  it('saves the listing’s folder, search, filters and sort under a name', async () => {
    const calls = hub([builtin('rightsEnding')], [], {
      'POST /api/saved-searches': (call: HubCall) =>
        ok({ ...mustang, ...(call.body as object), id: 'new-id' }),
    });
    renderApp('/home?folder=arch&q=Mustang&sub=true&sort=name&type=IMAGE');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save search' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' }, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give it a name.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Mustang in the archive{Enter}');
    await waitFor(() =>
      expect(sent(calls, 'POST', '/api/saved-searches')).toEqual([
        {
          name: 'Mustang in the archive',
          query: { folder: 'arch', q: 'Mustang', sub: true, sort: 'name', type: 'IMAGE' },
        },
      ]),
    );
    expect(await screen.findByText('Search “Mustang in the archive” saved.')).toBeInTheDocument();
  });

  it('says a name in use in the user’s language and keeps the dialog open', async () => {
    hub([], [], { 'POST /api/saved-searches': hubError(409, 'SAVED_SEARCH_NAME_TAKEN') });
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save search' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' }, { timeout: 10_000 });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Mustang{Enter}');
    expect(
      await within(dialog).findByText('You already have one of that name: choose another.'),
    ).toBeInTheDocument();
  });

  it('lists pinned first, the built-ins by their names, and what colleagues share; opens one in the listing', async () => {
    const calls = hub([builtin('preflightFailed', true), builtin('rightsEnding'), mustang, fromAnna]);
    renderApp('/home?folder=arch&ext=pdf');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Saved searches and collections' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Saved searches and collections' },
      { timeout: 10_000 },
    );
    const list = await within(dialog).findByRole('list', { name: 'Saved searches' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Failed pre-flightBuilt-in, for everyone',
      'Rights ending in 30 daysBuilt-in, for everyone',
      'Mustang 1966Only you',
      'Spider in PressShared by anna.bianchi',
    ]);
    // Only the owner renames, shares and deletes.
    expect(within(list).queryByRole('button', { name: 'Delete “Spider in Press”' })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Unpin “Failed pre-flight”' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(list).getByRole('button', { name: 'Open “Mustang 1966”' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(lastListing(calls).get('folderId')).toBe('other'));
    const query = lastListing(calls);
    // The saved search's keys replace the listing's: the extension filter set before is gone.
    expect([query.get('q'), query.get('sort'), query.get('order'), query.get('extensions')]).toEqual([
      'Mustang',
      'name',
      'asc',
      null,
    ]);
  });

  it('opens a built-in as a filter of the folder listed, named, and drops it from its chip', async () => {
    const calls = hub([builtin('rightsEnding')]);
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Saved searches and collections' }, { timeout: 10_000 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Open “Rights ending in 30 days”' }));
    await waitFor(() => expect(lastListing(calls).get('only')).toBe('rightsEnding'));
    expect(lastListing(calls).get('folderId')).toBe('arch');
    await user.click(
      await screen.findByRole('button', { name: 'Remove the filter “Rights ending in 30 days”' }),
    );
    await waitFor(() => expect(lastListing(calls).get('only')).toBeNull());
  });

  it('shares with colleagues and the department, pins and deletes, from the keyboard too', async () => {
    const calls = hub([mustang], [], {
      'PUT /api/saved-searches/:id/sharing': (call: HubCall) => ok({ ...mustang, sharedWith: call.body }),
      'PUT /api/saved-searches/:id/pin': (call: HubCall) => ok({ ...mustang, ...(call.body as object) }),
      'DELETE /api/saved-searches/:id': { status: 204 },
    });
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Saved searches and collections' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Saved searches and collections' },
      { timeout: 10_000 },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Share “Mustang 1966”' }));
    const share = await screen.findByRole('dialog', { name: 'Share “Mustang 1966”' });
    await user.type(
      within(share).getByRole('textbox', { name: 'Colleagues (usernames)' }),
      'anna.bianchi, luca.conti',
    );
    await user.click(
      within(share).getByRole('checkbox', { name: 'Also everyone in my department (MARKETING)' }),
    );
    await user.click(within(share).getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(sent(calls, 'PUT', `/api/saved-searches/${mustang.id}/sharing`)).toEqual([
        { users: ['anna.bianchi', 'luca.conti'], department: 'MARKETING' },
      ]),
    );
    const pin = await screen.findByRole('button', { name: 'Pin “Mustang 1966”' });
    pin.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(sent(calls, 'PUT', `/api/saved-searches/${mustang.id}/pin`)).toEqual([{ pinned: true }]),
    );
    await user.click(screen.getByRole('button', { name: 'Delete “Mustang 1966”' }));
    expect(
      await screen.findByText('The colleagues it is shared with lose it too. No asset is affected.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/saved-searches/${mustang.id}`)).toBe(
        true,
      ),
    );
  });

  it('says what to do when the user has no saved search and no collection', async () => {
    hub([builtin('rightsEnding')]);
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Saved searches and collections' }, { timeout: 10_000 }),
    );
    expect(await screen.findByText('No saved searches of your own yet')).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: 'Collections' }, { timeout: 10_000 }));
    expect(await screen.findByText('No collections yet')).toBeInTheDocument();
  });
});

describe('collections', () => {
  const show: CollectionView = {
    id: 'c1',
    name: 'Show 2027',
    owner: 'mrossi',
    mine: true,
    size: 2,
    sharedWith: nobody,
  };

  it('adds the selection to a new collection from the selection bar', async () => {
    const calls = hub([], [], {
      'POST /api/collections': (call: HubCall) => ok({ ...show, ...(call.body as object), size: 0 }),
      'POST /api/collections/:id/items': ok({ ...show, size: 2 }),
    });
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('option', { name: 'asset-0.jpg' }, { timeout: 10_000 }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('option', { name: 'asset-1.jpg' }));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('region', { name: 'Multiple selection' });
    // Picked from the keyboard, as the bar's More menu is meant to be used.
    within(bar).getByRole('button', { name: 'More' }).focus();
    await user.keyboard('{Enter}');
    const entry = await screen.findByRole('menuitem', { name: 'Add to collection' });
    await waitFor(() => expect(screen.getAllByRole('menuitem')[0]).toHaveAttribute('data-highlighted'));
    const index = screen.getAllByRole('menuitem').indexOf(entry);
    await user.keyboard(`${'{ArrowDown}'.repeat(index)}{Enter}`);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Add 2 assets to a collection' },
      // Its code comes when first opened.
      { timeout: 10_000 },
    );
    await user.type(await within(dialog).findByRole('textbox', { name: /^Collection name/ }), 'Show 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(sent(calls, 'POST', '/api/collections/c1/items')).toEqual([{ contentIds: ['a0', 'a1'] }]),
    );
    expect(sent(calls, 'POST', '/api/collections')).toEqual([{ name: 'Show 2027' }]);
  });

  it('opens a collection to the assets the user may see, and takes one out', async () => {
    let kept = ['a0', 'a1'];
    const calls = hub([], [show], {
      'GET /api/collections/:id/assets': () =>
        ok({
          items: kept.map((id) => anAsset(Number(id.slice(1)))),
          hasMore: false,
          offset: 0,
          limit: 100,
        }),
      'POST /api/collections/:id/items/remove': (call: HubCall) => {
        const { contentIds } = call.body as { contentIds: string[] };
        kept = kept.filter((id) => !contentIds.includes(id));
        return ok({ ...show, size: kept.length });
      },
    });
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Saved searches and collections' }, { timeout: 10_000 }),
    );
    await user.click(await screen.findByRole('tab', { name: 'Collections' }, { timeout: 10_000 }));
    await user.click(await screen.findByRole('button', { name: 'Open the collection “Show 2027”' }));
    const assets = await screen.findByRole('list', { name: 'Assets of “Show 2027”' });
    expect(within(assets).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(assets).getByRole('button', { name: 'Remove “asset-0” from the collection' }));
    await waitFor(() => expect(within(assets).getAllByRole('listitem')).toHaveLength(1));
    expect(sent(calls, 'POST', '/api/collections/c1/items/remove')).toEqual([{ contentIds: ['a0'] }]);
  });
});
