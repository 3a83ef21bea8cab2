import { FOLDER_CODES, type Language } from '@paddock/rules';

/** The upper-case provider locale of a hub language. */
export function localeOf(lang: Language): string {
  return lang.toUpperCase();
}

/** The name in the asked language, else EN, else any (a folder always has one name at least). */
export function nameIn(names: Record<string, string>, lang: Language): string {
  return names[localeOf(lang)] || names.EN || Object.values(names).find((n) => n !== '') || '';
}

type Direction = 'toMaker' | 'fromMaker';

/**
 * Names of a supplier's exchange folders (SPEC §2), as seen by each side. Suppliers see 'sent to the
 * maker' and 'received from the maker'; the maker's people see the same folders as 'received from
 * suppliers' and 'sent to suppliers'.
 */
const EXCHANGE_NAMES: Record<'supplier' | 'maker', Record<Direction, Record<Language, string>>> = {
  supplier: {
    toMaker: { en: 'sent to the maker', it: 'inviati al costruttore', fr: 'envoyés au constructeur' },
    fromMaker: { en: 'received from the maker', it: 'ricevuti dal costruttore', fr: 'reçus du constructeur' },
  },
  maker: {
    toMaker: { en: 'received from suppliers', it: 'ricevuti dai fornitori', fr: 'reçus des fournisseurs' },
    fromMaker: { en: 'sent to suppliers', it: 'inviati ai fornitori', fr: 'envoyés aux fournisseurs' },
  },
};

/**
 * Which way a supplier folder carries contents, or null for a folder that is not an exchange folder.
 * The suppliers folder (frnt01…) and each supplier's own folder under it (frnt01…-<supplier>) are
 * not exchange folders; below a supplier's folder, the supplier work folder (lvrr02…, where the
 * supplier uploads) goes to the maker and any other supplier folder comes from the maker.
 */
export function exchangeDirection(folder: { isSupplier: boolean; prettyId: string }): Direction | null {
  if (!folder.isSupplier || folder.prettyId.startsWith(FOLDER_CODES.suppliers)) return null;
  return folder.prettyId.startsWith(FOLDER_CODES.supplierWork) ? 'toMaker' : 'fromMaker';
}

/** The name a user sees: the exchange name on supplier exchange folders, the folder's own name elsewhere. */
export function displayName(
  folder: { isSupplier: boolean; prettyId: string; names: Record<string, string> },
  lang: Language,
  side: 'supplier' | 'maker',
): string {
  const direction = exchangeDirection(folder);
  return direction === null ? nameIn(folder.names, lang) : EXCHANGE_NAMES[side][direction][lang];
}
