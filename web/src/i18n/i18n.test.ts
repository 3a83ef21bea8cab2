import {
  DEFAULT_LANGUAGE,
  ENRICHMENT_ERROR_CODES,
  E_CODES,
  FALLBACK_LANGUAGE,
  FOLDER_CODES,
  LANGUAGES,
  SHARE_ERROR_CODES,
  wellKnownFolderName,
} from '@paddock/rules';
import { ENUM_LABELS, enumKey, type EnumKind } from './enum-labels';
import { i18n, resources } from './i18n';

type Catalogue = { [key: string]: string | Catalogue };

/** Every text by its dotted key. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  return new Map(
    Object.entries(catalogue).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value] as const] : [...flatten(value, `${prefix}${key}.`)],
    ),
  );
}

/** The first object level whose keys are not in sorted order, or null. */
function unsortedLevel(catalogue: Catalogue, path = '(root)'): string | null {
  const keys = Object.keys(catalogue);
  if (keys.join('\n') !== [...keys].sort().join('\n')) return path;
  for (const [key, value] of Object.entries(catalogue)) {
    const found = typeof value === 'string' ? null : unsortedLevel(value, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

const placeholders = (text = '') =>
  [...text.matchAll(/{{\s*([^}\s]+)\s*}}/g)].map((match) => match[1]).sort();

const catalogues: [string, Catalogue][] = LANGUAGES.map((language) => [
  language,
  resources[language].translation,
]);
const english = flatten(resources.en.translation);
const allKeys = [...new Set(catalogues.flatMap(([, catalogue]) => [...flatten(catalogue).keys()]))].sort();

describe('translations', () => {
  it('has one catalogue per language', () => {
    expect(Object.keys(resources).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(catalogues)('%s has every key', (_language, catalogue) => {
    expect([...flatten(catalogue).keys()].sort()).toEqual(allKeys);
  });

  it.each(catalogues)('%s keeps its keys sorted', (_language, catalogue) => {
    expect(unsortedLevel(catalogue)).toBeNull();
  });

  it.each(catalogues)('%s has no empty texts', (_language, catalogue) => {
    expect([...flatten(catalogue)].filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it.each(catalogues)('%s uses the same placeholders as English', (_language, catalogue) => {
    const texts = flatten(catalogue);
    const mismatched = allKeys.filter(
      (key) => placeholders(texts.get(key)).join() !== placeholders(english.get(key)).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('has the keys the generic error dialog needs (SPEC §8)', () => {
    expect(allKeys).toEqual(
      expect.arrayContaining([
        'error.titleError',
        'error.messageError',
        'error.messageRetry',
        'error.undoButton',
        'error.code',
      ]),
    );
    expect(english.get('error.messageError')).toBe('The operation could not be performed. Try later');
    expect(english.get('error.messageRetry')).toBe('There has been an error, please try again');
  });

  it('defaults to Italian and falls back to English', () => {
    expect(i18n.options.lng).toBe(DEFAULT_LANGUAGE);
    expect(i18n.options.fallbackLng).toEqual([FALLBACK_LANGUAGE]);
  });
});

describe('enrichment error messages (issue 13)', () => {
  const codes = [
    E_CODES.PRODUCT_TAG_LOOKUP_E005,
    E_CODES.PRODUCT_TAG_LOOKUP_E006,
    E_CODES.PRODUCT_TAG_LOOKUP_E007,
    E_CODES.PRODUCT_TAG_LOOKUP_E008,
    E_CODES.TAG_INSERT_FAILED,
    E_CODES.TAG_BULK_INSERT_FAILED,
    E_CODES.METADATA_INSERT_FAILED,
    E_CODES.METADATA_BULK_INSERT_FAILED,
    E_CODES.REGISTRY_FAILED,
    E_CODES.SHARE_PUBLISH_FAILED,
    ...Object.values(ENRICHMENT_ERROR_CODES),
  ];
  it.each(catalogues)('has a message for each code in %s', (_language, catalogue) => {
    const texts = flatten(catalogue);
    for (const code of codes) expect(texts.get(`error.codes.${code}`)).toBeTruthy();
  });
});

describe('external share refusals', () => {
  it.each(catalogues)('has a message for each sharing code in %s', (_language, catalogue) => {
    const texts = flatten(catalogue);
    for (const code of Object.values(SHARE_ERROR_CODES))
      expect(texts.get(`sharing.errors.${code}`)).toBeTruthy();
  });
});

describe('the archive tabs and the folders they list (issue 12)', () => {
  it.each(LANGUAGES)('call the department archive as its folder is called, in %s', (language) => {
    const tabs = flatten(resources[language].translation);
    expect(tabs.get('home.archive.tabs.department')).toBe(
      wellKnownFolderName(`${FOLDER_CODES.departmentArchive}-marketing`, language),
    );
    expect(tabs.get('views.departmentJunk')).toBe(
      wellKnownFolderName(`${FOLDER_CODES.junk}-marketing`, language),
    );
  });
});

describe('enumeration values (issue 23)', () => {
  const cases = LANGUAGES.flatMap((language) =>
    Object.entries(ENUM_LABELS).flatMap(([kind, { values }]) =>
      values.map((value) => [language, kind as EnumKind, value] as const),
    ),
  );
  it.each(cases)('%s names %s “%s” in its own words', (language, kind, value) => {
    const texts = flatten(resources[language].translation);
    const label = texts.get(enumKey(kind, value));
    expect(label).toBeTruthy();
    // A label that is the stored value itself in one language while another translates it was left untranslated.
    const translated = LANGUAGES.some(
      (other) => flatten(resources[other].translation).get(enumKey(kind, value)) !== value,
    );
    if (translated) expect(label).not.toBe(value);
  });
});
