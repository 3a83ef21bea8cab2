import { useEffect, useState } from 'react';

export interface FixedRow {
  index: number;
  /** Pixels from the top of the scrolled content. */
  start: number;
}

export interface FixedRowsOptions {
  count: number;
  rowHeight: number;
  /** Rows kept in the page above and below the view, so a quick scroll shows no blank. */
  overscan: number;
  /** Room below the last row that a bar over the box's foot covers: no row is scrolled under it. */
  endSpace: number;
}

/**
 * Virtualises a scroll box of `count` rows that are all `rowHeight` pixels high: which rows are in
 * view (plus `overscan`), the content's height, and a scroll that brings a row into view. Every row
 * having one known height, a row's place is plain arithmetic: nothing is measured in the page.
 */
export function useFixedRows(
  scrollBox: HTMLElement | null,
  { count, rowHeight, overscan, endSpace }: FixedRowsOptions,
) {
  const [view, setView] = useState({ top: 0, height: 0 });

  useEffect(() => {
    if (!scrollBox) return;
    const read = () =>
      setView((last) =>
        last.top === scrollBox.scrollTop && last.height === scrollBox.clientHeight
          ? last
          : { top: scrollBox.scrollTop, height: scrollBox.clientHeight },
      );
    read();
    scrollBox.addEventListener('scroll', read, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    observer?.observe(scrollBox);
    return () => {
      scrollBox.removeEventListener('scroll', read);
      observer?.disconnect();
    };
  }, [scrollBox]);

  const totalHeight = count * rowHeight + endSpace;
  const maxTop = (height: number) => Math.max(totalHeight - height, 0);

  const rows: FixedRow[] = [];
  // A box without height (not laid out, or hidden) shows no row.
  if (view.height > 0) {
    // The list may have just shrunk under a box scrolled further than its new end.
    const top = Math.min(view.top, maxTop(view.height));
    const first = Math.max(Math.floor(top / rowHeight) - overscan, 0);
    const last = Math.min(Math.ceil((top + view.height) / rowHeight) - 1 + overscan, count - 1);
    for (let index = first; index <= last; index++) rows.push({ index, start: index * rowHeight });
  }

  /** Scrolls as little as brings row `index` into view, above the end space; none if it is in view. */
  const scrollToRow = (index: number) => {
    if (!scrollBox) return;
    const { scrollTop, clientHeight } = scrollBox;
    const rowTop = index * rowHeight;
    let top = scrollTop;
    if (rowTop < scrollTop) top = rowTop;
    // Bottom to the view's bottom; a row taller than the room keeps its top in view.
    else if (rowTop + rowHeight > scrollTop + clientHeight - endSpace)
      top = Math.min(rowTop, rowTop + rowHeight + endSpace - clientHeight);
    top = Math.min(Math.max(top, 0), maxTop(clientHeight));
    if (top === scrollTop) return;
    scrollBox.scrollTop = top;
    // Rendered now, not at the scroll event: the caller focuses an item of the row at the next frame.
    setView({ top, height: clientHeight });
  };

  return { rows, totalHeight, scrollToRow };
}
