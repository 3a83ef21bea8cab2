import { FIXED_FOLDER_IDS, FOLDER_CODES } from './folders';
import type { Language } from './limits';

/**
 * The one answer to "what is this asset, folder or tag called in language L", for the hub and the
 * web alike.
 */

/** The asset-facing locale of an interface language (SPEC §1: IT in Italian, EN in English and French). */
export function assetLocaleOf(lang: Language): 'IT' | 'EN' {
  return lang === 'it' ? 'IT' : 'EN';
}

/** Names by upper-case locale, as a record or as the provider's list. */
export type LocalizedNames = Readonly<Record<string, string>> | readonly { locale: string; name: string }[];

function recordOf(names: LocalizedNames): Readonly<Record<string, string>> {
  if (!Array.isArray(names)) return names as Readonly<Record<string, string>>;
  const record: Record<string, string> = {};
  // The first name of a locale wins, as the provider lists them.
  for (const { locale, name } of names as readonly { locale: string; name: string }[])
    record[locale.toUpperCase()] ??= name;
  return record;
}

/**
 * The name in the language's asset locale, else in the other of the pair, else any non-empty one.
 * Only the pair counts: rename writes IT and EN (SPEC §5), so a name in another locale would go
 * stale the first time someone renames.
 */
export function nameIn(names: LocalizedNames, lang: Language): string {
  return nameInLocale(names, assetLocaleOf(lang));
}

/** nameIn for a provider locale (THRON's archive `locale`): that locale's name, else as nameIn. */
export function nameInLocale(names: LocalizedNames, locale: string): string {
  const record = recordOf(names);
  const own = locale.toUpperCase();
  const other = own === 'IT' ? 'EN' : 'IT';
  return (
    record[own] ||
    record[own === 'IT' || own === 'EN' ? other : 'EN'] ||
    Object.values(record).find((n) => n !== '') ||
    ''
  );
}

type Translated = Record<Language, string>;

/** The product's names of the special folders of SPEC §3, which the whole workflow is about. */
const WELL_KNOWN_FOLDERS: Record<Exclude<keyof typeof FOLDER_CODES, 'approvalStep1'>, Translated> = {
  suppliers: { it: 'Fornitori', en: 'Suppliers', fr: 'Fournisseurs' },
  supplierApproval: { it: 'Approvazione fornitori', en: 'Supplier approval', fr: 'Approbation fournisseurs' },
  supplierWork: { it: 'Lavorazione fornitore', en: 'Supplier work', fr: 'Travaux fournisseur' },
  approval: { it: 'Approvazione', en: 'Approval', fr: 'Approbation' },
  rejected: { it: 'Rifiutati', en: 'Rejected', fr: 'Refusés' },
  enrichment: { it: 'Arricchimento', en: 'Enrichment', fr: 'Enrichissement' },
  departmentArchive: { it: 'Archivio di reparto', en: 'Department archive', fr: 'Archives du service' },
  internalShared: { it: 'Condivisi internamente', en: 'Internally shared', fr: 'Partagés en interne' },
  junk: { it: 'Cestino di reparto', en: 'Department junk', fr: 'Corbeille du service' },
};

/** The organisation's shared archive (SPEC §3 fixed id), named as its Archives tab. */
const SHARED_ARCHIVE_NAMES: Translated = {
  it: 'Archivio condiviso',
  en: 'Shared archive',
  fr: 'Archives partagées',
};

const STEP_NAMES: Translated = { it: 'Passo {n}', en: 'Step {n}', fr: 'Étape {n}' };

const BY_CODE = new Map(
  Object.entries(WELL_KNOWN_FOLDERS).map(([key, names]) => [
    FOLDER_CODES[key as keyof typeof WELL_KNOWN_FOLDERS],
    names,
  ]),
);

/**
 * The product's name of a department's special folder (`<code>-<department>`, SPEC §3) in `lang`,
 * or null for any other folder (a supplier's own folder `frnt01-<department>-<supplier>` included).
 */
export function wellKnownFolderName(prettyId: string | null | undefined, lang: Language): string | null {
  if (prettyId === FIXED_FOLDER_IDS.sharedArchive) return SHARED_ARCHIVE_NAMES[lang];
  const match = /^([a-z]+?)(\d*)-[^-]+$/i.exec(prettyId ?? '');
  if (!match) return null;
  const [, letters, digits] = match;
  if (letters.toLowerCase() === 'appstp' && digits)
    return STEP_NAMES[lang].replace('{n}', String(Number(digits)));
  return BY_CODE.get(`${letters}${digits}`.toLowerCase() as never)?.[lang] ?? null;
}

type Direction = 'toMaker' | 'fromMaker';

/**
 * Names of a supplier's exchange folders (SPEC §2), as seen by each side. Suppliers see 'sent to the
 * maker' and 'received from the maker'; the maker's people see the same folders as 'received from
 * suppliers' and 'sent to suppliers'.
 */
const EXCHANGE_NAMES: Record<'supplier' | 'maker', Record<Direction, Translated>> = {
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

/**
 * The name a user sees of a folder: the exchange name on supplier exchange folders, the product's
 * name of a special folder, the folder's own name (nameIn) elsewhere.
 */
export function folderNameIn(
  folder: { isSupplier: boolean; prettyId: string; names: LocalizedNames },
  lang: Language,
  side: 'supplier' | 'maker',
): string {
  const direction = exchangeDirection(folder);
  if (direction !== null) return EXCHANGE_NAMES[side][direction][lang];
  return wellKnownFolderName(folder.prettyId, lang) ?? folderOwnNameIn(folder.names, lang);
}

/** A folder's own name: in French its FR name where it has one (folders have, assets not), else nameIn. */
function folderOwnNameIn(names: LocalizedNames, lang: Language): string {
  return (lang === 'fr' && recordOf(names).FR) || nameIn(names, lang);
}

/**
 * A tag's or a metadata definition's label in the interface language: these have their own FR
 * names (unlike assets), so the language itself first, then the fallback EN, then IT, then any.
 */
export function labelIn(names: Readonly<Record<string, string>>, lang: Language): string {
  return names[lang] || names.en || names.it || Object.values(names).find((n) => n !== '') || '';
}

const collators = new Map<Language, Intl.Collator>();

/**
 * Orders names as a reader of `lang` expects: accents and case after the letters, numbers by value
 * ("Step 2" before "Step 10"). Lists of names sort with it on the server, so every replica and
 * every reload shows one order.
 */
export function compareNames(a: string, b: string, lang: Language): number {
  let collator = collators.get(lang);
  if (!collator) {
    collator = new Intl.Collator(lang, { numeric: true });
    collators.set(lang, collator);
  }
  return collator.compare(a, b);
}
