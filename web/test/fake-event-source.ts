import { act } from '@testing-library/react';

/** jsdom has no EventSource: this one records what a test opened and lets it send the hub's SSE events. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  static CLOSED = 2;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  readyState = 1;
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  emit(data: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) })));
  }

  close() {
    this.closed = true;
  }
}

/** The streams opened so far whose URL starts with `path`. */
export const openedStreams = (path: string) =>
  FakeEventSource.opened.filter((source) => source.url.startsWith(path));

/** Puts the fake in the browser's place before each test of the file, with nothing opened yet. */
export function installFakeEventSource(): void {
  beforeEach(() => {
    FakeEventSource.opened = [];
    Object.defineProperty(globalThis, 'EventSource', {
      value: FakeEventSource,
      configurable: true,
      writable: true,
    });
  });
}
