/**
 * Each language's catalogue in two parts (issue 26): the texts the first screens show, loaded
 * before the first render, and the rest, fetched right after and awaited by the code that loads
 * on demand and the pages outside the first screens. Translators keep one whole file per
 * language; the build cuts it here (web/vite.config.ts), and the tests check the cut
 * (catalogue-split.test.ts). No import: the Vite config reads this module too.
 */

/**
 * The start of what i18n.ts's guard reports for a text asked for and not loaded, so the web tests
 * and the end-to-end runs (e2e/portal.ts) can tell its reports from other errors.
 */
export const MISSING_TEXT = 'Missing text:';

/** A catalogue or any branch of it. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

/**
 * The catalogue's branches the first screens use: sign-in, the archive (/home) with its header,
 * navigation, tree, cards, listing controls, empty and error states, the disclaimer, the global
 * notices, loading and error hosts. A dotted path names a branch or a text (with its plural
 * forms) inside a section. Sorted; each names a branch every catalogue has.
 */
export const FIRST_SCREEN = [
  'app',
  'assetDetail.info.owner',
  'assetDetail.info.type',
  'assets.card',
  'assets.columns',
  'assets.count',
  'assets.countCapped',
  'assets.emptyFolderDescription',
  'assets.emptyFolderNoUpload',
  'assets.emptyFolderTitle',
  'assets.filters',
  'assets.folders',
  'assets.listFailed',
  'assets.listLabel',
  'assets.metadata.open',
  'assets.metadata.openActive',
  'assets.noFolders',
  'assets.noResultsDescription',
  'assets.noResultsTitle',
  'assets.search',
  'assets.searchInfo.open',
  'assets.sort',
  'assets.tileSize',
  'assets.toolbar',
  'assets.types',
  'assets.viewMode',
  'auth',
  'common',
  'disclaimer',
  'error',
  'folderMenu',
  'home',
  'internalShare.errors',
  'internalShare.publishing',
  'language',
  'layout',
  'legalHold.card',
  'legalHold.place.action',
  'loading',
  'myJobs.open',
  'notFound',
  'notices',
  'preferences',
  'preflight.card',
  'preflight.verdictOf',
  'preflight.verdicts',
  'roles',
  'savedSearches.builtin',
  'savedSearches.clearBuiltin',
  'savedSearches.open',
  'savedSearches.save.action',
  'sections',
  'sharing.panel.title',
  'supplier',
  'uploadCheck.open',
  'uploads.noWrite',
  'uploads.notHere',
  'uploads.open',
  'views',
] as const;

/** i18next's plural suffixes: `count` names `count_one` and `count_other` as well. */
const PLURAL = /_(?:zero|one|two|few|many|other)$/;

/** Whether the catalogue key `key` (dotted) is in the first part. */
export function isFirstScreenKey(key: string, paths: readonly string[] = FIRST_SCREEN): boolean {
  const plain = key.replace(PLURAL, '');
  return paths.some((path) => key === path || plain === path || key.startsWith(`${path}.`));
}

/** The catalogue's texts by their dotted keys. */
export function flattenCatalogue(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : flattenCatalogue(value, `${prefix}${key}.`),
  );
}

/** `catalogue`'s branches whose keys `keep` takes, in the catalogue's order; empty branches dropped. */
function pick(catalogue: Catalogue, keep: (key: string) => boolean, prefix = ''): Catalogue {
  const picked: Catalogue = {};
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') {
      if (keep(prefix + key)) picked[key] = value;
    } else {
      const branch = pick(value, keep, `${prefix}${key}.`);
      if (Object.keys(branch).length > 0) picked[key] = branch;
    }
  }
  return picked;
}

/** The whole catalogue cut in two: the first screens' branches (`paths`) and the rest. */
export function splitCatalogue(
  whole: Catalogue,
  paths: readonly string[] = FIRST_SCREEN,
): { first: Catalogue; rest: Catalogue } {
  return {
    first: pick(whole, (key) => isFirstScreenKey(key, paths)),
    rest: pick(whole, (key) => !isFirstScreenKey(key, paths)),
  };
}

/** Both parts as one catalogue again (neither is changed). */
export function joinCatalogue(first: Catalogue, rest: Catalogue): Catalogue {
  const joined: Catalogue = { ...first };
  for (const [key, value] of Object.entries(rest)) {
    const mine = joined[key];
    joined[key] = typeof mine === 'object' && typeof value === 'object' ? joinCatalogue(mine, value) : value;
  }
  return joined;
}
