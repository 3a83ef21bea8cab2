import {
  ASSET_ERROR_CODES,
  DEFAULT_LANGUAGE,
  ENRICHMENT_ERROR_CODES,
  E_CODES,
  FOLDER_CODES,
  LANGUAGES,
  LEGAL_HOLD_ERROR_CODES,
  SHARE_ERROR_CODES,
  wellKnownFolderName,
} from '@paddock/rules';
import { WORKFLOW_MESSAGE_CODES } from '../features/workflow/workflow-errors';
import { ENUM_LABELS, enumKey, type EnumKind } from './enum-labels';
import { resources } from '../../test/catalogues';
import { i18n } from './i18n';

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

  it('defaults to Italian and fetches no fallback catalogue, since each has every key', () => {
    expect(i18n.options.lng).toBe(DEFAULT_LANGUAGE);
    expect(i18n.options.fallbackLng).toBe(false);
  });
});

/**
 * SPEC §8 codes with a text of their own: where each is raised and what its English text must name,
 * so a text written for another place (E006's tag listing told as "linked products") fails here.
 */
const RAISED_AT: [code: string, place: string, says: RegExp][] = [
  [E_CODES.PRODUCTS_LOOKUP_FAILED, 'enrichment gateway products(): the product listing', /\bproducts\b/],
  [E_CODES.TAG_LIST_FAILED, 'enrichment gateway tagsOf(): the tag listing to pick from', /\btag list\b/],
  [
    E_CODES.TAG_LOOKUP_FAILED,
    'enrichment gateway tagsByIds() and tagDetail(): tags read by id',
    /\btags asked for\b/,
  ],
  [E_CODES.METADATA_DEFINITIONS_FAILED, 'enrichment gateway metadataDefinitions()', /\bavailable metadata\b/],
  [
    E_CODES.FOLDER_TREE_FAILED,
    'folders gateway allFolders() and subFolders(): the tree',
    /\bfolder structure\b/,
  ],
  [
    E_CODES.FOLDER_FAILED,
    'folders gateway folder(): the one folder and its actions',
    /^This folder\b.*\bactions\b/,
  ],
  [E_CODES.CONTENT_COUNTS_FAILED, 'search gateway countContents(): the per-view counts', /\bcounts\b/],
  [E_CODES.DETAIL_FOLDER_FAILED, "assets service: the detail's folder", /\basset's folder\b/],
  [
    E_CODES.DETAIL_PLACE_FAILED,
    "assets service: the detail folder's ancestors",
    /\bactions in this folder\b/,
  ],
  [E_CODES.BREADCRUMB_FAILED, "folders: a folder's ancestors for its path", /\bfolder path\b/],
  [
    E_CODES.TAG_INSERT_FAILED,
    'tagging gateway addTags() and tag definition insert: a tag added (its other situation, the category lookup, is said by the place: internalShare.foldersFailed)',
    /\btag could not be added\b/,
  ],
  [
    E_CODES.TAG_BULK_INSERT_FAILED,
    'internal share handler and tag bulk changes: the tag on many assets',
    /\binternal share\b/,
  ],
  [
    E_CODES.METADATA_INSERT_FAILED,
    'tagging gateway setMetadata(): one metadata value saved',
    /\bmetadata could not be saved\b/,
  ],
  [
    E_CODES.METADATA_BULK_INSERT_FAILED,
    'tagging and enrichment gateways metadataMany(): bulk metadata',
    /\bselected assets\b/,
  ],
  [E_CODES.REGISTRY_FAILED, 'content service: get registry', /\bregistry record\b.*\bcleared\b/],
  [E_CODES.SHARE_PUBLISH_FAILED, 'content service: share and publish', /\bSharing and publishing\b/],
  [E_CODES.RENAME_ADD_EN_FAILED, 'rename: adding EN', /\bEnglish name could not be added\b/],
  [E_CODES.RENAME_UPDATE_EN_FAILED, 'rename: updating EN', /\bEnglish name could not be updated\b/],
  [E_CODES.RENAME_ADD_IT_FAILED, 'rename: adding IT', /\bItalian name could not be added\b/],
  [E_CODES.RENAME_UPDATE_IT_FAILED, 'rename: updating IT', /\bItalian name could not be updated\b/],
];

/** The same for the codes a workflow job or request answers, said by `workflowErrorMessage`. */
const WORKFLOW_RAISED_AT: [code: string, place: string, says: RegExp][] = [
  [
    E_CODES.CONTENT_LOOKUP_ACCEPT_FAILED,
    'selection policy and asset job runner: the content search of an accept (and any action but a reject)',
    /\bfound while accepting\b/,
  ],
  [
    E_CODES.CONTENT_LOOKUP_REJECT_FAILED,
    'asset job runner contentLookupCode(): the content search of a reject',
    /\bfound while rejecting\b/,
  ],
  [E_CODES.ACCEPT_LINK_FAILED, 'APPROVAL_CODES.link: linking the next step', /^Accepted\b.*\bnext step\b/],
  [
    E_CODES.ACCEPT_UNLINK_FAILED,
    'APPROVAL_CODES.unlink: unlinking the approval step',
    /^Accepted\b.*\bout of its approval step\b/,
  ],
  [
    E_CODES.MOVE_LINK_FAILED,
    'MOVE_CODES.link: linking the target of a move or restore',
    /\bcould not be moved\b/,
  ],
  [
    E_CODES.MOVE_UNLINK_FAILED,
    'MOVE_CODES.unlink: unlinking the source of a move or restore',
    /\bout of its folder\b/,
  ],
  [E_CODES.SUPPLIER_REMOVAL_FAILED, 'asset steps supplierRemove()', /\bsupplier folder\b/],
  [
    E_CODES.JUNK_MOVE_RETRY_FAILED,
    'content work toJunk(): no try left the content in the junk, so it stays where it was',
    /\bmove failed\b.*\bjunk either\b/,
  ],
  [E_CODES.TRASH_FAILED, 'asset steps permanentDelete(): the trash call', /\bdeleted permanently\b/],
];

describe.each([
  ['error.codes', RAISED_AT],
  ['workflow.errors', WORKFLOW_RAISED_AT],
])('the texts of SPEC §8 codes under %s', (prefix, raisedAt) => {
  it.each(raisedAt)('%s, raised by %s, says what failed there', (code, _place, says) => {
    expect(english.get(`${prefix}.${code}`)).toMatch(says);
  });

  it('lists every numbered code that has a text, so none is written without its place', () => {
    const withText = allKeys
      .filter((key) => key.startsWith(`${prefix}.`))
      .map((key) => key.slice(prefix.length + 1))
      .filter((code) => /^E\d{3}$/.test(code));
    expect(withText.sort()).toEqual(raisedAt.map(([code]) => code).sort());
  });

  it.each(catalogues)('gives each code a text of its own in %s', (_language, catalogue) => {
    const texts = flatten(catalogue);
    const own = raisedAt.map(([code]) => texts.get(`${prefix}.${code}`)).filter(Boolean);
    expect(new Set(own).size).toBe(raisedAt.length);
  });
});

describe('the texts of refusals', () => {
  it.each(catalogues)('has a text for each workflow message code in %s', (_language, catalogue) => {
    const texts = flatten(catalogue);
    const missing = WORKFLOW_MESSAGE_CODES.filter((code) => !texts.get(`workflow.errors.${code}`));
    expect(missing).toEqual([]);
  });

  it.each(catalogues)('has a text for each enrichment refusal in %s', (_language, catalogue) => {
    const texts = flatten(catalogue);
    for (const code of Object.values(ENRICHMENT_ERROR_CODES))
      expect(texts.get(`error.codes.${code}`)).toBeTruthy();
  });
});

describe('the refusal of an unreadable file (issue 23)', () => {
  it.each(catalogues)('is worded in %s', (_language, catalogue) => {
    expect(flatten(catalogue).get(`error.codes.${ASSET_ERROR_CODES.UNREADABLE}`)).toBeTruthy();
  });
});

describe('the refusals of legal hold', () => {
  it.each(catalogues)('are worded in %s', (_language, catalogue) => {
    const texts = flatten(catalogue);
    for (const code of Object.values(LEGAL_HOLD_ERROR_CODES))
      expect(texts.get(`error.codes.${code}`)).toBeTruthy();
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
