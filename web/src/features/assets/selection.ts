/**
 * Multi-selection of the listing (the smart bar's selection): click selects one, Ctrl/Cmd-click
 * toggles one, Shift-click selects the range from the anchor, Ctrl+A selects everything loaded.
 */
export interface Selection {
  ids: ReadonlySet<string>;
  /** Where the next Shift-click range starts: the last item clicked without Shift. */
  anchor: string | null;
  /** The selection before the last plain click: the double-click that opens an asset does not select it. */
  beforeClick?: Selection;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export interface ClickModifiers {
  toggle: boolean;
  range: boolean;
}

export function clickItem(
  selection: Selection,
  orderedIds: readonly string[],
  id: string,
  { toggle, range }: ClickModifiers,
): Selection {
  if (range && selection.anchor !== null) {
    const from = orderedIds.indexOf(selection.anchor);
    const to = orderedIds.indexOf(id);
    if (from !== -1 && to !== -1) {
      const [start, end] = from <= to ? [from, to] : [to, from];
      const span = orderedIds.slice(start, end + 1);
      const ids = toggle ? new Set([...selection.ids, ...span]) : new Set(span);
      return { ids, anchor: selection.anchor };
    }
  }
  if (toggle) return toggleItem(selection, id);
  return { ids: new Set([id]), anchor: id, beforeClick: selection };
}

/**
 * Opening an asset by double-click: the first click of it selected the asset, so the selection goes
 * back to what it was before that click. Any other opening (Enter, arrows in the detail) leaves it.
 */
export function openByDoubleClick(selection: Selection, id: string): Selection {
  return selection.beforeClick && selection.anchor === id ? selection.beforeClick : selection;
}

/**
 * Keeps only what the listing still shows: after an accept, move, delete or restore the assets that
 * left are no longer selected, so the count and the actions speak of visible assets only. The same
 * object when nothing left, so a listing refresh that changes nothing does not re-render.
 */
export function keepVisible(selection: Selection, visibleIds: ReadonlySet<string>): Selection {
  if ([...selection.ids].every((id) => visibleIds.has(id))) return selection;
  const ids = new Set([...selection.ids].filter((id) => visibleIds.has(id)));
  return {
    ids,
    anchor: selection.anchor !== null && visibleIds.has(selection.anchor) ? selection.anchor : null,
  };
}

export function toggleItem(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

export function selectAll(orderedIds: readonly string[]): Selection {
  return { ids: new Set(orderedIds), anchor: orderedIds[0] ?? null };
}
