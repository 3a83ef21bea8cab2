import type {
  DuplicateAsset,
  DuplicateDecisionResponse,
  DuplicateGroup,
  DuplicatePair,
  DuplicateReviewResponse,
} from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openedStreams, installFakeEventSource } from '../../../test/fake-event-source';
import {
  aSession,
  anAsset,
  fakeHub,
  hubError,
  ok,
  signedInRoutes,
  type HubCall,
  type Route,
} from '../../../test/fake-hub';
import { renderApp, withFreshBrowserInEnglish } from '../../../test/render';

withFreshBrowserInEnglish();
installFakeEventSource();

// The app's first render on a loaded machine can take longer than the usual wait.
jest.setTimeout(60_000);

const reviewer = aSession({ username: 'mario.rossi', roles: ['user'] });

const anAssetInFolder = (n: number, folderId: string): DuplicateAsset => ({
  ...anAsset(n),
  folderId,
});

function aPair(a: string, b: string, overrides: Partial<DuplicatePair> = {}): DuplicatePair {
  return {
    a,
    b,
    match: 'exact',
    distance: 0,
    decision: null,
    kept: null,
    decidedBy: null,
    decidedAt: null,
    ...overrides,
  };
}

const [a1, a2, a3, a4] = [
  anAssetInFolder(1, 'f-1'),
  anAssetInFolder(2, 'f-2'),
  anAssetInFolder(3, 'f-3'),
  anAssetInFolder(4, 'f-4'),
];
const sameBytes: DuplicateGroup = { assets: [a1, a2], pairs: [aPair('a1', 'a2')] };
const similar: DuplicateGroup = {
  assets: [a3, a4],
  pairs: [
    aPair('a3', 'a4', { match: 'near', distance: 6 }),
    aPair('a3', 'a5', {
      match: 'near',
      distance: 4,
      decision: 'distinct',
      decidedBy: 'anna.bianchi',
      decidedAt: '2026-11-20T10:00:00.000Z',
    }),
  ],
};
const review = (groups: DuplicateGroup[]): DuplicateReviewResponse => ({ groups });

/** The hub of a reviewer: `open` and `ignored` answer GET /api/duplicates for each state. */
function duplicatesHub(
  groups: { open?: () => DuplicateGroup[]; ignored?: () => DuplicateGroup[] },
  routes: Record<string, Route> = {},
): HubCall[] {
  return fakeHub({
    ...signedInRoutes(reviewer),
    'GET /api/duplicates': ({ query }) =>
      ok(review((query.get('state') === 'ignored' ? groups.ignored : groups.open)?.() ?? [])),
    ...routes,
  });
}

const groupsList = () => screen.findByRole('list', { name: 'Groups of possible duplicates' });
const pairRow = (name: string) => screen.findByRole('listitem', { name });
const duplicateCalls = (calls: HubCall[], method: string) =>
  calls.filter((call) => call.method === method && call.path.startsWith('/api/duplicates'));

function decided(pair: DuplicatePair, request: HubCall): DuplicateDecisionResponse {
  const body = request.body as { decision: DuplicatePair['decision']; keep?: string; merge?: boolean };
  return {
    pair: { ...pair, decision: body.decision, kept: body.keep ?? null, decidedBy: 'mario.rossi' },
    jobId: body.decision === 'same' ? 'job-junk' : null,
    mergeJobId: body.merge ? 'job-merge' : null,
  };
}

describe('Possible duplicates (/duplicates)', () => {
  it('lists the open groups: thumbnails linking to the detail, each pair with how it was found and its decision or the buttons', async () => {
    const calls = duplicatesHub({ open: () => [sameBytes, similar] });
    renderApp('/duplicates');

    expect(await screen.findByRole('heading', { level: 1, name: 'Possible duplicates' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Possible duplicates' })).toHaveAttribute('aria-current', 'page');
    const [first, second] = within(await groupsList()).getAllByRole('listitem', { name: /^Group of/ });
    expect(first).toHaveAccessibleName('Group of 2 assets');
    const tile = within(first).getByRole('link', { name: /^asset-1\.jpg/ });
    expect(tile).toHaveAttribute('href', '/home?asset=a1');
    expect(tile).toHaveTextContent('Image');
    expect(tile).toHaveTextContent('v1');
    expect(within(tile).getByRole('presentation')).toHaveAttribute(
      'src',
      '/api/assets/a1/thumbnail?size=200x200',
    );

    const exact = await pairRow('asset-1.jpg and asset-2.jpg');
    expect(within(exact).getByText('Same file')).toBeVisible();
    for (const name of ['Not duplicates', 'Alternates', 'Same asset…'])
      expect(within(exact).getByRole('button', { name })).toBeEnabled();

    const near = within(second).getByRole('listitem', { name: 'asset-3.jpg and asset-4.jpg' });
    expect(within(near).getByText('Similar picture (distance 6)')).toBeVisible();
    const earlier = within(second).getByRole('listitem', { name: 'asset-3.jpg and a5' });
    expect(earlier).toHaveTextContent(
      /^.*Not duplicates: decided by anna\.bianchi on 20\/11\/2026, \d\d:00:00$/,
    );
    expect(within(earlier).queryByRole('button')).toBeNull();
    expect(calls.find((call) => call.path === '/api/duplicates')?.query.get('state')).toBe('open');
  });

  it('decides "Not duplicates": sends the pair, the group leaves the list, and the notice offers Undo', async () => {
    let open = [sameBytes, similar];
    const calls = duplicatesHub(
      { open: () => open },
      {
        'PUT /api/duplicates/decision': (request) => {
          open = [similar];
          return ok(decided(sameBytes.pairs[0]!, request));
        },
        'DELETE /api/duplicates/decision': ok(),
      },
    );
    renderApp('/duplicates');
    const row = await pairRow('asset-1.jpg and asset-2.jpg');
    await userEvent.click(within(row).getByRole('button', { name: 'Not duplicates' }));

    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'asset-1.jpg and asset-2.jpg' })).toBeNull(),
    );
    expect(duplicateCalls(calls, 'PUT').map((call) => call.body)).toEqual([
      { a: 'a1', b: 'a2', decision: 'distinct' },
    ]);
    expect(duplicateCalls(calls, 'PUT')[0]!.headers.get('x-csrf-token')).toBe('csrf-123');
    expect(await screen.findByText('Marked as “Not duplicates”')).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'asset-3.jpg and asset-4.jpg' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(duplicateCalls(calls, 'DELETE')).toHaveLength(1));
    expect(Object.fromEntries(duplicateCalls(calls, 'DELETE')[0]!.query)).toEqual({ a: 'a1', b: 'a2' });
  });

  it('"Same asset…" asks which one to keep, then sends keep, the folder of the other and the merge, and says when it is in the junk', async () => {
    let open = [sameBytes, similar];
    const calls = duplicatesHub(
      { open: () => open },
      {
        'PUT /api/duplicates/decision': (request) => {
          open = [similar];
          return ok(decided(sameBytes.pairs[0]!, request));
        },
      },
    );
    renderApp('/duplicates');
    const row = await pairRow('asset-1.jpg and asset-2.jpg');
    await userEvent.click(within(row).getByRole('button', { name: 'Same asset…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Same asset: which one do you keep?' });
    expect(within(dialog).getByText(/goes to the department junk, where it can be restored/)).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: 'Keep the chosen one' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription('Choose the asset to keep.');
    expect(within(dialog).getByRole('checkbox', { name: /Add its tags and metadata values/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^asset-2\.jpg/ }));
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(duplicateCalls(calls, 'PUT').map((call) => call.body)).toEqual([
      { a: 'a1', b: 'a2', decision: 'same', keep: 'a2', folderId: 'f-1', merge: true, keptFolderId: 'f-2' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'asset-1.jpg and asset-2.jpg' })).toBeNull(),
    );
    const [stream] = openedStreams('/api/jobs/job-junk/events');
    expect(stream).toBeDefined();
    stream!.emit({ jobId: 'job-junk', state: 'completed', progress: 100, result: { failed: 0 } });
    expect(
      await screen.findByText('asset-1.jpg is in the department junk, where it can be restored.'),
    ).toBeVisible();
  });

  it('"Same asset…" with the merge unticked keeps the tags and values where they are', async () => {
    const calls = duplicatesHub(
      { open: () => [similar] },
      { 'PUT /api/duplicates/decision': (request) => ok(decided(similar.pairs[0]!, request)) },
    );
    renderApp('/duplicates');
    const row = await pairRow('asset-3.jpg and asset-4.jpg');
    await userEvent.click(within(row).getByRole('button', { name: 'Same asset…' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^asset-4\.jpg/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Add its tags and metadata values/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the chosen one' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(duplicateCalls(calls, 'PUT').map((call) => call.body)).toEqual([
      { a: 'a3', b: 'a4', decision: 'same', keep: 'a4', folderId: 'f-3' },
    ]);
  });

  it('lists the ignored pairs with their decision; Undo proposes the pair again', async () => {
    const alternates: DuplicateGroup = {
      assets: [a1, a2],
      pairs: [
        aPair('a1', 'a2', {
          decision: 'alternate',
          decidedBy: 'anna.bianchi',
          decidedAt: '2026-11-20T10:00:00.000Z',
        }),
      ],
    };
    let ignored = [alternates];
    const calls = duplicatesHub(
      { open: () => [], ignored: () => ignored },
      {
        'DELETE /api/duplicates/decision': () => {
          ignored = [];
          return ok();
        },
      },
    );
    const app = renderApp('/duplicates');
    await userEvent.click(await screen.findByRole('tab', { name: 'Ignored' }));
    expect(app.router.state.location.search).toEqual({ state: 'ignored' });

    const row = await pairRow('asset-1.jpg and asset-2.jpg');
    expect(row).toHaveTextContent(/Alternates: decided by anna\.bianchi on 20\/11\/2026/);
    await userEvent.click(within(row).getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('Proposed again')).toBeVisible();
    expect(await screen.findByText('Nothing ignored')).toBeVisible();
    const [undo] = duplicateCalls(calls, 'DELETE');
    expect(Object.fromEntries(undo!.query)).toEqual({ a: 'a1', b: 'a2' });
  });

  it('says when there is nothing to review and nothing ignored', async () => {
    duplicatesHub({ open: () => [], ignored: () => [] });
    renderApp('/duplicates');
    expect(await screen.findByText('No possible duplicates to review')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Ignored' }));
    expect(await screen.findByText('Nothing ignored')).toBeVisible();
  });

  it('shows a failed load with Retry', async () => {
    let fail = true;
    duplicatesHub(
      {},
      {
        'GET /api/duplicates': () => (fail ? hubError(503, 'SERVICE_UNAVAILABLE') : ok(review([sameBytes]))),
      },
    );
    renderApp('/duplicates');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The possible duplicates could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await pairRow('asset-1.jpg and asset-2.jpg')).toBeVisible();
  });

  it('tells a user who does not review duplicates that the page is not for them, and asks nothing of the hub', async () => {
    const calls = fakeHub(signedInRoutes(aSession({ roles: ['observer'] })));
    renderApp('/duplicates');
    expect(await screen.findByTestId('duplicates-not-allowed')).toHaveTextContent('Not allowed');
    expect(screen.queryByRole('link', { name: 'Possible duplicates' })).toBeNull();
    expect(calls.filter((call) => call.path.startsWith('/api/duplicates'))).toEqual([]);
  });
});
