import type { PlateBox, PlateBoxesView, PlateViewsRequest } from '@paddock/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeEventSource } from '../../../test/fake-event-source';
import { fakeHub, hubError, ok, type HubCall, type Route } from '../../../test/fake-hub';
import { renderWithProviders, withFreshBrowserInEnglish } from '../../../test/render';
import { ExternalShareDialog } from '../sharing/external-share-dialog';

installFakeEventSource();
withFreshBrowserInEnglish();

const STRONG = 'Spider-1966-Press#Kit';

function aView(assetId: string, overrides: Partial<PlateBoxesView> = {}): PlateBoxesView {
  return { assetId, state: 'none', boxes: [], plateRecorded: false, mayEdit: true, ...overrides };
}

/** The hub with the images' boxes, each named `car-<n>.jpg`: a save confirms what it was sent. */
function hub(views: Record<string, PlateBoxesView>, share: Route): HubCall[] {
  const stored = new Map(Object.entries(views));
  return fakeHub({
    'POST /api/plates/views': (call) => {
      const { assetIds, lang } = call.body as PlateViewsRequest;
      expect(lang).toBe('en');
      const named = assetIds.map((id) => ({
        ...stored.get(id)!,
        name: `car-${id.slice(2)}`,
        extension: 'jpg',
      }));
      return ok({ views: named });
    },
    'GET /api/assets/:id/plates': (call) => ok(stored.get(call.path.split('/')[3])),
    'PUT /api/assets/:id/plates': (call) => {
      const id = call.path.split('/')[3];
      const boxes = (call.body as { boxes: PlateBox[] }).boxes.map((b): PlateBox => ({
        ...b,
        source: 'manual',
      }));
      const view = { ...aView(id), ...stored.get(id), state: 'confirmed' as const, boxes };
      stored.set(id, view);
      return ok(view);
    },
    'POST /api/external-shares': share,
  });
}

const posts = (calls: HubCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/external-shares');

/** The ids of each request for many images' boxes. */
const batches = (calls: HubCall[]) =>
  calls.filter((c) => c.path === '/api/plates/views').map((c) => (c.body as PlateViewsRequest).assetIds);

/** Reads of one asset at a time: its detail or its boxes alone. */
const singleReads = (calls: HubCall[]) =>
  calls.filter((c) => /^\/api\/assets\/[^/]+(\/plates)?$/.test(c.path));

async function detailsStep(props: { assetIds: string[]; imageIds?: string[] }) {
  renderWithProviders(<ExternalShareDialog folderId="f-1" onClose={jest.fn()} {...props} />);
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: /External share/ });
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await user.type(within(dialog).getByLabelText(/Share name/), 'Press kit');
  await user.type(within(dialog).getByLabelText(/^Password\W*$/, { selector: 'input' }), STRONG);
  return { user, dialog };
}

/** Draws a box on the editor's picture, shown 400 × 200 px, and saves it. */
async function drawAndSave(user: ReturnType<typeof userEvent.setup>) {
  const editor = await screen.findByRole('dialog', { name: /^Plates — / });
  const layer = await within(editor).findByTestId('plate-box-layer');
  layer.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 200 }) as DOMRect;
  fireEvent.pointerDown(layer, { button: 0, pointerId: 1, clientX: 160, clientY: 120 });
  fireEvent.pointerMove(layer, { pointerId: 1, clientX: 240, clientY: 140 });
  fireEvent.pointerUp(layer, { pointerId: 1, clientX: 240, clientY: 140 });
  await user.click(within(editor).getByRole('button', { name: 'Save boxes' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Plates — / })).toBeNull());
}

describe('the external share dialog and plates', () => {
  it('lists the images with boxes or needing one, and does not share until the plate has a box', async () => {
    const calls = hub(
      {
        'a-1': aView('a-1', { plateRecorded: true }),
        'a-2': aView('a-2', {
          state: 'proposed',
          boxes: [{ x: 0.1, y: 0.7, w: 0.2, h: 0.1, source: 'auto' }],
        }),
        'a-3': aView('a-3'),
      },
      { status: 202, body: { jobId: 'job-1' } },
    );
    // a-4 is a video: its plates are not asked for.
    const { user, dialog } = await detailsStep({
      assetIds: ['a-1', 'a-2', 'a-3', 'a-4'],
      imageIds: ['a-1', 'a-2', 'a-3'],
    });

    const plates = await within(dialog).findByRole('region', { name: 'Plates blurred for the recipients' });
    await within(plates).findByText(/^1 image has a recorded plate and no box/);
    const items = within(plates).getAllByTestId('share-plate-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Needs a box');
    expect(items[1]).toHaveTextContent('1 box proposed by the detector');
    expect(within(dialog).getByRole('button', { name: 'Share' })).toBeDisabled();
    // One request for the three images (not the video), named by it: nothing asked asset by asset.
    expect(batches(calls)).toEqual([['a-1', 'a-2', 'a-3']]);
    expect(singleReads(calls)).toEqual([]);

    await user.click(await within(plates).findByRole('button', { name: 'Adjust the boxes of car-1.jpg' }));
    await drawAndSave(user);

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Share' })).toBeEnabled());
    expect(within(plates).queryByText(/recorded plate and no box/)).toBeNull();
    expect(within(plates).getAllByTestId('share-plate-item')[0]).toHaveTextContent(
      'car-1.jpg1 box, confirmed',
    );
    // The saved answer took the image's place in the batch: not asked again.
    expect(batches(calls)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await within(dialog).findByText('Step 3 of 3');
    expect(posts(calls)).toHaveLength(1);
  });

  it('names the assets the hub refused for want of a box, and shares once "No plate to blur" is confirmed', async () => {
    const calls = hub({ 'a-7': aView('a-7', { plateRecorded: true }) }, (call) =>
      posts([call]).length && calls.filter((c) => c.method === 'PUT').length
        ? { status: 202, body: { jobId: 'job-2' } }
        : hubError(409, 'PLATE_BOX_REQUIRED', { ids: ['a-7'] }),
    );
    // The selection's types were not known: the hub's refusal is what asks for the box.
    const { user, dialog } = await detailsStep({ assetIds: ['a-7'] });
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not shared: a plate is recorded on car-7.jpg and has no box.',
    );
    expect(within(dialog).getByRole('button', { name: 'Share' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Adjust the boxes of car-7.jpg' }));
    const editor = await screen.findByRole('dialog', { name: 'Plates — car-7.jpg' });
    await user.click(await within(editor).findByRole('button', { name: 'No plate to blur' }));

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Share' })).toBeEnabled());
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await within(dialog).findByText('Step 3 of 3');
    expect(posts(calls)).toHaveLength(2);
  });

  it('asks a long share’s boxes a hundred images to a request', async () => {
    const ids = Array.from({ length: 230 }, (_, i) => `a-${i}`);
    const boxed = {
      state: 'proposed' as const,
      boxes: [{ x: 0.1, y: 0.7, w: 0.2, h: 0.1, source: 'auto' as const }],
    };
    const calls = hub(Object.fromEntries(ids.map((id) => [id, aView(id, boxed)])), ok());
    const { dialog } = await detailsStep({ assetIds: ids, imageIds: ids });

    const plates = await within(dialog).findByRole('region', { name: 'Plates blurred for the recipients' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Share' })).toBeEnabled());
    expect(batches(calls).map((batch) => batch.length)).toEqual([100, 100, 30]);
    expect(batches(calls).flat()).toEqual(ids);
    expect(within(plates).getAllByTestId('share-plate-item')[0]).toHaveTextContent('car-0.jpg');
    expect(within(plates).getByText('and 205 more images with boxes')).toBeVisible();
    expect(singleReads(calls)).toEqual([]);
  });
});
