import { describeCharacters, toLatin1 } from './latin1-text';
import { isLatin1 } from './validation';

describe('toLatin1 (SPEC §5: typographic punctuation becomes its Latin-1 equivalent)', () => {
  it.each([
    ['l’immagine', "l'immagine"],
    ['‘quoted’ and “double”', `'quoted' and "double"`],
    ['2019–2024 — done…', '2019-2024 - done...'],
    ['prix\u202f: 5\u2009EUR', 'prix\u00a0: 5 EUR'],
    ['zero\u200bwidth\ufeff', 'zerowidth'],
    ['ﬁn du ﬂux', 'fin du flux'],
    ['e\u0301te\u0301', 'été'],
    ['line\u2028break', 'line\nbreak'],
  ])('converts %j', (typed, expected) => {
    const { text, refused } = toLatin1(typed);
    expect(text).toBe(expected);
    expect(refused).toEqual([]);
    expect(isLatin1(text)).toBe(true);
  });

  it('leaves Latin-1 text as it is', () => {
    expect(toLatin1('Caffè «ÀÉÎ» £5 ©\ttab\nline')).toEqual({
      text: 'Caffè «ÀÉÎ» £5 ©\ttab\nline',
      refused: [],
    });
  });

  it('names each character that still has no Latin-1 form, once, in order', () => {
    expect(toLatin1('☃ l’hiver ☃ à Łódź 🚗 €')).toEqual({
      text: "☃ l'hiver ☃ à Łódź 🚗 €",
      refused: ['☃', 'Ł', 'ź', '🚗', '€'],
    });
  });
});

describe('describeCharacters', () => {
  it('shows visible characters as typed and invisible ones by code point', () => {
    expect(describeCharacters(['☃', '🚗', '\u0007', '\u0085'])).toBe('☃ 🚗 U+0007 U+0085');
  });
});
