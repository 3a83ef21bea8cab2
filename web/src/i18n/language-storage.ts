import { isLanguage, type Language } from '@paddock/rules';

const STORAGE_KEY = 'paddock.language';

/** The language last chosen in this browser, if any. */
export function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    // Storage can be disabled by privacy settings; the default language applies then.
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered across visits, but the switch itself still works.
  }
}
