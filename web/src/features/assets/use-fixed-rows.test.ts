import { act, renderHook } from '@testing-library/react';
import { useFixedRows, type FixedRowsOptions } from './use-fixed-rows';

/** jsdom has no ResizeObserver: this one lets a test say when the box changed size. */
class ResizeObserverStub {
  static readonly callbacks = new Set<() => void>();
  constructor(private readonly callback: () => void) {}
  observe() {
    ResizeObserverStub.callbacks.add(this.callback);
  }
  disconnect() {
    ResizeObserverStub.callbacks.delete(this.callback);
  }
}

beforeAll(() => {
  Object.defineProperty(globalThis, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
});
afterAll(() => {
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
});

/** jsdom does no layout: a scroll box whose height and scroll position the test sets. */
function scrollBox(height: number) {
  const box = document.createElement('div');
  const size = { height };
  Object.defineProperty(box, 'clientHeight', { configurable: true, get: () => size.height });
  Object.defineProperty(box, 'scrollTop', { configurable: true, writable: true, value: 0 });
  return {
    box,
    scrollTo(top: number) {
      box.scrollTop = top;
      act(() => void box.dispatchEvent(new Event('scroll')));
    },
    resize(height: number) {
      size.height = height;
      act(() => ResizeObserverStub.callbacks.forEach((callback) => callback()));
    },
  };
}

// 100 rows of 50 px under a bar of 30 px: 5,030 px of content, in a box 200 px high.
const options: FixedRowsOptions = { count: 100, rowHeight: 50, overscan: 4, endSpace: 30 };

const indexes = (rows: readonly { index: number }[]) => rows.map((row) => row.index);
const range = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, offset) => first + offset);

describe('useFixedRows', () => {
  it('gives the rows in view plus the overscan, each at its place, and the height with the end space', () => {
    const { box } = scrollBox(200);
    const { result } = renderHook(() => useFixedRows(box, options));

    expect(indexes(result.current.rows)).toEqual(range(0, 7));
    expect(result.current.rows[5]).toEqual({ index: 5, start: 250 });
    expect(result.current.totalHeight).toBe(5030);
  });

  it('follows the scroll and the box’s size', () => {
    const { box, scrollTo, resize } = scrollBox(200);
    const { result } = renderHook(() => useFixedRows(box, options));

    // Rows 20 to 23 are in view (1,000 to 1,200 px); a row cut by the view's bottom counts.
    scrollTo(1000);
    expect(indexes(result.current.rows)).toEqual(range(16, 27));
    scrollTo(1010);
    expect(indexes(result.current.rows)).toEqual(range(16, 28));

    resize(400);
    expect(indexes(result.current.rows)).toEqual(range(16, 32));
  });

  it('stops at the last row, and counts from the end when the list shrinks under the scroll', () => {
    const { box, scrollTo } = scrollBox(200);
    const { result, rerender } = renderHook((props: FixedRowsOptions) => useFixedRows(box, props), {
      initialProps: options,
    });
    scrollTo(4830);
    expect(indexes(result.current.rows)).toEqual(range(92, 99));

    rerender({ ...options, count: 10 });
    expect(result.current.totalHeight).toBe(530);
    expect(indexes(result.current.rows)).toEqual(range(2, 9));
  });

  it('shows no row in a box that has no height, or without a box', () => {
    expect(renderHook(() => useFixedRows(scrollBox(0).box, options)).result.current.rows).toEqual([]);
    expect(renderHook(() => useFixedRows(null, options)).result.current.rows).toEqual([]);
  });

  it('scrolls as little as brings a row into view, above the end space', () => {
    const { box, scrollTo } = scrollBox(200);
    const { result } = renderHook(() => useFixedRows(box, options));
    scrollTo(1000);
    const scrollToRow = (index: number) => act(() => result.current.scrollToRow(index));

    // In view (1,050 to 1,100 px, above the bar from 1,170 px): no scroll.
    scrollToRow(21);
    expect(box.scrollTop).toBe(1000);

    // Under the bar (1,150 to 1,200 px): its bottom comes to the bar's top.
    scrollToRow(23);
    expect(box.scrollTop).toBe(1030);

    // Below the view: its bottom comes to the bar's top, and it is rendered before any scroll event.
    scrollToRow(40);
    expect(box.scrollTop).toBe(2050 + 30 - 200);
    expect(indexes(result.current.rows)).toContain(40);

    // Above the view: its top comes to the view's top.
    scrollToRow(10);
    expect(box.scrollTop).toBe(500);
    expect(indexes(result.current.rows)).toEqual(range(6, 17));

    // The last row: the whole end space under it is shown.
    scrollToRow(99);
    expect(box.scrollTop).toBe(4830);
  });

  it('keeps the top of a row taller than the room left above the end space', () => {
    const { box } = scrollBox(60);
    const { result } = renderHook(() => useFixedRows(box, options));

    act(() => result.current.scrollToRow(3));

    expect(box.scrollTop).toBe(150);
  });
});
