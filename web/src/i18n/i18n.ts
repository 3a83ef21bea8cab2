import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type AuditAction,
  type AuditAssetAction,
  type JobName,
  type Language,
} from '@paddock/rules';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStoredLanguage } from './language-storage';

/**
 * The server's words each language must have: a job or an audit action added to packages/rules
 * does not compile until IT, EN and FR name it and tell it as a sentence.
 */
interface ServerWords {
  manage: {
    jobNames: Record<JobName, string>;
    jobSentences: Record<JobName, string>;
    auditActions: Record<Exclude<AuditAction, JobName>, string>;
    auditSentences: Record<AuditAssetAction, string>;
  };
}

/**
 * Each language's catalogue, a chunk of its own: the browser fetches only the language it shows,
 * not all three with the first page (issue 26).
 */
const catalogues = {
  it: () => import('./it.json'),
  en: () => import('./en.json'),
  fr: () => import('./fr.json'),
} satisfies Record<Language, () => Promise<{ default: ServerWords }>>;

const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    catalogues[language as Language]().then(
      (catalogue) => callback(null, catalogue.default),
      (error: Error) => callback(error, false),
    );
  },
};

export const i18n: I18n = i18next.createInstance();

/** Settles once the shown language is loaded: main.tsx renders after it, so the first paint is translated. */
export const i18nReady = i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: readStoredLanguage() ?? DEFAULT_LANGUAGE,
    // No fallback language to fetch as well: i18n.test.ts proves every catalogue has every key.
    fallbackLng: false,
    supportedLngs: LANGUAGES,
    // React escapes output already.
    interpolation: { escapeValue: false },
  });

// The page's lang attribute follows the interface language, for screen readers and hyphenation.
const syncDocumentLanguage = (language: string) => {
  document.documentElement.lang = language;
};
i18n.on('languageChanged', syncDocumentLanguage);
syncDocumentLanguage(i18n.language);
