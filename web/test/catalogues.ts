import en from '../src/i18n/en.json';
import fr from '../src/i18n/fr.json';
import it from '../src/i18n/it.json';

/** Every catalogue at once, for the tests that read the texts themselves; the app loads them on demand. */
export const resources = {
  it: { translation: it },
  en: { translation: en },
  fr: { translation: fr },
} as const;
