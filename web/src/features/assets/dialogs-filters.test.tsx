import { LIMITS, type MetadataFilter } from '@paddock/rules';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  aFolder,
  anAsset,
  anAssetDetail,
  assetRoutes,
  hubError,
  ok,
  signedInHub,
  type HubCall,
  type Route,
} from '../../../test/fake-hub';
import { renderApp, renderWithProviders, withFreshBrowserInEnglish } from '../../../test/render';
import { useResultStepper } from '../asset-detail/use-result-stepper';
import { rememberJob, rememberedJobs } from '../jobs/started-jobs';
import { ThumbnailDialog, previewOf } from './thumbnail-dialog';

withFreshBrowserInEnglish();

function hub(extra: Record<string, Route> = {}): HubCall[] {
  return signedInHub({
    tree: [aFolder({ id: 'arch', name: 'Department archive', prettyId: 'arch04-marketing' })],
    routes: { ...assetRoutes(3), ...extra },
  });
}

const listings = (calls: HubCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/assets');

describe('metadata search (SPEC §3) kept in the address', () => {
  it('builds a BETWEEN and a must-not condition, refuses an incomplete one, and lists with them', async () => {
    const calls = hub();
    const app = renderApp('/home?folder=arch');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Metadata search' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Metadata search' }));

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Metadata' }), 'modelyear');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Operator' }), 'BETWEEN');
    await user.type(dialog.getByRole('textbox', { name: 'Value' }), '1966');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(dialog.getByText('Give a value.')).toBeVisible();
    await user.type(dialog.getByRole('textbox', { name: 'and' }), '1972');

    await user.click(dialog.getByRole('button', { name: 'Add a group' }));
    const combinators = dialog.getAllByRole('combobox', { name: 'Combine' });
    await user.selectOptions(combinators[1]!, 'MUST_NOT');
    await user.selectOptions(dialog.getAllByRole('combobox', { name: 'Metadata' })[1]!, 'bodycolor');
    await user.type(dialog.getAllByRole('textbox', { name: 'Value' })[1]!, 'rosso');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));

    const expected: MetadataFilter[] = [
      {
        combinator: 'MUST',
        clauses: [{ key: 'modelyear', operator: 'BETWEEN', value: '1966', value2: '1972' }],
      },
      { combinator: 'MUST_NOT', clauses: [{ key: 'bodycolor', operator: 'EQUAL', value: 'rosso' }] },
    ];
    await waitFor(() =>
      expect(JSON.parse(listings(calls).at(-1)!.query.get('metadata') ?? '[]')).toEqual(expected),
    );
    expect(app.router.state.location.search).toMatchObject({ meta: expected });
    expect(screen.getByRole('button', { name: 'Metadata search: 2 conditions' })).toBeInTheDocument();
  }, 60_000); // the file's first test renders every lazy route cold and types a dozen values

  it('lists from the address alone: sort, type, search text and metadata survive a reload or a shared link', async () => {
    const calls = hub();
    const meta = encodeURIComponent(
      JSON.stringify([
        { combinator: 'AT_LEAST_ONE', clauses: [{ key: 'modelyear', operator: 'MORE', value: '1970' }] },
      ]),
    );
    renderApp(`/home?folder=arch&sort=name&type=IMAGE&q=spider&sub=true&meta=${meta}`);

    await waitFor(() => expect(listings(calls).length).toBeGreaterThan(0));
    const query = listings(calls)[0]!.query;
    expect(Object.fromEntries(query)).toMatchObject({
      sort: 'name',
      order: 'asc',
      types: 'IMAGE',
      q: 'spider',
      subfolders: 'true',
      metadata: JSON.stringify([
        { combinator: 'AT_LEAST_ONE', clauses: [{ key: 'modelyear', operator: 'MORE', value: '1970' }] },
      ]),
    });
    expect(screen.getByRole('searchbox', { name: 'Search assets' })).toHaveValue('spider');
    expect(screen.getByRole('button', { name: 'Clear the search' })).toBeInTheDocument();
  });

  it('opens another folder whole: the search text and filters reset, the sort stays (SPEC §2, §3)', async () => {
    const calls = hub({
      'GET /api/folders/tree': ok({
        roots: [
          aFolder({ id: 'arch', name: 'Department archive', prettyId: 'arch04-marketing' }),
          aFolder({ id: 'y26', name: 'Heritage archive', prettyId: 'arch04-heritage' }),
        ],
      }),
    });
    const meta = encodeURIComponent(
      JSON.stringify([
        { combinator: 'MUST', clauses: [{ key: 'modelyear', operator: 'EQUAL', value: '1970' }] },
      ]),
    );
    const app = renderApp(
      `/home?folder=arch&sort=name&order=desc&type=IMAGE&ext=jpg&q=spider&sub=true&meta=${meta}`,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('searchbox', { name: 'Search assets' })).toHaveValue('spider');

    await user.click(await screen.findByRole('treeitem', { name: 'Heritage archive' }));

    await waitFor(() => expect(listings(calls).at(-1)!.query.get('folderId')).toBe('y26'));
    expect(Object.fromEntries(listings(calls).at(-1)!.query)).toMatchObject({
      sort: 'name',
      order: 'desc',
      subfolders: 'false',
    });
    for (const gone of ['q', 'types', 'extensions', 'metadata'])
      expect(listings(calls).at(-1)!.query.get(gone) ?? '').toBe('');
    const address = app.router.state.location.search;
    expect(address).toMatchObject({ folder: 'y26', sort: 'name', order: 'desc' });
    for (const gone of ['q', 'sub', 'type', 'ext', 'meta']) expect(address).not.toHaveProperty(gone);
    expect(screen.getByRole('searchbox', { name: 'Search assets' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Metadata search' })).toBeInTheDocument();
  });

  it('drops a malformed filter from the address instead of failing the page', async () => {
    const calls = hub();
    renderApp('/home?folder=arch&meta=%5B%7B%22combinator%22%3A%22NEVER%22%7D%5D&sort=size');
    await waitFor(() => expect(listings(calls).length).toBeGreaterThan(0));
    expect(listings(calls)[0]!.query.get('metadata')).toBeNull();
    expect(listings(calls)[0]!.query.get('sort')).toBe('creationDate');
  });
});

describe('search info dialog', () => {
  it('opens from the search box and says what the search covers, with the operators', async () => {
    hub();
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'About search' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'How search works' }));
    expect(dialog.getByText(/asset names and tags/)).toBeVisible();
    for (const operator of ['equal to', 'less than', 'more than', 'between', 'Must not contain'])
      expect(dialog.getByText(operator)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'How search works' })).toBeNull());
  });
});

describe('thumbnail dialog (SPEC §5: the first 25 of a selection)', () => {
  const assets = Array.from({ length: 30 }, (_, n) => anAsset(n));

  it('previews the selection in its order, at most 25', () => {
    const selected = new Set(['a29', ...assets.slice(0, 28).map((a) => a.id)]);
    const shown = previewOf(selected, assets);
    expect(shown).toHaveLength(LIMITS.previewMaxAssets);
    expect(shown[0]!.id).toBe('a29');
  });

  it('shows the thumbnails in the thumbnails area and says how many are left out', async () => {
    renderWithProviders(
      <ThumbnailDialog assets={assets.slice(0, 25)} total={30} onClose={() => undefined} />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: '30 assets selected' }));
    expect(dialog.getAllByRole('img')).toHaveLength(25);
    expect(dialog.getByText('The preview shows the first 25 of 30 selected assets.')).toBeVisible();
  });
});

describe('stepping through the results in the detail (issue 23: 0.7 s a step, fast presses lost)', () => {
  const ids = ['a0', 'a1', 'a2', 'a3', 'a4'];

  it('moves at once on each press and counts presses made before a render', async () => {
    const onNavigate = jest.fn();
    const { result } = renderHook(() =>
      useResultStepper({ shownId: 'a0', resultIds: ids, hasMore: false, loadMore: jest.fn(), onNavigate }),
    );
    await act(async () => {
      void result.current.step(1);
      void result.current.step(1);
      await result.current.step(1);
    });
    expect(onNavigate.mock.calls).toEqual([['a1'], ['a2'], ['a3']]);
    await act(() => result.current.step(-1));
    expect(onNavigate).toHaveBeenLastCalledWith('a2');
  });

  it('keeps the presses made while the next page loads, and goes on from that page', async () => {
    const onNavigate = jest.fn();
    let pageArrives: (ids: readonly string[]) => void = () => undefined;
    const loadMore = jest.fn(() => new Promise<readonly string[]>((resolve) => (pageArrives = resolve)));
    const { result } = renderHook(() =>
      useResultStepper({ shownId: 'a3', resultIds: ids.slice(0, 4), hasMore: true, loadMore, onNavigate }),
    );
    let steps: Promise<void> = Promise.resolve();
    act(() => {
      void result.current.step(1);
      steps = result.current.step(1);
    });
    await waitFor(() => expect(loadMore).toHaveBeenCalled());
    await act(async () => {
      pageArrives([...ids, 'a5', 'a6']);
      await steps;
    });
    expect(loadMore).toHaveBeenCalledTimes(1);
    expect(onNavigate.mock.calls).toEqual([['a4'], ['a5']]);
  });
});

describe('errors', () => {
  it('opens a rename failure in a modal titled nameEditError, naming the locale that failed', async () => {
    hub({
      'GET /api/assets/a0': ok(anAssetDetail(0, { folders: [{ id: 'arch', name: 'Department archive' }] })),
      'PATCH /api/assets/a0': hubError(409, 'E064'),
    });
    renderApp('/home?folder=arch&asset=a0');
    const detail = within(await screen.findByRole('dialog', { name: 'asset-0.jpg' }));
    const user = userEvent.setup();
    await user.click(await detail.findByRole('button', { name: 'Rename' }));
    await user.clear(detail.getByRole('textbox', { name: 'New name' }));
    await user.type(detail.getByRole('textbox', { name: 'New name' }), 'Spider 1966');
    await user.click(detail.getByRole('button', { name: 'Save' }));

    const error = within(await screen.findByRole('alertdialog', { name: 'Name edit error' }));
    expect(error.getByText('The English name could not be added.')).toBeVisible();
    expect(error.getByText('Error code: E064')).toBeVisible();
  });

  it('names the detail look-up that failed (E026: the folder the asset is looked at in)', async () => {
    hub({ 'GET /api/assets/a0': hubError(409, 'E026') });
    renderApp('/home?folder=arch&asset=a0');
    expect(await screen.findByText("The asset's folder could not be loaded. Try later.")).toBeVisible();
    expect(screen.getByText('Error code: E026')).toBeVisible();
  });

  it('shows a failed breadcrumb (E028) where the path would be, with a Retry that brings the path', async () => {
    let fails = true;
    const calls = hub({
      'GET /api/assets/a0': ok(anAssetDetail(0)),
      'GET /api/folders/:id': () =>
        fails
          ? hubError(503, 'E028')
          : ok({
              ...aFolder({ id: 'arch', name: 'Department archive', prettyId: 'arch04-marketing' }),
              path: [
                { id: 'mk', name: 'Marketing' },
                { id: 'arch', name: 'Department archive' },
              ],
            }),
    });
    renderApp('/home?folder=arch&asset=a0');
    const dialog = within(await screen.findByRole('dialog', { name: 'asset-0.jpg' }));
    const failure = within(await dialog.findByRole('alert'));
    expect(failure.getByText('The folder path could not be loaded. Try later.')).toBeVisible();
    expect(failure.getByText('Error code: E028')).toBeVisible();
    // The rest of the detail stays usable.
    expect(dialog.getByRole('img', { name: 'Image preview' })).toBeVisible();

    fails = false;
    await userEvent.setup().click(failure.getByRole('button', { name: 'Try again' }));
    expect(await dialog.findByLabelText('Folder path')).toHaveTextContent('MarketingDepartment archive');
    expect(dialog.queryByText('The folder path could not be loaded. Try later.')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/folders/arch').map((c) => c.query.get('lang'))).toContain(
      'en',
    );
  });

  it('says the browser closed before the actions were completed when a job started here never ended in view', async () => {
    rememberJob('job-1');
    rememberJob('job-of-someone-else');
    hub({ 'GET /api/jobs/job-1': ok({ id: 'job-1', state: 'active', progress: 40 }) });
    renderApp('/home?folder=arch');

    const error = within(await screen.findByRole('alertdialog', { name: 'ERROR' }));
    expect(
      error.getByText('The browser was closed before the actions were completed: check folders and assets.'),
    ).toBeVisible();
    expect(rememberedJobs()).toEqual([]);
  });
});
