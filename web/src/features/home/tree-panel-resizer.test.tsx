import { fireEvent, screen } from '@testing-library/react';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { TREE_WIDTH, TreePanelResizer, useTreeWidth } from './tree-panel-resizer';

function Panel() {
  const [width, setWidth] = useTreeWidth();
  return (
    <>
      <div id="tree" style={{ width }} />
      <TreePanelResizer width={width} onWidth={setWidth} controls="tree" />
    </>
  );
}

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

// The splitter shows from the lg breakpoint only (tree beside the listing); jsdom matches no media query.
describe('folder-tree panel resizer', () => {
  it('resizes with the arrow keys within its bounds and remembers the width', () => {
    const { unmount } = renderWithProviders(<Panel />);
    const splitter = screen.getByRole('separator', { hidden: true });
    expect(splitter).toHaveAttribute('aria-label', 'Resize the folder panel');
    expect(splitter).toHaveAttribute('aria-valuenow', String(TREE_WIDTH.initial));

    fireEvent.keyDown(splitter, { key: 'ArrowLeft' });
    fireEvent.keyDown(splitter, { key: 'ArrowLeft' });
    expect(splitter).toHaveAttribute('aria-valuenow', String(TREE_WIDTH.initial - 32));
    fireEvent.keyDown(splitter, { key: 'Home' });
    fireEvent.keyDown(splitter, { key: 'ArrowLeft' });
    expect(splitter).toHaveAttribute('aria-valuenow', String(TREE_WIDTH.min));
    fireEvent.keyDown(splitter, { key: 'End' });
    expect(splitter).toHaveAttribute('aria-valuenow', String(TREE_WIDTH.max));

    unmount();
    renderWithProviders(<Panel />);
    expect(screen.getByRole('separator', { hidden: true })).toHaveAttribute(
      'aria-valuenow',
      String(TREE_WIDTH.max),
    );
  });

  it('drags with the pointer', () => {
    renderWithProviders(<Panel />);
    const splitter = screen.getByRole('separator', { hidden: true });
    // jsdom has no pointer capture.
    splitter.setPointerCapture = () => undefined;
    fireEvent.pointerDown(splitter, { clientX: 300, pointerId: 1 });
    fireEvent.pointerMove(splitter, { clientX: 340, pointerId: 1 });
    expect(splitter).toHaveAttribute('aria-valuenow', String(TREE_WIDTH.initial + 40));
    fireEvent.pointerUp(splitter, { pointerId: 1 });
    fireEvent.pointerMove(splitter, { clientX: 400, pointerId: 1 });
    expect(splitter).toHaveAttribute('aria-valuenow', String(TREE_WIDTH.initial + 40));
  });
});
