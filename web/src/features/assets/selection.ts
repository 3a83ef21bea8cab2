/**
 * Multi-selection of the listing (the smart bar's selection): click selects one, Ctrl/Cmd-click
 * toggles one, Shift-click selects the range from the anchor, Ctrl+A selects everything loaded.
 */
export interface Selection {
  ids: ReadonlySet<string>;
  /** Where the next Shift-click range starts: the last item clicked without Shift. */
  anchor: string | null;
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
  return { ids: new Set([id]), anchor: id };
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
