import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { E_CODES, type FolderNode, type SessionResponse } from '@paddock/rules';
import {
  aFolder,
  anAssetDetail,
  aSession,
  assetRoutes,
  hubError,
  ok,
  signedInHub,
  type HubCall,
  type Route,
} from '../../../test/fake-hub';
import { withDesktopListingLayout } from '../../../test/desktop-layout';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';
import { DEFAULT_TILE_SIZE } from '@paddock/rules';
import { TILE_PIXELS } from '../assets/asset-browser';

withDesktopListingLayout();
withFreshBrowserInEnglish();

const tree = [
  aFolder({
    id: 'mk',
    name: 'Marketing',
    prettyId: 'dept-marketing',
    children: [
      aFolder({
        id: 'arch',
        name: 'Archive',
        prettyId: 'arch04-marketing',
        parentId: 'mk',
        children: [aFolder({ id: 'y24', name: '2024', parentId: 'arch' })],
      }),
      aFolder({
        id: 'shr',
        name: 'Internally shared',
        prettyId: 'arch06-marketing',
        parentId: 'mk',
        children: [aFolder({ id: 'chn', name: 'Press office', parentId: 'shr' })],
      }),
      aFolder({ id: 'stp', name: 'Step 1', prettyId: 'appstp1-marketing', parentId: 'mk' }),
      aFolder({
        id: 'ro',
        name: 'Read only',
        parentId: 'mk',
        rights: { manage: false, share: false, write: false },
      }),
    ],
  }),
];

/**
 * The hub's view-scoped trees of `tree` (server/src/folders/folder-scope.ts decides them for real):
 * the view's folders, and the folders above them marked as context.
 */
function scopedTree(query: URLSearchParams): FolderNode[] {
  const [mk] = tree;
  const [arch, shr, stp, ro] = mk!.children!;
  const context = (node: FolderNode, children: FolderNode[]) => ({ ...node, context: true, children });
  switch (query.get('archive') ?? query.get('view')) {
    case null:
      return tree;
    case 'department':
      return [context(mk!, [arch!])];
    case 'shared':
      return [{ ...mk!, children: [ro!] }];
    case 'internSharing':
      return [context(mk!, [{ ...shr!, children: [], hasChildren: false }])];
    case 'channels':
      return [context(mk!, [context(shr!, shr!.children!)])];
    case 'approver':
      return [context(mk!, [stp!])];
    default:
      return [];
  }
}

/** The hub of `session` (a user by default) over `scopedTree`, with `total` assets in each folder. */
function hub(total = 250, extra: Record<string, Route> = {}, session?: SessionResponse) {
  return signedInHub({
    session,
    tree: (call) => ok({ roots: scopedTree(call.query) }),
    routes: { ...assetRoutes(total), ...extra },
  });
}

const APPROVER = aSession({ roles: ['approver'], defaultView: 'approver' });

const assetCalls = (calls: HubCall[]) => calls.filter((call) => call.path === '/api/assets');
const options = () => within(screen.getByRole('listbox')).getAllByRole('option');

describe('home listing', () => {
  it("opens the view's first folder by itself, keeps it in the address, and shows its thumbnails", async () => {
    const calls = hub();
    const app = renderApp('/home');

    // The file's first render loads every lazy route cold: on a loaded CI machine it took over 5 s.
    expect(await screen.findByText('Results: 250', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByTestId('default-view')).toHaveAttribute('data-view', 'archives');
    expect(screen.getByRole('treeitem', { name: 'Archive' })).toHaveAttribute('aria-selected', 'true');
    expect(app.router.state.location.search).toMatchObject({ folder: 'arch', archive: 'department' });
    expect(
      calls.find((call) => call.path === '/api/folders/tree' && call.query.has('view'))?.query.toString(),
    ).toBe('lang=en&view=archives&archive=department');
    const first = screen.getByRole('option', { name: 'asset-0.jpg' });
    const thumbnail = first.querySelector('img');
    expect(thumbnail).toHaveAttribute('src', '/api/assets/a0/thumbnail?size=200x200');
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    // Virtualised: only the rows on screen (plus a few) are in the page, not all 100 loaded.
    expect(options().length).toBeLessThan(60);
    expect(assetCalls(calls)[0]?.query.toString()).toBe(
      'folderId=arch&subfolders=false&sort=creationDate&order=desc&offset=0&limit=100&lang=en',
    );
  });

  it('loads the next page when scrolled to the end', async () => {
    const calls = hub();
    renderApp('/home?folder=mk');
    await screen.findByText('Results: 250');
    const scroll = screen.getByTestId('asset-scroll');

    // 100 assets in 5 columns are 20 rows.
    scroll.scrollTop = 20 * TILE_PIXELS[DEFAULT_TILE_SIZE].height - 600;
    fireEvent.scroll(scroll);

    // Each next page is asked for with the cursor the previous one gave.
    const starts = () =>
      assetCalls(calls).map((call) => call.query.get('cursor') ?? call.query.get('offset'));
    await waitFor(() => expect(starts()).toEqual(['0', 'at-100']));

    // The second page is in the list: scrolling to its end shows its last asset and asks for the third.
    scroll.scrollTop = 40 * TILE_PIXELS[DEFAULT_TILE_SIZE].height - 600;
    fireEvent.scroll(scroll);
    expect(await screen.findByRole('option', { name: 'asset-199.jpg' })).toBeInTheDocument();
    await waitFor(() => expect(starts()).toEqual(['0', 'at-100', 'at-200']));
  });

  it('selects with click, Ctrl-click, Shift-click and Ctrl+A, counted in the smart bar', async () => {
    hub(12);
    renderApp('/home?folder=mk');
    const user = userEvent.setup();
    await screen.findByText('Results: 12');

    await user.click(screen.getByRole('option', { name: 'asset-1.jpg' }));
    expect(screen.getByRole('option', { name: 'asset-1.jpg' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('option', { name: 'asset-4.jpg' }));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('region', { name: 'Multiple selection' });
    expect(within(bar).getByText('Selected: 4')).toBeInTheDocument();

    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('option', { name: 'asset-2.jpg' }));
    await user.click(screen.getByRole('option', { name: 'asset-9.jpg' }));
    await user.keyboard('{/Control}');
    expect(within(bar).getByText('Selected: 4')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'asset-2.jpg' })).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{Control>}a{/Control}');
    expect(within(bar).getByText('Selected: 12')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Multiple selection' })).not.toBeInTheDocument();
  });

  it('searches, then clearing resets the text and lists the subfolders too', async () => {
    const calls = hub(3);
    renderApp('/home?folder=mk');
    const user = userEvent.setup();
    await screen.findByText('Results: 3');

    await user.type(screen.getByRole('searchbox', { name: 'Search assets' }), 'red car');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(assetCalls(calls).at(-1)?.query.get('q')).toBe('red car'));
    expect(assetCalls(calls).at(-1)?.query.get('subfolders')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(assetCalls(calls).at(-1)?.query.has('q')).toBe(false));
    expect(assetCalls(calls).at(-1)?.query.get('subfolders')).toBe('true');
    expect(screen.getByRole('searchbox', { name: 'Search assets' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('disables the search for an approver inside a depth-3 folder only', async () => {
    hub(1, {}, APPROVER);
    renderApp('/home?folder=y24');
    const user = userEvent.setup();
    await screen.findByText('Results: 1');
    const search = screen.getByRole('searchbox', { name: 'Search assets' });
    expect(search).toBeDisabled();
    // Issue 23: the disabled box says why, to the eye and to a screen reader.
    expect(search).toHaveAttribute('placeholder', 'Search not available here');
    expect(search).toHaveAccessibleDescription(
      'Approvers cannot search inside a folder this deep, such as an approval step (a portal rule): search from the folder above.',
    );

    // The approver's tree holds her steps (depth 2).
    await user.click(screen.getByRole('treeitem', { name: 'Step 1' }));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search assets' })).toBeEnabled());
    expect(screen.getByRole('searchbox', { name: 'Search assets' })).not.toHaveAccessibleDescription();
  });

  it('shows the empty-folder and no-results states', async () => {
    hub(0);
    renderApp('/home?folder=mk');
    const user = userEvent.setup();
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
    expect(screen.getByText('Upload files or pick another folder.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search assets' }), 'nothing');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  it('switches to the list view and remembers it in the preferences', async () => {
    const calls = hub(2, { 'POST /api/profile/user-preferences': ({ body }) => ok(body) });
    renderApp('/home?folder=mk');
    const user = userEvent.setup();
    await screen.findByText('Results: 2');

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ viewMode: 'list' }),
    );
  });

  it('offers no upload in the empty state of a folder that refuses uploads (an approval step)', async () => {
    hub(0);
    renderApp('/home?folder=stp');
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
    expect(screen.getByText('Files are not uploaded here: pick another folder.')).toBeInTheDocument();
    expect(screen.queryByText('Upload files or pick another folder.')).not.toBeInTheDocument();
  });

  it('heads the list view with its columns; name and date sort the listing', async () => {
    const calls = hub(2);
    renderApp('/home?folder=mk');
    const user = userEvent.setup();
    await screen.findByText('Results: 2');
    await user.click(screen.getByRole('button', { name: 'List view' }));

    const headers = within(screen.getByRole('group', { name: 'Columns' }));
    expect(screen.getByTestId('list-headers')).toHaveTextContent('NameStateTypeCreation dateUploaded by');
    // Newest first to start with: the date column shows it, and turns it around.
    await user.click(headers.getByRole('button', { name: 'Sort by Creation date, ascending' }));
    await waitFor(() => expect(assetCalls(calls).at(-1)?.query.get('order')).toBe('asc'));
    await user.click(headers.getByRole('button', { name: 'Sort by Name, ascending' }));
    await waitFor(() => expect(assetCalls(calls).at(-1)?.query.toString()).toContain('sort=name&order=asc'));
    expect(headers.getByRole('button', { name: 'Sort by Name, descending' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('offers upload only where the folder grants write', async () => {
    hub(1);
    renderApp('/home?folder=ro');
    await screen.findByText('Results: 1');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });
});

describe('asset detail modal', () => {
  it('opens on Enter, survives in the address, steps with wrap-around and loads more at the end', async () => {
    const calls = hub(101, {
      'GET /api/folders/mk': ok({ ...tree[0], path: [{ id: 'mk', name: 'Marketing' }] }),
      'GET /api/assets/a0': ok(anAssetDetail(0)),
      'GET /api/assets/a99': ok(anAssetDetail(99)),
      'GET /api/assets/a100': ok(anAssetDetail(100)),
    });
    const app = renderApp('/home?folder=mk');
    const user = userEvent.setup();
    await screen.findByText('Results: 101');

    screen.getByRole('option', { name: 'asset-0.jpg' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'asset-0.jpg' });
    expect(app.router.state.location.search).toMatchObject({ folder: 'mk', asset: 'a0' });
    expect(within(dialog).getByText('05/03/2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Image preview' })).toHaveAttribute(
      'src',
      '/api/assets/a0/preview',
    );
    expect(within(dialog).getByLabelText('Folder path')).toHaveTextContent('Marketing');

    // Previous from the first wraps to the last loaded one.
    await user.click(within(dialog).getByRole('button', { name: 'Previous asset' }));
    expect(await screen.findByRole('dialog', { name: 'asset-99.jpg' })).toBeInTheDocument();

    // Next from the last loaded one loads the next page and steps into it.
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'asset-100.jpg' })).toBeInTheDocument();
    expect(assetCalls(calls).map((call) => call.query.get('cursor'))).toContain('at-100');

    // Past the very last result it wraps to the first.
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'asset-0.jpg' })).toBeInTheDocument();
  });

  it('takes the focus on the dialog itself, and ← → step between the assets', async () => {
    hub(3, {
      'GET /api/assets/a0': ok(anAssetDetail(0)),
      'GET /api/assets/a1': ok(anAssetDetail(1)),
    });
    renderApp('/home?folder=mk&asset=a0');
    const user = userEvent.setup();
    await screen.findByText('Results: 3');
    // Not the hidden selection checkbox: the dialog, named by the asset.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'asset-0.jpg' })).toHaveFocus());

    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'asset-1.jpg' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'asset-0.jpg' })).toBeInTheDocument();

    // The selection checkbox keeps the arrows working; a text field keeps them for its caret.
    await user.click(screen.getByRole('checkbox', { name: 'Select this asset' }));
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'asset-1.jpg' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.keyboard('{ArrowLeft}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByRole('dialog', { name: 'asset-1.jpg' })).toBeInTheDocument();
  });

  it('keeps its checkbox in step with the grid selection', async () => {
    hub(3, { 'GET /api/assets/a1': ok(anAssetDetail(1)) });
    renderApp('/home?folder=mk&asset=a1');
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'asset-1.jpg' });

    await user.click(screen.getByRole('checkbox', { name: 'Select this asset' }));
    expect(screen.getByRole('checkbox', { name: 'Select this asset' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('option', { name: 'asset-1.jpg' })).toHaveAttribute('aria-selected', 'true');
  });

  it('ignores an empty rename and saves a new name', async () => {
    const calls = hub(1, {
      'GET /api/assets/a0': ok(anAssetDetail(0)),
      'PATCH /api/assets/a0': ({ body }) => ok(anAssetDetail(0, { name: (body as { name: string }).name })),
    });
    renderApp('/home?folder=mk&asset=a0');
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'asset-0.jpg' });

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.clear(screen.getByRole('textbox', { name: 'New name' }));
    await user.type(screen.getByRole('textbox', { name: 'New name' }), '   {Enter}');
    expect(screen.queryByRole('textbox', { name: 'New name' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await user.clear(screen.getByRole('textbox', { name: 'New name' }));
    await user.type(screen.getByRole('textbox', { name: 'New name' }), 'Launch{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Launch.jpg' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { name: 'Launch' },
    ]);
    await act(() => Promise.resolve());
  });
});

describe('archive sub-states', () => {
  const tabs = () => within(screen.getByRole('tablist', { name: 'Archive sections' }));
  const treeNames = () =>
    within(screen.getByRole('tree', { name: 'Folders' }))
      .getAllByRole('treeitem')
      .map((item) => item.textContent);

  it('opens on the department archive and narrows the tree to its folders', async () => {
    hub();
    renderApp('/home');
    expect(await screen.findByRole('treeitem', { name: 'Archive' })).toBeInTheDocument();

    expect(
      tabs()
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Shared archive', 'Department archive', 'Channels', 'Internal sharing']);
    expect(tabs().getByRole('tab', { name: 'Department archive' })).toHaveAttribute('aria-selected', 'true');
    // The department's top folder is there for orientation, opened (picking it is tested below).
    expect(treeNames()).toEqual(['Marketing', 'Archive']);
    expect(screen.getByRole('treeitem', { name: 'Marketing' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps the picked tab in the address, from the mouse and from the keyboard', async () => {
    hub();
    const app = renderApp('/home');
    const user = userEvent.setup();
    await screen.findByRole('treeitem', { name: 'Archive' });

    await user.click(tabs().getByRole('tab', { name: 'Shared archive' }));
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ archive: 'shared' }));
    // Shared: the department's top folder is a shared folder itself, so it can be picked.
    expect(treeNames()).toEqual(['Marketing']);
    expect(screen.getByRole('treeitem', { name: 'Marketing' })).toHaveAttribute('aria-expanded', 'false');
    tabs().getByRole('tab', { name: 'Shared archive' }).focus();

    // Arrows move between the tabs, Enter picks one (manual activation: picking closes the folder).
    for (const next of ['Department archive', 'Channels', 'Internal sharing']) {
      await user.keyboard('{ArrowRight}');
      await waitFor(() => expect(tabs().getByRole('tab', { name: next })).toHaveFocus());
    }
    expect(app.router.state.location.search).toMatchObject({ archive: 'shared' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ archive: 'internSharing' }));
    expect(tabs().getByRole('tab', { name: 'Internal sharing' })).toHaveFocus();
    expect(treeNames()).toEqual(['Marketing', 'Internally shared']);
  });

  it('shows the sharing channels below the internally shared folder and opens the first', async () => {
    hub();
    const app = renderApp('/home?view=archives&archive=channels');

    expect(await screen.findByText('Results: 250')).toBeInTheDocument();
    expect(treeNames()).toEqual(['Marketing', 'Internally shared', 'Press office']);
    expect(screen.getByRole('treeitem', { name: 'Press office' })).toHaveAttribute('aria-selected', 'true');
    expect(app.router.state.location.search).toMatchObject({ archive: 'channels', folder: 'chn' });
  });

  it('says a failed folder tree with its SPEC text and code (E009), and Retry loads it', async () => {
    let failing = true;
    signedInHub({
      tree: (call) =>
        failing ? hubError(503, E_CODES.FOLDER_TREE_FAILED) : ok({ roots: scopedTree(call.query) }),
      routes: assetRoutes(1),
    });
    renderApp('/home');
    const user = userEvent.setup();

    const tree = await screen.findByRole('complementary', { name: 'Folders' });
    const alert = await within(tree).findByRole('alert');
    expect(alert).toHaveTextContent('The folder structure could not be loaded. Try later.');
    expect(alert).toHaveTextContent('Error code: E009');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('treeitem', { name: 'Archive' })).toBeInTheDocument();
    expect(within(tree).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when a sub-state holds no folder for the user', async () => {
    signedInHub({ tree: [], routes: assetRoutes(1) });
    renderApp('/home?view=archives&archive=channels');

    expect(await screen.findByText('No sharing channels')).toBeInTheDocument();
    expect(screen.getByText('No folders in this section.')).toBeInTheDocument();
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
  });

  it('follows the selected folder: its own sub-state wins, and a tab that does not hold it closes it', async () => {
    hub();
    const app = renderApp('/home?archive=shared&folder=chn');
    const user = userEvent.setup();
    await screen.findByText('Results: 250');
    expect(tabs().getByRole('tab', { name: 'Channels' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('treeitem', { name: 'Press office' })).toHaveAttribute('aria-selected', 'true');

    // The picked tab closes the folder it does not hold and opens its own first one.
    await user.click(tabs().getByRole('tab', { name: 'Department archive' }));
    await waitFor(() =>
      expect(app.router.state.location.search).toMatchObject({ archive: 'department', folder: 'arch' }),
    );
    expect(screen.getByRole('treeitem', { name: 'Archive' })).toHaveAttribute('aria-selected', 'true');
    // The department's top folder only opens and closes here, by mouse or Enter: the listing stays.
    await user.click(screen.getByRole('treeitem', { name: 'Marketing' }));
    expect(screen.getByRole('treeitem', { name: 'Marketing' })).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('treeitem', { name: 'Marketing' })).toHaveAttribute('aria-expanded', 'true');
    expect(app.router.state.location.search).toMatchObject({ folder: 'arch' });
  });

  it("is not shown to roles without the archives view; the approver's tree opens her step", async () => {
    hub(1, {}, APPROVER);
    const app = renderApp('/home?view=archives&archive=department');
    await screen.findByText('Results: 1');

    expect(screen.getByTestId('default-view')).toHaveAttribute('data-view', 'approver');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(treeNames()).toEqual(['Marketing', 'Step 1']);
    expect(screen.getByRole('treeitem', { name: 'Step 1' })).toHaveAttribute('aria-selected', 'true');
    expect(app.router.state.location.search).toMatchObject({ folder: 'stp' });
  });
});
