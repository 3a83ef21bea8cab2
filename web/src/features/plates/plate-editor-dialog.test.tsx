import { PLATE_BOXES_MAX, type PlateBox, type PlateBoxesView } from '@paddock/rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeEventSource, installFakeEventSource, openedStreams } from '../../../test/fake-event-source';
import { fakeHub, ok, type HubCall } from '../../../test/fake-hub';
import { renderWithProviders, withFreshBrowserInEnglish } from '../../../test/render';
import { PlateEditorDialog } from './plate-editor-dialog';

installFakeEventSource();
withFreshBrowserInEnglish();

const PLATE: PlateBox = { x: 0.4, y: 0.6, w: 0.2, h: 0.1, source: 'auto' };

function aView(overrides: Partial<PlateBoxesView> = {}): PlateBoxesView {
  return {
    assetId: 'a-1',
    state: 'proposed',
    boxes: [PLATE],
    plateRecorded: true,
    mayEdit: true,
    ...overrides,
  };
}

/** The hub with the image's view; a save answers the boxes it was sent, confirmed. */
function hub(view: PlateBoxesView): HubCall[] {
  return fakeHub({
    'GET /api/assets/a-1/plates': ok(view),
    'PUT /api/assets/a-1/plates': (call) =>
      ok({
        ...view,
        state: 'confirmed',
        boxes: (call.body as { boxes: PlateBox[] }).boxes.map((b) => ({ ...b, source: 'manual' })),
      }),
    'POST /api/assets/a-1/plates/detect': { status: 202, body: { jobId: 'job-9' } },
  });
}

const saved = (calls: HubCall[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { boxes: PlateBox[] }).boxes);

async function openEditor(view = aView()) {
  const calls = hub(view);
  const onClose = jest.fn();
  renderWithProviders(<PlateEditorDialog assetId="a-1" imageUrl="/p.jpg" name="car.jpg" onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Plates — car.jpg' });
  await within(dialog).findByText('Proposed by the detector: check the boxes');
  const layer = within(dialog).getByTestId('plate-box-layer');
  // The picture shown 400 × 200 px: pointer positions become fractions of it.
  layer.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 200 }) as DOMRect;
  return { calls, onClose, dialog, layer, user: userEvent.setup() };
}

const drag = (target: Element, from: [number, number], to: [number, number]) => {
  fireEvent.pointerDown(target, { button: 0, pointerId: 1, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(target, { pointerId: 1, clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(target, { pointerId: 1, clientX: to[0], clientY: to[1] });
};

describe('PlateEditorDialog', () => {
  it('shows the detector’s boxes apart from drawn ones, draws a new one by dragging, and saves both in fractions', async () => {
    const { calls, onClose, dialog, layer, user } = await openEditor();
    const proposed = within(dialog).getByRole('group', { name: 'Box 1 of 1, proposed by the detector' });
    expect(proposed).toHaveAttribute('data-source', 'auto');

    drag(layer, [40, 20], [120, 60]);
    const drawn = within(dialog).getByRole('group', { name: 'Box 2 of 2, drawn by hand' });
    expect(drawn).toHaveAttribute('data-source', 'manual');
    expect(within(dialog).getByText('2 boxes to blur')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Save boxes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const close = (v: number) => expect.closeTo(v, 6) as number;
    expect(saved(calls)).toEqual([
      [
        { x: 0.4, y: 0.6, w: 0.2, h: 0.1 },
        { x: close(0.1), y: close(0.1), w: close(0.2), h: close(0.2) },
      ],
    ]);
  });

  it('moves a box by dragging it and resizes it by its corner, within the picture', async () => {
    const { calls, dialog, layer, user } = await openEditor();
    const box = within(dialog).getByRole('group', { name: /^Box 1 of 1/ });
    // Dragged 40 px right and far down: it stops at the picture's bottom edge.
    fireEvent.pointerDown(box, { button: 0, pointerId: 1, clientX: 200, clientY: 130 });
    fireEvent.pointerMove(layer, { pointerId: 1, clientX: 240, clientY: 400 });
    fireEvent.pointerUp(layer, { pointerId: 1, clientX: 240, clientY: 400 });
    const moved = within(dialog).getByRole('group', { name: 'Box 1 of 1, drawn by hand' });
    const handle = moved.querySelector('[data-handle]');
    if (!handle) throw new Error('the selected box has no corner handle');
    fireEvent.pointerDown(handle, { button: 0, pointerId: 2, clientX: 280, clientY: 200 });
    fireEvent.pointerMove(layer, { pointerId: 2, clientX: 320, clientY: 200 });
    fireEvent.pointerUp(layer, { pointerId: 2, clientX: 320, clientY: 200 });

    await user.click(within(dialog).getByRole('button', { name: 'Save boxes' }));
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    const [[box1]] = saved(calls);
    expect(box1.x).toBeCloseTo(0.5);
    expect(box1.y).toBeCloseTo(0.9);
    expect(box1.w).toBeCloseTo(0.3);
    expect(box1.h).toBeCloseTo(0.1);
  });

  it('works from the keyboard: Tab to a box, arrows move it, Shift+arrows resize it, Delete removes it', async () => {
    const { calls, dialog, user } = await openEditor();
    const box = within(dialog).getByRole('group', { name: /^Box 1 of 1/ });
    act(() => box.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}{Shift>}{ArrowRight}{ArrowDown}{/Shift}');
    await user.click(within(dialog).getByRole('button', { name: 'Save boxes' }));
    await waitFor(() => expect(saved(calls)).toHaveLength(1));
    const [[box1]] = saved(calls);
    expect([box1.x, box1.y, box1.w, box1.h].map((v) => Math.round(v * 100))).toEqual([42, 59, 21, 11]);
  });

  it('removes a box with Delete and with its button', async () => {
    const { dialog, layer, user } = await openEditor();
    drag(layer, [40, 20], [120, 60]);
    await user.keyboard('{Delete}');
    expect(within(dialog).queryByRole('group', { name: /drawn by hand/ })).toBeNull();
    await user.click(within(dialog).getByRole('group', { name: /^Box 1 of 1/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove box 1' }));
    expect(within(dialog).queryAllByRole('group', { name: /^Box/ })).toHaveLength(0);
    expect(within(dialog).getByText('0 boxes to blur')).toBeVisible();
  });

  it('refuses more boxes than may be saved before sending anything', async () => {
    const { calls, dialog, layer, user } = await openEditor();
    for (let i = 0; i < PLATE_BOXES_MAX; i += 1) drag(layer, [10 + i * 15, 10], [20 + i * 15, 20]);
    await user.click(within(dialog).getByRole('button', { name: 'Save boxes' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      `Too many boxes: ${PLATE_BOXES_MAX} at most.`,
    );
    expect(saved(calls)).toEqual([]);
  });

  it('confirms "No plate to blur" with no box at all', async () => {
    const { calls, onClose, dialog, user } = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: 'No plate to blur' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved(calls)).toEqual([[]]);
  });

  it('detects again: shows the job running, then reloads what the detector found', async () => {
    const { calls, dialog, user } = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: 'Detect again' }));
    expect(await within(dialog).findByText('Looking for plates…')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Save boxes' })).toBeDisabled();
    const [stream] = openedStreams('/api/jobs/job-9/events');
    stream.emit({
      jobId: 'job-9',
      state: 'completed',
      progress: 100,
      result: { boxes: 1, state: 'proposed' },
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/assets/a-1/plates')).toHaveLength(2),
    );
    expect(await within(dialog).findByText('Proposed by the detector: check the boxes')).toBeVisible();
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('says who confirmed and when, and only shows the boxes to whoever may not edit them', async () => {
    hub(
      aView({
        state: 'confirmed',
        mayEdit: false,
        confirmedBy: 'Maria Bianchi',
        confirmedAt: '2026-03-01T09:30:00Z',
      }),
    );
    renderWithProviders(
      <PlateEditorDialog assetId="a-1" imageUrl="/p.jpg" name="car.jpg" onClose={jest.fn()} />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/^Confirmed by Maria Bianchi on 01\/03\/2026/)).toBeVisible();
    expect(within(dialog).queryByTestId('plate-box-layer')).toBeNull();
    expect(within(dialog).getByTestId('plate-boxes-overlay')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save boxes' })).toBeNull();
  });
});
