import { LIMITS } from './limits';
import { hasNulByte, isLatin1, isValidName } from './validation';

describe('isLatin1 (SPEC §5 text validity)', () => {
  it.each(['', 'Spider 1966', 'caffè ÀÉÎÕÜ ñ ß ÿ', '«citazione» £5 ©', 'tab\tand\nnewline'])(
    'accepts %j',
    (text) => {
      expect(isLatin1(text)).toBe(true);
    },
  );

  it.each(['東京', 'emoji 🚗', 'Łódź', '€ 5', 'zero\u0000byte', 'c1\u0085control'])('refuses %j', (text) => {
    expect(isLatin1(text)).toBe(false);
  });
});

describe('isValidName (a folder or asset name, wherever it comes from)', () => {
  it('accepts a Latin-1 name up to LIMITS.nameMaxLength characters', () => {
    expect(isValidName('Spider 1966 caffè')).toBe(true);
    expect(isValidName('x'.repeat(LIMITS.nameMaxLength))).toBe(true);
  });

  it.each([
    ['one character too long', 'x'.repeat(LIMITS.nameMaxLength + 1)],
    ['not Latin-1', 'Ferrari ✓'],
    ['a NUL byte', 'a\u0000b'],
    ['a control character', 'bell\u0007'],
  ])('refuses %s', (_case, name) => {
    expect(isValidName(name)).toBe(false);
  });
});

describe('hasNulByte', () => {
  it('finds 0x00 anywhere and nothing else', () => {
    expect(hasNulByte('a\u0000')).toBe(true);
    expect(hasNulByte('tab\tnewline\n\u0001')).toBe(false);
  });
});
