import { clickItem, EMPTY_SELECTION, selectAll, toggleItem } from './selection';

const ids = ['a', 'b', 'c', 'd', 'e'];
const plain = { toggle: false, range: false };
const ctrl = { toggle: true, range: false };
const shift = { toggle: false, range: true };
const selected = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort();

describe('listing selection', () => {
  it('a click selects only the clicked item', () => {
    const first = clickItem(EMPTY_SELECTION, ids, 'b', plain);
    expect(selected(clickItem(first, ids, 'd', plain))).toEqual(['d']);
  });

  it('Ctrl/Cmd-click adds and removes one item', () => {
    let selection = clickItem(EMPTY_SELECTION, ids, 'b', plain);
    selection = clickItem(selection, ids, 'd', ctrl);
    expect(selected(selection)).toEqual(['b', 'd']);
    expect(selected(clickItem(selection, ids, 'b', ctrl))).toEqual(['d']);
  });

  it('Shift-click selects the range from the last plain click, either way', () => {
    const anchored = clickItem(EMPTY_SELECTION, ids, 'b', plain);
    expect(selected(clickItem(anchored, ids, 'd', shift))).toEqual(['b', 'c', 'd']);
    const extended = clickItem(clickItem(anchored, ids, 'd', shift), ids, 'a', shift);
    expect(selected(extended)).toEqual(['a', 'b']);
  });

  it('Ctrl+Shift-click adds the range to what is selected', () => {
    let selection = clickItem(EMPTY_SELECTION, ids, 'e', plain);
    selection = clickItem(selection, ids, 'a', ctrl);
    expect(selected(clickItem(selection, ids, 'c', { toggle: true, range: true }))).toEqual([
      'a',
      'b',
      'c',
      'e',
    ]);
  });

  it('Shift-click without an anchor selects just the item', () => {
    expect(selected(clickItem(EMPTY_SELECTION, ids, 'c', shift))).toEqual(['c']);
  });

  it('selects every loaded item and toggles one', () => {
    expect(selected(selectAll(ids))).toEqual(ids);
    expect(selected(toggleItem(selectAll(ids), 'c'))).toEqual(['a', 'b', 'd', 'e']);
  });
});
