import type { AssetSummary, Place } from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import {
  aFolder,
  anAsset,
  anAssetDetail,
  assetListing,
  assetTotal,
  fakeHub,
  hubError,
  ok,
  signedInRoutes,
  type HubCall,
  actionsAllowing,
} from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';
import { withDesktopListingLayout } from '../../../test/desktop-layout';
import { openedStreams, installFakeEventSource } from '../../../test/fake-event-source';

installFakeEventSource();

withDesktopListingLayout();

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const tree = [
  aFolder({
    id: 'mk',
    name: 'Marketing',
    prettyId: 'dept-marketing',
    children: [
      aFolder({ id: 'arch', name: 'Department archive', prettyId: 'arch04-marketing', parentId: 'mk' }),
      aFolder({ id: 'junk', name: 'Department junk', prettyId: 'junk-marketing', parentId: 'mk' }),
    ],
  }),
];

const NONE = actionsAllowing();
const inArchive = {
  place: {
    view: 'archives',
    archiveSubState: 'department',
    isSuppliersRoot: false,
    isDepartmentArchiveRoot: false,
    step: null,
    department: 'marketing',
  } as Place,
  actions: { ...NONE, delete: true, move: true },
};

/** A hub whose archive lists `shown()` (changed by the test to play what a job did). */
function hub(shown: () => AssetSummary[], extra: Parameters<typeof fakeHub>[0] = {}) {
  return fakeHub({
    ...signedInRoutes(),
    'GET /api/folders/tree': ok({ roots: tree }),
    'GET /api/folders/arch': ok({ ...tree[0].children![0], ...inArchive }),
    'GET /api/assets': (call) => {
      const items = shown();
      return assetListing(items.length, (n) => items[n]!)(call);
    },
    'GET /api/assets/total': () => assetTotal(shown().length),
    'GET /api/assets/a0': ok(
      anAssetDetail(0, { rights: { rename: false, newVersion: false, download: false }, ...inArchive }),
    ),
    ...extra,
  });
}

const posts = (calls: HubCall[], action: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === `/api/workflow/${action}`);
const three = () => [anAsset(0), anAsset(1), anAsset(2)];
const completedJob = (id: string, outcome: { from: string; to: string }) =>
  ok({
    id,
    state: 'completed',
    progress: 100,
    errorCode: null,
    outcomes: [
      {
        contentId: 'a0',
        outcome: 'done',
        fromFolderId: outcome.from,
        toFolderId: outcome.to,
        errorCode: null,
      },
    ],
  });

describe('cards: state, preview, selection', () => {
  it('shows each asset’s workflow chip, and "preparing preview" until the hub says the preview exists', async () => {
    let ready = false;
    hub(() => [
      anAsset(0, { workflowState: { kind: 'waiting', step: 2 } }),
      anAsset(1, { workflowState: { kind: 'rejected' }, state: ready ? 'READY' : 'PROCESSING' }),
      anAsset(2, { type: 'VIDEO', extension: 'mp4', durationMs: 83_000, workflowState: { kind: 'junk' } }),
    ]);
    renderApp('/home?folder=arch');
    const card = (n: number) =>
      within(screen.getByRole('option', { name: `asset-${n}${n === 2 ? '.mp4' : '.jpg'}` }));
    await screen.findByRole('option', { name: 'asset-0.jpg' });
    expect(card(0).getByText('Waiting · step 2')).toBeInTheDocument();
    expect(card(1).getByText('Rejected')).toBeInTheDocument();
    expect(card(2).getByText('In junk')).toBeInTheDocument();
    expect(card(2).getByText('Video · 1:23')).toBeInTheDocument();

    expect(card(1).getByRole('img', { name: 'Preparing preview…' })).toBeInTheDocument();
    const [events] = openedStreams('/api/assets/events');
    expect(events.url).toBe('/api/assets/events?ids=a1');
    ready = true;
    events.emit({ ready: [{ contentId: 'a1', state: 'READY' }], pending: 0 });
    await waitFor(() =>
      expect(card(1).queryByRole('img', { name: 'Preparing preview…' })).not.toBeInTheDocument(),
    );
    expect(events.closed).toBe(true);
  });

  it('says on the card, in words, that a file cannot be read when its previews failed (issue 23)', async () => {
    let state = 'PROCESSING';
    hub(() => [anAsset(0), anAsset(1, { state })]);
    renderApp('/home?folder=arch');
    const card = within(await screen.findByRole('option', { name: 'asset-1.jpg' }));
    state = 'FAILED';
    openedStreams('/api/assets/events')[0]!.emit({ ready: [{ contentId: 'a1', state }], pending: 0 });
    const failed = await card.findByRole('img', { name: 'Unreadable file' });
    expect(failed).toHaveTextContent('Unreadable file');
    expect(failed).toHaveAttribute('title', expect.stringContaining('upload a new version'));
    expect(
      within(screen.getByRole('option', { name: 'asset-0.jpg' })).queryByRole('img', {
        name: 'Unreadable file',
      }),
    ).not.toBeInTheDocument();
  });

  it('says on each card which version it shows (issue 23)', async () => {
    hub(() => [anAsset(0), anAsset(1, { version: 2 })]);
    renderApp('/home?folder=arch');
    const card = (n: number) => within(screen.getByRole('option', { name: `asset-${n}.jpg` }));
    await screen.findByRole('option', { name: 'asset-1.jpg' });
    expect(card(0).getByLabelText('Version 1')).toHaveTextContent('v1');
    expect(card(1).getByLabelText('Version 2')).toHaveTextContent('v2');
  });

  it('opens an asset on double-click without selecting it; the checkbox selects with a checkmark', async () => {
    hub(three);
    const app = renderApp('/home?folder=arch');
    const user = userEvent.setup();
    const option = await screen.findByRole('option', { name: 'asset-1.jpg' });
    await user.dblClick(option);
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ asset: 'a1' }));
    expect(option).toHaveAttribute('aria-selected', 'false');
    expect(screen.queryByRole('region', { name: 'Multiple selection' })).not.toBeInTheDocument();
    await screen.findByTestId('asset-detail');
    await user.keyboard('{Escape}');

    const checkbox = within(screen.getByRole('option', { name: 'asset-2.jpg' })).getByRole('checkbox', {
      name: 'Select asset-2.jpg',
    });
    await user.click(checkbox);
    expect(checkbox).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('option', { name: 'asset-2.jpg' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('region', { name: 'Multiple selection' })).toHaveTextContent('Selected: 1');
  });

  it('drops from the selection an asset that left the listing after an action', async () => {
    let shown = three();
    hub(() => shown, {
      'POST /api/workflow/delete': { status: 202, body: { jobId: 'j1' } },
      'GET /api/jobs/j1': completedJob('j1', { from: 'arch', to: 'junk' }),
    });
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'asset-0.jpg' });
    for (const n of [0, 1]) await user.click(screen.getByRole('checkbox', { name: `Select asset-${n}.jpg` }));
    expect(screen.getByRole('region', { name: 'Multiple selection' })).toHaveTextContent('Selected: 2');

    // a0 is opened (Enter) and deleted from its detail: it leaves the archive.
    screen.getByRole('option', { name: 'asset-0.jpg' }).focus();
    await user.keyboard('{Enter}');
    const detail = await screen.findByRole('dialog', { name: 'asset-0.jpg' });
    await user.click(await within(detail).findByRole('button', { name: 'Delete' }, { timeout: 5_000 }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(openedStreams('/api/jobs/j1')).toHaveLength(1));
    shown = [anAsset(1), anAsset(2)];
    openedStreams('/api/jobs/j1')[0].emit({ jobId: 'j1', state: 'completed', progress: 100 });

    await waitFor(() =>
      expect(screen.queryByRole('option', { name: 'asset-0.jpg' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('region', { name: 'Multiple selection' })).toHaveTextContent('Selected: 1');
  });
});

describe('notices after actions', () => {
  it('says where a deleted asset went, and its Undo restores it through the workflow job', async () => {
    let shown = three();
    const calls = hub(() => shown, {
      'POST /api/workflow/delete': { status: 202, body: { jobId: 'j1' } },
      'GET /api/jobs/j1': completedJob('j1', { from: 'arch', to: 'junk' }),
      'POST /api/workflow/restore': { status: 202, body: { jobId: 'j2' } },
      'GET /api/jobs/j2': completedJob('j2', { from: 'junk', to: 'arch' }),
    });
    renderApp('/home?folder=arch&asset=a0');
    const user = userEvent.setup();
    // The detail opened from the address waits for the folder before it offers the folder's actions.
    await user.click(await screen.findByRole('button', { name: 'Delete' }, { timeout: 5_000 }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(openedStreams('/api/jobs/j1')).toHaveLength(1));
    shown = [anAsset(1), anAsset(2)];
    openedStreams('/api/jobs/j1')[0].emit({ jobId: 'j1', state: 'completed', progress: 100 });

    const notices = within(await screen.findByRole('region', { name: 'Notices' }));
    const notice = await notices.findByRole('status');
    expect(notice).toHaveTextContent('1 asset deleted, moved to Department junk');
    await user.click(within(notice).getByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(posts(calls, 'restore')).toHaveLength(1));
    expect(posts(calls, 'restore')[0].body).toEqual({
      contentIds: ['a0'],
      folderId: 'junk',
      toFolderId: 'arch',
    });
    await waitFor(() => expect(openedStreams('/api/jobs/j2')).toHaveLength(1));
    shown = three();
    openedStreams('/api/jobs/j2')[0].emit({ jobId: 'j2', state: 'completed', progress: 100 });
    expect(await notices.findByText('1 asset restored to Department archive')).toBeInTheDocument();
    // The undo's own notice offers no further undo, and the asset is back in the listing.
    expect(notices.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'asset-0.jpg' })).toBeInTheDocument();
  });
});

describe('loading and failure of the listing', () => {
  it('keeps the previous results, dimmed and busy, while a search loads; the search box stays usable', async () => {
    let release: () => void = () => undefined;
    const searched = new Promise<void>((resolve) => (release = resolve));
    fakeHub({
      ...signedInRoutes(),
      'GET /api/folders/tree': ok({ roots: tree }),
      'GET /api/assets': async (call) => {
        if (!call.query.get('q')) return assetListing(3)(call);
        await searched;
        return assetListing(1, () => anAsset(9, { name: 'found' }))(call);
      },
      'GET /api/assets/total': (call) => assetTotal(call.query.get('q') ? 1 : 3),
    });
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'asset-0.jpg' });
    const search = screen.getByRole('searchbox', { name: 'Search assets' });
    await user.type(search, 'found{Enter}');

    const list = screen.getByRole('listbox');
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('option', { name: 'asset-0.jpg' })).toBeInTheDocument();
    expect(search).toBeEnabled();
    release();
    expect(await screen.findByRole('option', { name: 'found.jpg' })).toBeInTheDocument();
    expect(list).not.toHaveAttribute('aria-busy');
  });

  it('shows a failed listing inline with its code and a Retry, without a dialog or a stale count', async () => {
    let failing = true;
    fakeHub({
      ...signedInRoutes(),
      'GET /api/folders/tree': ok({ roots: tree }),
      'GET /api/assets': (call) => (failing ? hubError(503, 'E002') : assetListing(3)(call)),
      'GET /api/assets/total': assetTotal(3),
    });
    renderApp('/home?folder=arch');
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The assets could not be loaded.');
    expect(alert).toHaveTextContent('Error code: E002');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Results: 3')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: 'asset-0.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Results: 3')).toBeInTheDocument();
  });
});
