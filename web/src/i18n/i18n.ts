import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type AuditAction,
  type AuditAssetAction,
  type JobName,
  type Language,
} from '@paddock/rules';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogueLoader, type CatalogueParts } from './catalogue-loader';
import { isFirstScreenKey, MISSING_TEXT } from './catalogue-split';
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

/** Checks that `T` satisfies `U` at compile time, and names `T`. */
type Satisfies<T extends U, U> = T;

/**
 * Each whole catalogue as its translators keep it, checked against the server's words; the
 * browser loads it in two parts cut from it at build time (catalogue-split.ts).
 */
export type WholeCatalogues = Satisfies<
  { it: typeof import('./it.json'); en: typeof import('./en.json'); fr: typeof import('./fr.json') },
  Record<Language, ServerWords>
>;

/**
 * Each language's catalogue in two chunks of its own: the browser fetches only the language it
 * shows, not all three with the first page, and of it the texts the first screens use before the
 * first render, the rest beside them without holding the first render up (issue 26).
 */
const catalogues: CatalogueParts = {
  it: { first: () => import('./it.json?first'), rest: () => import('./it.json?rest') },
  en: { first: () => import('./en.json?first'), rest: () => import('./en.json?rest') },
  fr: { first: () => import('./fr.json?first'), rest: () => import('./fr.json?rest') },
};

/** The language the page starts in: the only one ever shown with its first part alone, for a moment. */
const startLanguage = readStoredLanguage() ?? DEFAULT_LANGUAGE;

export const i18n: I18n = i18next.createInstance();

const loader = catalogueLoader(i18n, catalogues, startLanguage);

/**
 * Settles once the rest of `language`'s catalogue (by default the shown one) is in the store, if
 * its first part is: what loads on demand and the pages outside the first screens wait for it
 * (features/ui/on-demand.tsx, routes/lazy-page.ts).
 */
export const wholeCatalogue: (language?: string) => Promise<void> = loader.wholeCatalogue;

/** Loads `language`'s whole catalogue: a language switch shows once it is all there (use-language.ts). */
export async function loadCatalogue(language: Language): Promise<void> {
  await i18n.loadLanguages(language);
  await wholeCatalogue(language);
}

type MissingTextListener = (report: string) => void;
const missingTextListeners = new Set<MissingTextListener>();

/** Calls `listener` with each missing text's report (web/test/setup.ts fails the test); returns its removal. */
export function onMissingText(listener: MissingTextListener): () => void {
  missingTextListeners.add(listener);
  return () => void missingTextListeners.delete(listener);
}

/**
 * The guard against a raw key on screen: a text asked for and not in the store is reported loudly
 * (console.error, which the tests and the end-to-end runs can watch). A caller's own fallback
 * (`defaultValue`, as for an enumeration value this release does not know) is not reported,
 * unless the text is one of the rest asked for before the rest arrived.
 */
function reportMissingText(
  languages: readonly string[],
  key: string,
  options: { defaultValue?: unknown },
): void {
  const language = languages[0] ?? i18n.language;
  const early = !loader.isWhole(language) && !isFirstScreenKey(key);
  if (!early && options.defaultValue !== undefined) return;
  const report = early
    ? `${MISSING_TEXT} "${key}" (${language}) was asked for before the rest of the catalogue arrived: add its branch to FIRST_SCREEN (web/src/i18n/catalogue-split.ts) or wait for wholeCatalogue().`
    : `${MISSING_TEXT} "${key}" is not in the ${language} catalogue.`;
  console.error(report);
  for (const listener of missingTextListeners) listener(report);
}

/** Settles once the shown language is loaded: main.tsx renders after it, so the first paint is translated. */
export const i18nReady = i18n
  .use(loader.backend)
  .use(initReactI18next)
  .init({
    lng: startLanguage,
    // No fallback language to fetch as well: i18n.test.ts proves every catalogue has every key.
    fallbackLng: false,
    supportedLngs: LANGUAGES,
    // React escapes output already.
    interpolation: { escapeValue: false },
    // The guard: every missing text goes to reportMissingText.
    saveMissing: true,
    missingKeyHandler: (languages, _namespace, key, _fallback, _update, options) =>
      reportMissingText(languages, key, options as { defaultValue?: unknown }),
    // Components re-render when the rest of the catalogue joins the store, not only on a switch.
    react: { bindI18nStore: 'added' },
  });

// The page's lang attribute follows the interface language, for screen readers and hyphenation.
const syncDocumentLanguage = (language: string) => {
  document.documentElement.lang = language;
};
i18n.on('languageChanged', syncDocumentLanguage);
syncDocumentLanguage(i18n.language);
