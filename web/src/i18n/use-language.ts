import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@paddock/rules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCatalogue } from './i18n';
import { storeLanguage } from './language-storage';

/** The interface language and a switch that applies it at once and remembers it in this browser. */
export function useLanguage(): [Language, (language: Language) => Promise<void>] {
  const { i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const change = useCallback(
    async (language: Language) => {
      storeLanguage(language);
      // Both parts of its catalogue first: the switch never shows a text of the rest missing.
      await loadCatalogue(language);
      await i18n.changeLanguage(language);
    },
    [i18n],
  );
  return [current, change];
}
