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

/**
 * jsdom has no ResizeObserver, which Chakra's menus watch to position themselves; nothing is laid
 * out in these tests, so an observer that observes nothing will do.
 */
export function withResizeObserverStub(): void {
  beforeAll(() => {
    Object.defineProperty(globalThis, 'ResizeObserver', {
      configurable: true,
      value: class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    });
  });
}
