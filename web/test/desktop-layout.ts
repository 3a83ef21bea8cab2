import { act } from '@testing-library/react';

/**
 * jsdom does no layout: for the tests of a file, the listing's scroll box gets a desktop size so
 * the virtualiser shows rows.
 */
export function withDesktopListingLayout(size = { height: 600, width: 920 }): void {
  beforeAll(() => {
    for (const [property, value] of [
      ['clientHeight', size.height],
      ['clientWidth', size.width],
    ] as const) {
      Object.defineProperty(HTMLElement.prototype, property, {
        configurable: true,
        get(this: HTMLElement) {
          return this.dataset.testid === 'asset-scroll' ? value : 0;
        },
      });
    }
  });

  afterAll(() => {
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  });
}

/** Stands in for ResizeObserver: records what it watches, for `layOutInOneRow` to report. */
class ResizeObserverStub implements ResizeObserver {
  /** The stubs watching each element. */
  static readonly watching = new Map<Element, Set<ResizeObserverStub>>();
  private readonly watched = new Set<Element>();

  constructor(private readonly callback: ResizeObserverCallback) {}

  observe(element: Element) {
    this.watched.add(element);
    ResizeObserverStub.watching.set(
      element,
      (ResizeObserverStub.watching.get(element) ?? new Set()).add(this),
    );
  }

  unobserve(element: Element) {
    this.watched.delete(element);
    ResizeObserverStub.watching.get(element)?.delete(this);
  }

  disconnect() {
    for (const element of this.watched) this.unobserve(element);
  }

  /** Tells the callback that `element` changed size. */
  report() {
    this.callback([], this);
  }
}

/**
 * jsdom has no ResizeObserver, which Chakra's menus watch to position themselves; nothing is laid
 * out in these tests, so the stub only reports the sizes a test sets (`layOutInOneRow`).
 */
export function withResizeObserverStub(): void {
  beforeAll(() => {
    Object.defineProperty(globalThis, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
  });
  afterEach(() => ResizeObserverStub.watching.clear());
}

/**
 * Lays `bar` out as one row `width` pixels wide, as a browser would, and tells its observers: each
 * button is 32 px plus 8 px a character of its text, with 8 px between buttons. The content wider
 * than the bar scrolls (its scrollWidth passes its clientWidth).
 */
export function layOutInOneRow(bar: HTMLElement, width: number): void {
  const contentWidth = () => {
    const buttons = Array.from(bar.querySelectorAll('button'));
    const texts = buttons.reduce((sum, button) => sum + 8 * (button.textContent ?? '').length, 0);
    return buttons.length * 40 - 8 + texts;
  };
  Object.defineProperty(bar, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(bar, 'scrollWidth', {
    configurable: true,
    get: () => Math.max(width, contentWidth()),
  });
  act(() => {
    for (const observer of ResizeObserverStub.watching.get(bar) ?? []) observer.report();
  });
}
