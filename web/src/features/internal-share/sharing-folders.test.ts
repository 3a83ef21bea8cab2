import { FOLDER_CODES, FIXED_FOLDER_IDS, type SharingFolder } from '@paddock/rules';
import { folderPathLabel, pickerEntries } from './sharing-folders';

const marketing = { prettyId: 'marketing', isSupplier: false, names: { IT: 'Marketing', EN: 'Marketing' } };
const internallyShared = {
  prettyId: `${FOLDER_CODES.internalShared}-marketing`,
  isSupplier: false,
  names: { IT: 'Condivisi internamente', EN: 'Internally shared' },
};
const sharedArchive = {
  prettyId: FIXED_FOLDER_IDS.sharedArchive,
  isSupplier: false,
  names: { IT: 'Archivio condiviso', EN: 'Shared archive' },
};

const press: SharingFolder = {
  id: 'press',
  prettyId: 'press-marketing',
  isSupplier: false,
  names: { IT: 'Stampa', EN: 'Press' },
  path: [marketing, internallyShared],
};
const website: SharingFolder = {
  id: 'website',
  prettyId: 'website',
  isSupplier: false,
  names: { IT: 'Sito web', EN: 'Website' },
  path: [sharedArchive],
};

describe('the internal-share picker names a folder as the tree does', () => {
  it.each([
    ['it', 'Marketing › Condivisi internamente › Stampa', 'Archivio condiviso › Sito web'],
    ['en', 'Marketing › Internally shared › Press', 'Shared archive › Website'],
    // Well-known folders in French; the others read their EN name (SPEC's asset-facing pair).
    ['fr', 'Marketing › Partagés en interne › Press', 'Archives partagées › Website'],
  ] as const)('in %s', (language, pressPath, websitePath) => {
    expect(folderPathLabel(press, language)).toBe(pressPath);
    expect(folderPathLabel(website, language)).toBe(websitePath);
  });
});

it('lists the picker by path in the language: a folder beside its siblings', () => {
  const internally: SharingFolder = { id: 'internally', ...internallyShared, path: [marketing] };
  const labels = (language: 'it' | 'fr') =>
    pickerEntries([internally, website, press], language).map((entry) => entry.label);
  expect(labels('it')).toEqual([
    'Archivio condiviso › Sito web',
    'Marketing › Condivisi internamente',
    'Marketing › Condivisi internamente › Stampa',
  ]);
  expect(labels('fr')).toEqual([
    'Archives partagées › Website',
    'Marketing › Partagés en interne',
    'Marketing › Partagés en interne › Press',
  ]);
});
