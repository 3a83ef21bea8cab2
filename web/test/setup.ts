import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { runInThisContext } from 'node:vm';
import { LANGUAGES } from '@paddock/rules';
import { i18n, i18nReady, onMissingText, wholeCatalogue } from '../src/i18n/i18n';

// jsdom lacks the Fetch API classes (the router's redirects are Responses); Node's own are the
// standard ones, so they are borrowed from the worker's main context.
for (const name of ['Response', 'Headers', 'Request', 'structuredClone', 'TextEncoder', 'TextDecoder']) {
  Object.defineProperty(globalThis, name, {
    value: runInThisContext(name),
    configurable: true,
    writable: true,
  });
}

// jsdom does not lay out or scroll; the router restores scroll positions after each navigation.
Object.defineProperty(window, 'scrollTo', { value: () => undefined, configurable: true, writable: true });

// Whole-app tests render the router, Chakra and lazy pages; on a busy CI machine, with a cold
// transform cache (a clean clone compiles each lazy page on its first import), the first render
// has been seen past 5 s (tag-step.test, 4.5 s alone on a quiet machine).
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no PointerEvent; Chakra's checkbox (zag) builds one when focus leaves a pressed control.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.defineProperty(window, 'PointerEvent', {
    value: PointerEventPolyfill,
    configurable: true,
    writable: true,
  });
}

// The browser loads a catalogue when its language is chosen; tests switch and tell sentences in
// every language, so all of them are loaded before any test.
beforeAll(async () => {
  await i18nReady;
  await i18n.loadLanguages([...LANGUAGES]);
  await Promise.all(LANGUAGES.map((language) => wholeCatalogue(language)));
});

// A text asked for and missing would show its raw key (i18n.ts reports it): the test fails.
let missingTexts: string[] = [];
onMissingText((report) => missingTexts.push(report));
beforeEach(() => {
  missingTexts = [];
});
afterEach(() => {
  const reports = [...new Set(missingTexts)];
  missingTexts = [];
  if (reports.length > 0) throw new Error(`Texts missing from the catalogue:\n${reports.join('\n')}`);
});
