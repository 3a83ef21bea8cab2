import 'i18next';
import type en from './en.json';

// Translation keys are checked at compile time against the English catalogue (the fallback).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
