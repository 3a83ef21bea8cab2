import { isLatin1 } from './validation';

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
