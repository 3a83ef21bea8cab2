import {
  assetLocaleOf,
  compareNames,
  exchangeDirection,
  folderNameIn,
  labelIn,
  nameIn,
  nameInLocale,
  wellKnownFolderName,
} from './names';

const folder = (prettyId: string, isSupplier = true) => ({
  prettyId,
  isSupplier,
  names: { IT: 'Nome', EN: 'Name' },
});

describe('names in the interface language', () => {
  it('maps Italian to IT, English and French to EN (SPEC §1 asset-facing pair)', () => {
    expect([assetLocaleOf('it'), assetLocaleOf('en'), assetLocaleOf('fr')]).toEqual(['IT', 'EN', 'EN']);
  });

  it('takes the asset locale, then the other of the pair, then any name', () => {
    expect(nameIn({ IT: 'Nome', EN: 'Name' }, 'it')).toBe('Nome');
    expect(nameIn({ IT: 'Nome', EN: 'Name' }, 'en')).toBe('Name');
    expect(nameIn({ IT: 'Nome', EN: 'Name', FR: 'Nom' }, 'fr')).toBe('Name');
    expect(nameIn({ IT: 'Nome' }, 'fr')).toBe('Nome');
    expect(nameIn({ IT: '', EN: 'Name' }, 'it')).toBe('Name');
    expect(nameIn({ DE: 'Name' }, 'it')).toBe('Name');
    expect(nameIn({}, 'it')).toBe('');
  });

  it('reads the provider list form, upper-casing locales, the first of a locale winning', () => {
    const locales = [
      { locale: 'it', name: 'Foto' },
      { locale: 'EN', name: 'Photo' },
      { locale: 'EN', name: 'later' },
    ];
    expect(nameIn(locales, 'it')).toBe('Foto');
    expect(nameIn(locales, 'fr')).toBe('Photo');
  });
});

describe('nameInLocale (a provider locale)', () => {
  it('takes that locale, then the pair, then any', () => {
    expect(nameInLocale({ IT: 'Nome', EN: 'Name' }, 'IT')).toBe('Nome');
    expect(nameInLocale({ IT: 'Nome', EN: 'Name' }, 'en')).toBe('Name');
    expect(nameInLocale({ IT: 'Nome', EN: 'Name' }, 'DE')).toBe('Name');
    expect(nameInLocale({ IT: 'Nome' }, 'EN')).toBe('Nome');
  });
});

describe('folder names', () => {
  it('names the special folders of a department in every language', () => {
    expect(wellKnownFolderName('arch04-marketing', 'it')).toBe('Archivio di reparto');
    expect(wellKnownFolderName('arch04-marketing', 'fr')).toBe('Archives du service');
    expect(wellKnownFolderName('appstp1-marketing', 'fr')).toBe('Étape 1');
    expect(wellKnownFolderName('appstp12-hr', 'en')).toBe('Step 12');
    expect(wellKnownFolderName('junk-marketing', 'it')).toBe('Cestino di reparto');
    expect(wellKnownFolderName('rftt00-marketing', 'fr')).toBe('Refusés');
  });

  it('leaves other folders to their own names', () => {
    expect(wellKnownFolderName('dept-marketing', 'it')).toBeNull();
    expect(wellKnownFolderName('frnt01-marketing-fotostudio', 'it')).toBeNull();
    expect(wellKnownFolderName('arch04', 'it')).toBeNull();
    expect(wellKnownFolderName(null, 'it')).toBeNull();
    expect(
      folderNameIn(
        { ...folder('dept-marketing', false), names: { IT: 'Marketing IT', EN: 'Marketing' } },
        'fr',
        'maker',
      ),
    ).toBe('Marketing');
  });

  it("names a folder in French by its FR name where it has one, never an asset's (issue 23)", () => {
    const press = {
      ...folder('channel-marketing-press', false),
      names: { IT: 'Stampa', EN: 'Press', FR: 'Presse' },
    };
    expect(folderNameIn(press, 'fr', 'maker')).toBe('Presse');
    expect(folderNameIn(press, 'en', 'maker')).toBe('Press');
    expect(folderNameIn(press, 'it', 'maker')).toBe('Stampa');
    expect(nameIn(press.names, 'fr')).toBe('Press');
  });

  it('knows exchange folders by code: the suppliers folder and a supplier folder are not', () => {
    expect(exchangeDirection(folder('frnt01-marketing'))).toBeNull();
    expect(exchangeDirection(folder('frnt01-marketing-fotostudio'))).toBeNull();
    expect(exchangeDirection(folder('lvrr02-marketing'))).toBe('toMaker');
    expect(exchangeDirection(folder('inbox-fotostudio'))).toBe('fromMaker');
    expect(exchangeDirection(folder('lvrr02-marketing', false))).toBeNull();
  });

  it('names exchange folders for suppliers and for the maker (SPEC §2), special folders by the product', () => {
    expect(folderNameIn(folder('lvrr02-marketing'), 'en', 'supplier')).toBe('sent to the maker');
    expect(folderNameIn(folder('inbox'), 'en', 'supplier')).toBe('received from the maker');
    expect(folderNameIn(folder('lvrr02-marketing'), 'en', 'maker')).toBe('received from suppliers');
    expect(folderNameIn(folder('inbox'), 'fr', 'maker')).toBe('envoyés aux fournisseurs');
    expect(folderNameIn(folder('frnt01-marketing'), 'fr', 'maker')).toBe('Fournisseurs');
    expect(folderNameIn(folder('frnt01-marketing-fotostudio'), 'it', 'maker')).toBe('Nome');
    expect(folderNameIn(folder('lvrr02-marketing', false), 'fr', 'maker')).toBe('Travaux fournisseur');
  });

  it('labels tags and definitions in the language itself, FR included, else EN, IT, any', () => {
    expect(labelIn({ it: 'Berlina', en: 'Saloon', fr: 'Berline' }, 'fr')).toBe('Berline');
    expect(labelIn({ it: 'Berlina', en: 'Saloon' }, 'fr')).toBe('Saloon');
    expect(labelIn({ it: 'Berlina' }, 'en')).toBe('Berlina');
    expect(labelIn({ de: 'Limousine' }, 'it')).toBe('Limousine');
  });
});

describe('compareNames', () => {
  it('orders as a reader of the language does: accents with their letter, numbers by value', () => {
    const sorted = (names: string[], lang: 'it' | 'en' | 'fr') =>
      [...names].sort((a, b) => compareNames(a, b, lang));
    expect(sorted(['Step 10', 'Step 2', 'step 1'], 'en')).toEqual(['step 1', 'Step 2', 'Step 10']);
    expect(sorted(['Été', 'Zèbre', 'Eau'], 'fr')).toEqual(['Eau', 'Été', 'Zèbre']);
    expect(sorted(['Zeta', 'Àncora', 'Bianco'], 'it')).toEqual(['Àncora', 'Bianco', 'Zeta']);
  });
});
