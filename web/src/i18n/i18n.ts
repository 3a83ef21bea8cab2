import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  type AuditAction,
  type AuditAssetAction,
  type JobName,
} from '@paddock/rules';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import fr from './fr.json';
import it from './it.json';
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

export const resources = {
  it: { translation: it satisfies ServerWords },
  en: { translation: en satisfies ServerWords },
  fr: { translation: fr satisfies ServerWords },
} as const;

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage() ?? DEFAULT_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: LANGUAGES,
  // The resources are bundled, so initialisation is synchronous and the first render is translated.
  initAsync: false,
  // React escapes output already.
  interpolation: { escapeValue: false },
});

// The page's lang attribute follows the interface language, for screen readers and hyphenation.
const syncDocumentLanguage = (language: string) => {
  document.documentElement.lang = language;
};
i18n.on('languageChanged', syncDocumentLanguage);
syncDocumentLanguage(i18n.language);
