import { displayName, exchangeDirection, nameIn } from './folder-naming';

const folder = (prettyId: string, isSupplier = true) => ({
  prettyId,
  isSupplier,
  names: { IT: 'Nome', EN: 'Name' },
});

describe('folder naming', () => {
  it('takes the asked language, then EN, then any name', () => {
    expect(nameIn({ IT: 'Nome', EN: 'Name' }, 'it')).toBe('Nome');
    expect(nameIn({ IT: 'Nome', EN: 'Name' }, 'fr')).toBe('Name');
    expect(nameIn({ IT: 'Nome' }, 'fr')).toBe('Nome');
    expect(nameIn({ FR: '', EN: 'Name' }, 'fr')).toBe('Name');
  });

  it('knows exchange folders by code: the suppliers folder and a supplier folder are not', () => {
    expect(exchangeDirection(folder('frnt01-marketing'))).toBeNull();
    expect(exchangeDirection(folder('frnt01-marketing-fotostudio'))).toBeNull();
    expect(exchangeDirection(folder('lvrr02-marketing'))).toBe('toMaker');
    expect(exchangeDirection(folder('inbox-fotostudio'))).toBe('fromMaker');
    expect(exchangeDirection(folder('lvrr02-marketing', false))).toBeNull();
  });

  it('names exchange folders for suppliers and for the maker (SPEC §2)', () => {
    expect(displayName(folder('lvrr02-marketing'), 'en', 'supplier')).toBe('sent to the maker');
    expect(displayName(folder('inbox'), 'en', 'supplier')).toBe('received from the maker');
    expect(displayName(folder('lvrr02-marketing'), 'en', 'maker')).toBe('received from suppliers');
    expect(displayName(folder('inbox'), 'en', 'maker')).toBe('sent to suppliers');
    expect(displayName(folder('frnt01-x'), 'it', 'maker')).toBe('Nome');
  });
});
