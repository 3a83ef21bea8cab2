import { act } from '@testing-library/react';

/** jsdom has no EventSource: this one lets a test send a job's SSE events. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  static readonly CLOSED = 2;
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

  /** Installs it as the global EventSource, with no stream opened yet. */
  static install(): void {
    FakeEventSource.opened = [];
    Object.defineProperty(globalThis, 'EventSource', {
      value: FakeEventSource,
      configurable: true,
      writable: true,
    });
  }
}
