import { isLanguage, type Language } from '@paddock/rules';
import type { BackendModule, i18n as I18n } from 'i18next';
import { type Catalogue, joinCatalogue } from './catalogue-split';

/** One part of a language's catalogue, fetched as a chunk of its own. */
export type CataloguePart = () => Promise<{ default: Catalogue }>;

/** Each language's catalogue in its two parts (catalogue-split.ts). */
export type CatalogueParts = Record<Language, { first: CataloguePart; rest: CataloguePart }>;

export interface CatalogueLoader {
  /** i18next's backend: reads a language's catalogue from its parts. */
  backend: BackendModule;
  /**
   * Settles once the rest of `language`'s catalogue (by default the shown one) is in the store,
   * if its first part is; fetches the rest again if it failed to arrive before.
   */
  wholeCatalogue(language?: string): Promise<void>;
  /** Whether `language`'s whole catalogue is in the store. */
  isWhole(language: string): boolean;
}

/**
 * Loads `i18n`'s catalogues from their parts. The start-up language renders with its first part
 * and the rest joins it as soon as it arrives (both are fetched at once); any other language (a
 * switch, the tests) is read whole, both parts before it shows (issue 26).
 */
export function catalogueLoader(
  i18n: I18n,
  catalogues: CatalogueParts,
  startLanguage: string,
): CatalogueLoader {
  const whole = new Set<string>();
  /** By language, its rest on its way to the store. */
  const restOnItsWay = new Map<string, Promise<void>>();

  /** Adds `language`'s rest, once `rest` arrives, to its first part in the store. */
  function addRest(language: string, rest: Promise<{ default: Catalogue }>): Promise<void> {
    const added = rest.then(({ default: part }) => {
      i18n.addResourceBundle(language, 'translation', part, true, false);
      whole.add(language);
    });
    restOnItsWay.set(language, added);
    // Forgotten once settled: after a failure, the next wholeCatalogue() fetches the rest again.
    const forget = () => void restOnItsWay.delete(language);
    added.then(forget, forget);
    return added;
  }

  const backend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read: (language, _namespace, callback) => {
      const parts = catalogues[language as Language];
      const first = parts.first();
      const rest = parts.rest();
      if (language === startLanguage && !whole.has(language) && !restOnItsWay.has(language)) {
        first.then(
          ({ default: part }) => callback(null, part),
          (error: Error) => callback(error, false),
        );
        // Registered after the callback above: the rest joins the first part once it is stored.
        addRest(
          language,
          first.then(() => rest),
        ).catch(() => undefined);
      } else {
        Promise.all([first, rest]).then(
          ([{ default: firstPart }, { default: restPart }]) => {
            whole.add(language);
            callback(null, joinCatalogue(firstPart, restPart));
          },
          (error: Error) => callback(error, false),
        );
      }
    },
  };

  function wholeCatalogue(language: string = i18n.language): Promise<void> {
    if (whole.has(language) || !isLanguage(language)) return Promise.resolve();
    const onItsWay = restOnItsWay.get(language);
    if (onItsWay) return onItsWay;
    // Not loaded at all: i18next reads it whole when asked (i18n.ts's loadCatalogue).
    if (!i18n.hasResourceBundle(language, 'translation')) return Promise.resolve();
    return addRest(language, catalogues[language].rest());
  }

  return { backend, wholeCatalogue, isWhole: (language) => whole.has(language) };
}
