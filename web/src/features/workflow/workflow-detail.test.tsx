import { E_CODES, WORKFLOW_ERROR_CODES, parseDrawing, type AssetDetail, type Place } from '@paddock/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import {
  aFolder,
  anAssetDetail,
  assetRoutes,
  fakeHub,
  hubError,
  ok,
  signedInRoutes,
  type HubCall,
  actionsAllowing,
} from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';
import { withDesktopListingLayout } from '../../../test/desktop-layout';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source';

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
      aFolder({
        id: 'appr',
        name: 'Approval',
        prettyId: 'appr02-marketing',
        parentId: 'mk',
        children: [
          aFolder({ id: 'st1', name: 'Step 1', prettyId: 'appstp1-marketing', parentId: 'appr' }),
          aFolder({ id: 'st2', name: 'Step 2', prettyId: 'appstp2-marketing', parentId: 'appr' }),
        ],
      }),
      aFolder({
        id: 'enr',
        name: 'Enrichment',
        prettyId: 'arrc03-marketing',
        parentId: 'mk',
        children: [aFolder({ id: 'enr-24', name: 'Launch 2024', parentId: 'enr' })],
      }),
      aFolder({ id: 'junk', name: 'Department junk', prettyId: 'junk-marketing', parentId: 'mk' }),
    ],
  }),
];

const NONE = actionsAllowing();
const place = (overrides: Partial<Place>): Place => ({
  view: 'approver',
  archiveSubState: null,
  isSuppliersRoot: false,
  isDepartmentArchiveRoot: false,
  step: null,
  department: 'marketing',
  ...overrides,
});
const approverAt = (step: number) => ({
  place: place({ step }),
  actions: { ...NONE, accept: true, reject: true },
});
const inJunk = {
  place: place({ view: 'departmentJunk' }),
  actions: { ...NONE, delete: true, restore: true },
};

function hub(detail: Partial<AssetDetail>, extra: Parameters<typeof fakeHub>[0] = {}) {
  return fakeHub({
    ...signedInRoutes(),
    'GET /api/folders/tree': ok({ roots: tree }),
    ...assetRoutes(3),
    'GET /api/assets/a0': ok(
      anAssetDetail(0, { rights: { rename: false, newVersion: false, download: false }, ...detail }),
    ),
    ...extra,
  });
}

const posts = (calls: HubCall[], action: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === `/api/workflow/${action}`);
const toolbar = () => within(screen.getByRole('toolbar', { name: 'Workflow actions' }));
const buttonNames = () =>
  toolbar()
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('workflow actions in the asset detail modal', () => {
  it('asks the hub with the listing folder and shows exactly the actions it allows', async () => {
    const calls = hub(approverAt(1));
    renderApp('/home?folder=st1&asset=a0');
    await screen.findByRole('dialog', { name: 'asset-0.jpg' });

    await waitFor(() => expect(buttonNames()).toEqual(['Accept', 'Reject']));
    const detail = calls.find((call) => call.path === '/api/assets/a0' && call.query.has('folderId'));
    expect(detail?.query.get('folderId')).toBe('st1');
    expect(screen.queryByRole('button', { name: 'New version' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'External share' })).not.toBeInTheDocument();
  });

  it('offers the external share where SPEC §6 allows it, and opens its three-step dialog for the asset', async () => {
    hub({
      place: place({ view: 'archives', archiveSubState: 'department' }),
      actions: { ...NONE, share: true },
    });
    renderApp('/home?folder=st1&asset=a0');
    const modal = await screen.findByRole('dialog', { name: 'asset-0.jpg' });
    await userEvent.setup().click(await within(modal).findByRole('button', { name: 'External share' }));
    const dialog = await screen.findByRole('dialog', { name: /^External share — 1 asset/ });
    expect(within(dialog).getByText('Step 1 of 3')).toBeVisible();
  });

  it('in the junk offers the permanent delete and restore only, and shows the deletion date', async () => {
    hub({
      ...inJunk,
      workflow: { ...anAssetDetail(0).workflow, deletedAt: Date.UTC(2026, 2, 9, 12) / 1000 },
    });
    renderApp('/home?folder=junk&asset=a0');
    await screen.findByRole('dialog', { name: 'asset-0.jpg' });

    await waitFor(() => expect(buttonNames()).toEqual(['Restore', 'Delete permanently']));
    expect(screen.getByText('Deleted on').nextSibling).toHaveTextContent('09/03/2026');

    // Restore offers the way back first; choosing a folder is the other way.
    const user = userEvent.setup();
    await user.click(toolbar().getByRole('button', { name: 'Restore' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Restore to folder' }));
    expect(confirm.getByText('Put this asset back in the folder it was deleted from?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Choose another folder…' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Restore to folder' }));
    picker.getByRole('treeitem', { name: 'Marketing' }).focus();
    await user.keyboard('{ArrowRight}');
    // Neither the junk nor an approval step is a choice: only the workflow fills them.
    picker.getByRole('treeitem', { name: 'Approval' }).focus();
    await user.keyboard('{ArrowRight}');
    for (const folder of ['Department junk', 'Step 1', 'Approval'])
      expect(picker.getByRole('treeitem', { name: folder })).toHaveAttribute('aria-disabled', 'true');
    await user.click(picker.getByRole('treeitem', { name: 'Department junk' }));
    expect(picker.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.click(picker.getByRole('treeitem', { name: 'Enrichment' }));
    expect(picker.getByText('Chosen: Enrichment')).toBeInTheDocument();
  });

  it('restores to where the asset came from, and asks for a folder when the hub does not know it', async () => {
    const calls = hub(inJunk, {
      'POST /api/workflow/restore': ({ body }) =>
        (body as { toFolderId?: string }).toFolderId
          ? { status: 202, body: { jobId: 'j1' } }
          : hubError(409, WORKFLOW_ERROR_CODES.ORIGIN_UNAVAILABLE, { ids: ['a0'] }),
    });
    renderApp('/home?folder=junk&asset=a0');
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'asset-0.jpg' });
    await user.click(await toolbar().findByRole('button', { name: 'Restore' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Restore to folder' }));
    await user.click(confirm.getByRole('button', { name: 'Restore' }));

    const picker = within(await screen.findByRole('dialog', { name: 'Restore to folder' }));
    (await picker.findByRole('treeitem', { name: 'Marketing' })).focus();
    await user.keyboard('{ArrowRight}');
    await user.click(await picker.findByRole('treeitem', { name: 'Enrichment' }));
    await user.click(picker.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts(calls, 'restore')).toHaveLength(2));
    expect(posts(calls, 'restore').map((call) => call.body)).toEqual([
      { contentIds: ['a0'], folderId: 'junk' },
      { contentIds: ['a0'], folderId: 'junk', toFolderId: 'enr' },
    ]);
  });

  it('rejects only with a note, sending the drawing made on the preview', async () => {
    const calls = hub(approverAt(2), { 'POST /api/workflow/reject': { status: 202, body: { jobId: 'j1' } } });
    renderApp('/home?folder=st2&asset=a0');
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'asset-0.jpg' });
    await user.click(await toolbar().findByRole('button', { name: 'Reject' }));

    const surface = screen.getByRole('img', { name: 'Drawing canvas' });
    surface.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 100 }) as DOMRect;
    const stroke = (points: [number, number][]) => {
      fireEvent.pointerDown(surface, { clientX: points[0][0], clientY: points[0][1] });
      for (const [x, y] of points.slice(1)) fireEvent.pointerMove(surface, { clientX: x, clientY: y });
      fireEvent.pointerUp(surface);
    };
    stroke([
      [20, 10],
      [100, 50],
      [150, 90],
    ]);
    await user.click(screen.getByRole('radio', { name: 'Blue' }));
    stroke([
      [0, 0],
      [200, 100],
    ]);
    stroke([
      [10, 10],
      [20, 20],
    ]);
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    await user.click(screen.getByRole('button', { name: 'Confirm rejection' }));
    expect(screen.getByText('Write a note to reject.')).toBeInTheDocument();
    expect(posts(calls, 'reject')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Logo cut off on the right');
    await user.click(screen.getByRole('button', { name: 'Confirm rejection' }));
    await waitFor(() => expect(posts(calls, 'reject')).toHaveLength(1));
    const body = posts(calls, 'reject')[0].body as {
      contentIds: string[];
      folderId: string;
      note: string;
      canvas: string;
    };
    expect(body).toMatchObject({ contentIds: ['a0'], folderId: 'st2', note: 'Logo cut off on the right' });
    expect(parseDrawing(body.canvas)).toEqual({
      version: 1,
      strokes: [
        {
          color: '#e11d48',
          width: 0.005,
          points: [
            [0.1, 0.1],
            [0.5, 0.5],
            [0.75, 0.9],
          ],
        },
        {
          color: '#2563eb',
          width: 0.005,
          points: [
            [0, 0],
            [1, 1],
          ],
        },
      ],
    });
  });

  it('accepts after confirmation, shows the progress, then refreshes the listing and closes on completion', async () => {
    const calls = hub(approverAt(1), {
      'POST /api/workflow/accept': { status: 202, body: { jobId: 'j7' } },
      'GET /api/jobs/j7': ok({
        id: 'j7',
        state: 'completed',
        progress: 100,
        errorCode: null,
        outcomes: [
          { contentId: 'a0', outcome: 'done', fromFolderId: 'st1', toFolderId: 'st2', errorCode: null },
        ],
      }),
    });
    const app = renderApp('/home?folder=st1&asset=a0');
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'asset-0.jpg' });
    await user.click(await toolbar().findByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Accept' });
    await user.click(within(confirm).getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(posts(calls, 'accept')[0].body).toEqual({ contentIds: ['a0'], folderId: 'st1' });
    const source = FakeEventSource.opened[0];
    expect(source.url).toBe('/api/jobs/j7/events');
    source.emit({ jobId: 'j7', state: 'active', progress: 40 });
    expect(await screen.findByText('40%')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'asset-0.jpg' })).toBeInTheDocument();

    const listingsBefore = calls.filter((call) => call.path === '/api/assets').length;
    source.emit({ jobId: 'j7', state: 'completed', progress: 100 });
    await waitFor(() => expect(app.router.state.location.search).not.toHaveProperty('asset'));
    expect(app.router.state.location.search).toMatchObject({ folder: 'st1' });
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/assets').length).toBeGreaterThan(listingsBefore),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('at the last step preselects the enrichment folder when it is the only one to choose', async () => {
    const [department] = tree;
    const single = department!.children!.map((folder) =>
      folder.id === 'enr'
        ? aFolder({ id: 'enr', name: 'Enrichment', prettyId: 'arrc03-marketing', parentId: 'mk' })
        : folder,
    );
    const calls = hub(approverAt(2), {
      'GET /api/folders/tree': ok({ roots: [{ ...department!, children: single }] }),
      'POST /api/workflow/accept': { status: 202, body: { jobId: 'j9' } },
    });
    renderApp('/home?folder=st2&asset=a0');
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'asset-0.jpg' });
    await user.click(await toolbar().findByRole('button', { name: 'Accept' }));

    const picker = await screen.findByRole('dialog', { name: 'Last step: choose the enrichment folder' });
    expect(within(picker).getByText('Chosen: Enrichment')).toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts(calls, 'accept')).toHaveLength(1));
    expect(posts(calls, 'accept')[0].body).toEqual({
      contentIds: ['a0'],
      folderId: 'st2',
      enrichmentFolderId: 'enr',
    });
  });

  it('at the last step picks the enrichment folder, and reports an asset sent to junk with its code', async () => {
    const calls = hub(approverAt(2), {
      'POST /api/workflow/accept': { status: 202, body: { jobId: 'j8' } },
      'GET /api/jobs/j8': ok({
        id: 'j8',
        state: 'completed',
        progress: 100,
        errorCode: null,
        outcomes: [
          {
            contentId: 'a0',
            outcome: 'junk',
            fromFolderId: 'st2',
            toFolderId: 'junk',
            errorCode: E_CODES.ACCEPT_LINK_FAILED,
          },
        ],
      }),
    });
    renderApp('/home?folder=st2&asset=a0');
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'asset-0.jpg' });
    await user.click(await toolbar().findByRole('button', { name: 'Accept' }));

    const picker = await screen.findByRole('dialog', { name: 'Last step: choose the enrichment folder' });
    const pickerTree = within(picker).getByRole('tree');
    expect(
      within(pickerTree)
        .getAllByRole('treeitem')
        .map((item) => item.textContent),
    ).toEqual(['Enrichment']);
    await user.click(within(pickerTree).getByRole('treeitem', { name: 'Enrichment' }));
    await user.click(within(picker).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(posts(calls, 'accept')[0].body).toEqual({
      contentIds: ['a0'],
      folderId: 'st2',
      enrichmentFolderId: 'enr',
    });
    FakeEventSource.opened[0].emit({ jobId: 'j8', state: 'completed', progress: 100 });

    const error = await screen.findByRole('alertdialog', { name: 'ERROR' });
    expect(error).toHaveTextContent('1 asset of 1 was not done as asked.');
    expect(error).toHaveTextContent(
      'Accepted, but the move to the next step failed. The asset was sent to the department junk: ask an administrator to restore it.',
    );
    expect(within(error).queryByRole('link')).not.toBeInTheDocument();
    expect(error).toHaveTextContent('Error code: E046');
  });

  it('shows the shared-channels alert when the permanent delete is refused', async () => {
    const calls = hub(inJunk, {
      'POST /api/workflow/permanent-delete': hubError(409, 'WORKFLOW_SHARED_IN_CHANNELS'),
    });
    renderApp('/home?folder=junk&asset=a0');
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'asset-0.jpg' });
    await user.click(await toolbar().findByRole('button', { name: 'Delete permanently' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete permanently' });
    expect(confirm).toHaveTextContent('This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete permanently' }));

    expect(
      await screen.findByRole('alertdialog', { name: 'Asset shared in several channels' }),
    ).toBeInTheDocument();
    expect(posts(calls, 'permanent-delete')[0].body).toEqual({ contentIds: ['a0'], folderId: 'junk' });
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});

describe('bulk workflow actions in the smart bar', () => {
  it('offers the folder’s actions for the selection and explains a refusal', async () => {
    const calls = hub(approverAt(1), {
      'GET /api/folders/st1': ok({ ...tree[0].children![0].children![0], ...approverAt(1) }),
      'POST /api/workflow/accept': hubError(409, 'WORKFLOW_MIXED_STEPS'),
    });
    renderApp('/home?folder=st1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('option', { name: 'asset-0.jpg' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('option', { name: 'asset-2.jpg' }));
    await user.keyboard('{/Shift}');
    const bar = within(screen.getByRole('region', { name: 'Multiple selection' }));
    const bulk = within(await bar.findByRole('toolbar', { name: 'Actions on the selection' }));
    expect(bulk.getAllByRole('button').map((button) => button.textContent)).toEqual(['Accept', 'Reject']);

    await user.click(bulk.getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Accept' });
    expect(confirm).toHaveTextContent('Accept 3 assets and send them');
    await user.click(within(confirm).getByRole('button', { name: 'Accept' }));

    const error = await screen.findByRole('alertdialog', { name: 'ERROR' });
    expect(error).toHaveTextContent('The selected assets are in different approval steps');
    expect(posts(calls, 'accept')[0].body).toEqual({ contentIds: ['a0', 'a1', 'a2'], folderId: 'st1' });
  });
});
