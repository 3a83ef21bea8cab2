import {
  drawingRegions,
  type CarriedRejection,
  type ChecklistEntry,
  type DrawingDocument,
} from '@paddock/rules';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withResizeObserverStub } from '../../../test/desktop-layout';
import { anAssetDetail } from '../../../test/fake-hub';
import { renderWithProviders, withFreshBrowserInEnglish } from '../../../test/render';
import { AppProviders } from '../../app/app-providers';
import { i18n } from '../../i18n/i18n';
import { CompareView, type CompareViewProps } from './compare-view';

withFreshBrowserInEnglish();
// The panes follow their size.
withResizeObserverStub();

/** Three strokes far apart: three regions, numbered in the order drawn. */
const drawing: DrawingDocument = {
  version: 1,
  contentVersion: 2,
  strokes: [
    {
      color: '#e11d48',
      width: 0.005,
      points: [
        [0.1, 0.1],
        [0.2, 0.15],
      ],
    },
    {
      color: '#e11d48',
      width: 0.005,
      points: [
        [0.7, 0.2],
        [0.8, 0.3],
      ],
    },
    {
      color: '#e11d48',
      width: 0.005,
      points: [
        [0.4, 0.8],
        [0.5, 0.85],
      ],
    },
  ],
};
const rejection: CarriedRejection = { drawnOn: 2, drawing, regions: drawingRegions(drawing) };

const mark = (region: number, value: ChecklistEntry['mark']): ChecklistEntry => ({
  region,
  mark: value,
  markedBy: 'Anna Bianchi',
  markedAt: '2026-11-30T10:04:00.000Z',
});

function assetWith(marks: ChecklistEntry[]) {
  return anAssetDetail(1, {
    version: 3,
    workflow: {
      step: 1,
      accepted: false,
      rejected: false,
      note: 'The logo is too small.',
      canvas: JSON.stringify(drawing),
      acceptedBy: null,
      rejectedBy: 'Marco Verdi',
      deletedAt: null,
    },
    checklist: { version: 3, drawnOn: 2, regions: 3, marks },
  });
}

function renderView(overrides: Partial<CompareViewProps> = {}) {
  const props: CompareViewProps = {
    asset: assetWith([mark(2, 'fixed')]),
    rejection,
    earlierUrl: '/api/assets/a1/versions/2/preview',
    currentUrl: '/api/assets/a1/preview',
    mayMark: true,
    marking: false,
    onMark: jest.fn(),
    onAccept: jest.fn(),
    onReject: jest.fn(),
    onClose: jest.fn(),
    ...overrides,
  };
  const { rerender, queryClient, uiStore } = renderWithProviders(<CompareView {...props} />);
  /** The same view with new props, as after the hub answered a mark. */
  const update = (changes: Partial<CompareViewProps>) =>
    rerender(
      <AppProviders queryClient={queryClient} uiStore={uiStore}>
        <CompareView {...props} {...changes} />
      </AppProviders>,
    );
  return { props, update };
}

const dialog = () => screen.findByRole('dialog', { name: 'Compare versions' });
const scales = () => screen.getAllByTestId('compare-stage').map((stage) => stage.dataset.scale);
const regionRow = (number: number) => screen.getByRole('listitem', { name: `Region ${number}` });

describe('CompareView', () => {
  it('shows the rejected version with its drawing beside the current one, both labelled', async () => {
    renderView();
    expect(await dialog()).toHaveAccessibleDescription('Version 2 (rejected) — version 3');

    const earlier = screen.getByRole('figure', { name: 'Version 2 (rejected)' });
    expect(earlier).toBe(screen.getByTestId('compare-pane-earlier'));
    expect(within(earlier).getByRole('img', { name: 'Image of version 2' })).toHaveAttribute(
      'src',
      '/api/assets/a1/versions/2/preview',
    );
    expect(within(earlier).getByRole('img', { name: 'Rejection drawing of version 2' })).toBeInTheDocument();

    const current = screen.getByRole('figure', { name: 'Version 3 (current)' });
    expect(current).toBe(screen.getByTestId('compare-pane-current'));
    expect(within(current).getByRole('img', { name: 'Image of version 3' })).toHaveAttribute(
      'src',
      '/api/assets/a1/preview',
    );
    // Only the regions are laid over the current version: nothing to draw anywhere.
    expect(within(current).queryByRole('img', { name: /drawing/ })).toBeNull();
    expect(screen.queryByTestId('drawing-surface')).toBeNull();
    for (const pane of [earlier, current])
      expect(within(pane).getByTestId('region-markers')).toHaveTextContent('123');
    expect(scales()).toEqual(['1', '1']);
  });

  it('shows the note, who rejected it, and the checklist with its progress and who marked what', async () => {
    renderView();
    await dialog();
    expect(screen.getByTestId('rejection-note')).toHaveTextContent('The logo is too small.');
    expect(screen.getByText('Rejected by Marco Verdi on version 2')).toBeVisible();

    const checklist = screen.getByRole('region', { name: 'Corrections asked on version 2' });
    expect(within(checklist).getByText('1 of 3 checked')).toBeVisible();
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(3);
    expect(regionRow(2)).toHaveTextContent(/by Anna Bianchi, 30\/11\/2026, \d\d:04:00$/);
    expect(regionRow(1)).toHaveTextContent(/Not checked yet$/);
    expect(within(regionRow(2)).getByRole('button', { name: 'Fixed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(regionRow(1)).getByRole('button', { name: 'Fixed' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('marks a region, and clears the mark pressed again', async () => {
    const { props } = renderView();
    await dialog();
    const user = userEvent.setup();

    await user.click(within(regionRow(1)).getByRole('button', { name: 'Fixed' }));
    expect(props.onMark).toHaveBeenLastCalledWith(1, 'fixed');
    await user.click(within(regionRow(3)).getByRole('button', { name: 'N/A' }));
    expect(props.onMark).toHaveBeenLastCalledWith(3, 'na');
    await user.click(within(regionRow(2)).getByRole('button', { name: 'Fixed' }));
    expect(props.onMark).toHaveBeenLastCalledWith(2, null);
  });

  it('shows the marks but takes none from who may not mark, nor while a mark is being saved', async () => {
    const { update } = renderView({ mayMark: false });
    await dialog();
    for (const name of ['Fixed', 'Not fixed', 'N/A'])
      expect(within(regionRow(1)).getByRole('button', { name })).toBeDisabled();
    expect(within(regionRow(2)).getByRole('button', { name: 'Fixed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    update({ mayMark: true, marking: true });
    expect(within(regionRow(1)).getByRole('button', { name: 'Fixed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
  });

  it('enables Accept only when every region is fixed or n/a', async () => {
    const { update, props } = renderView({ asset: assetWith([mark(1, 'fixed'), mark(2, 'na')]) });
    await dialog();
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription('Mark every region fixed or n/a to accept.');

    update({ asset: assetWith([mark(1, 'fixed'), mark(2, 'na'), mark(3, 'notFixed')]) });
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(screen.getByText('Region 3 is not fixed: reject the version again.')).toBeVisible();

    update({ asset: assetWith([mark(1, 'fixed'), mark(2, 'na'), mark(3, 'fixed')]) });
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(screen.queryByText('Mark every region fixed or n/a to accept.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(props.onAccept).toHaveBeenCalledTimes(1);
  });

  it('rejects again with the regions still not fixed', async () => {
    const { props } = renderView({
      asset: assetWith([mark(1, 'notFixed'), mark(2, 'fixed'), mark(3, 'notFixed')]),
    });
    await dialog();
    expect(screen.getByText('Regions 1 and 3 are not fixed: reject the version again.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Reject again' }));
    expect(props.onReject).toHaveBeenCalledWith([1, 3]);
  });

  it('shows neither decision when none is given, and closes', async () => {
    const { props } = renderView({ onAccept: undefined, onReject: undefined });
    await dialog();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject again' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(props.onClose).toHaveBeenCalledTimes(1);
  });

  it('zooms both panes together with the buttons', async () => {
    renderView();
    await dialog();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(scales()).toEqual(['2', '2']);
    expect(screen.getByRole('group', { name: 'Zoom' })).toHaveTextContent('200%');

    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    const [earlier, current] = scales();
    expect(Number(earlier)).toBeCloseTo(Math.SQRT2, 9);
    expect(current).toBe(earlier);

    await user.click(screen.getByRole('button', { name: 'Fit' }));
    expect(scales()).toEqual(['1', '1']);
  });

  it('zooms with + and - and fits again with 0', async () => {
    renderView();
    await dialog();
    const user = userEvent.setup();
    await user.keyboard('++');
    expect(scales()).toEqual(['2', '2']);
    await user.keyboard('=');
    await user.keyboard('-');
    expect(scales()).toEqual(['2', '2']);
    await user.keyboard('0');
    expect(scales()).toEqual(['1', '1']);
  });

  it('zooms both panes together on a double-click in either, and back to fit', async () => {
    renderView();
    await dialog();
    const user = userEvent.setup();
    await user.dblClick(screen.getByTestId('compare-pane-current'));
    expect(scales()).toEqual(['2', '2']);
    await user.dblClick(screen.getByTestId('compare-pane-earlier'));
    expect(scales()).toEqual(['1', '1']);
  });

  describe('with panes of 400 × 300 pixels', () => {
    // jsdom lays nothing out: the panes (figures) get a size, as a browser would give them.
    beforeAll(() => {
      for (const [property, value] of [
        ['clientWidth', 400],
        ['clientHeight', 300],
      ] as const)
        Object.defineProperty(HTMLElement.prototype, property, {
          configurable: true,
          get(this: HTMLElement) {
            return this.tagName === 'FIGURE' ? value : 0;
          },
        });
    });
    afterAll(() => {
      delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
      delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    });
    const transforms = () => screen.getAllByTestId('compare-stage').map((stage) => stage.style.transform);

    it('fits the image in each pane', async () => {
      renderView();
      await dialog();
      for (const stage of screen.getAllByTestId('compare-stage'))
        expect(stage).toHaveStyle({
          width: '400px',
          height: '300px',
          transform: 'translate(-200px, -150px)',
        });
    });

    it('zooms both panes with the wheel over either', async () => {
      renderView();
      await dialog();
      fireEvent.wheel(screen.getByTestId('compare-pane-current'), { deltaY: -400 });
      expect(scales()).toEqual(['2', '2']);
      fireEvent.wheel(screen.getByTestId('compare-pane-earlier'), { deltaY: 400 });
      expect(scales()).toEqual(['1', '1']);
    });

    it('pans both panes by dragging either', async () => {
      renderView();
      await dialog();
      await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
      await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
      const pane = screen.getByTestId('compare-pane-earlier');
      fireEvent.pointerDown(pane, { button: 0, pointerId: 1, clientX: 100, clientY: 100 });
      fireEvent.pointerMove(pane, { pointerId: 1, clientX: 140, clientY: 130 });
      fireEvent.pointerUp(pane, { pointerId: 1 });
      // At 200 % the box is 800 × 600, its centre moved 40 px right and 30 px down.
      expect(transforms()).toEqual(['translate(-360px, -270px)', 'translate(-360px, -270px)']);
      fireEvent.pointerMove(pane, { pointerId: 1, clientX: 400, clientY: 400 });
      expect(transforms()).toEqual(['translate(-360px, -270px)', 'translate(-360px, -270px)']);
    });
  });

  it('shows a region in both panes when its number is chosen', async () => {
    renderView();
    await dialog();
    const show = within(regionRow(2)).getByRole('button', { name: 'Show region 2' });
    await userEvent.click(show);
    const [earlier, current] = scales();
    expect(Number(earlier)).toBeGreaterThan(1);
    expect(current).toBe(earlier);
    expect(show).toHaveAttribute('aria-current', 'true');
  });

  it('lays the earlier version over the current one, its opacity on a slider', async () => {
    renderView();
    await dialog();
    const user = userEvent.setup();
    expect(screen.queryByRole('slider')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Overlay' }));
    expect(screen.getByRole('button', { name: 'Overlay' })).toHaveAttribute('aria-pressed', 'true');
    const slider = screen.getByRole('slider', { name: 'Earlier version' });
    expect(slider).toHaveValue('50');
    expect(screen.getAllByTestId('compare-stage')).toHaveLength(1);
    const pane = screen.getByRole('figure', { name: 'Version 2 over version 3' });
    const earlierImage = within(pane).getByRole('img', { name: 'Image of version 2' });
    expect(earlierImage).toHaveStyle({ opacity: '0.5' });
    expect(within(pane).getByRole('img', { name: 'Image of version 3' })).toBeInTheDocument();

    fireEvent.change(slider, { target: { value: '100' } });
    expect(slider).toHaveValue('100');
    expect(earlierImage).toHaveStyle({ opacity: '1' });

    await user.click(screen.getByRole('button', { name: 'Side by side' }));
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.getAllByTestId('compare-stage')).toHaveLength(2);
  });

  it('speaks the interface language', async () => {
    await i18n.changeLanguage('fr');
    renderView();
    expect(await screen.findByRole('dialog', { name: 'Comparer les versions' })).toBeVisible();
    expect(screen.getByRole('figure', { name: 'Version 2 (refusée)' })).toBeVisible();
    expect(screen.getByText('Zones vérifiées : 1 sur 3')).toBeVisible();
  });
});
