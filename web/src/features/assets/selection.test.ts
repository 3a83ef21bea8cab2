import {
  clickItem,
  EMPTY_SELECTION,
  keepVisible,
  openByDoubleClick,
  selectAll,
  toggleItem,
} from './selection';

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

describe('opening and leaving the view', () => {
  it('a double-click opens without selecting: the selection is what it was before its first click', () => {
    const before = clickItem(EMPTY_SELECTION, ids, 'a', plain);
    const firstClick = clickItem(before, ids, 'c', plain);
    expect(selected(openByDoubleClick(firstClick, 'c'))).toEqual(['a']);
    expect(selected(openByDoubleClick(clickItem(EMPTY_SELECTION, ids, 'c', plain), 'c'))).toEqual([]);
  });

  it('a double-click after a Ctrl-click or on another asset leaves the selection alone', () => {
    const toggled = clickItem(clickItem(EMPTY_SELECTION, ids, 'a', plain), ids, 'b', ctrl);
    expect(openByDoubleClick(toggled, 'b')).toBe(toggled);
    const clicked = clickItem(EMPTY_SELECTION, ids, 'a', plain);
    expect(openByDoubleClick(clicked, 'b')).toBe(clicked);
  });

  it('drops the assets that left the listing, and keeps the same selection when none did', () => {
    const selection = clickItem(clickItem(EMPTY_SELECTION, ids, 'b', plain), ids, 'd', shift);
    const after = keepVisible(selection, new Set(['a', 'b', 'd', 'e']));
    expect(selected(after)).toEqual(['b', 'd']);
    expect(after.anchor).toBe('b');
    expect(keepVisible(after, new Set(ids))).toBe(after);
    expect(selected(keepVisible(after, new Set(['e'])))).toEqual([]);
    expect(keepVisible(after, new Set(['e'])).anchor).toBeNull();
  });
});
