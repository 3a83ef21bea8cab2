import { containsPattern, escapeLike, prefixPattern, searchTermsOf } from './users.types';

describe('LIKE patterns', () => {
  it('take %, _ and \\ literally', () => {
    expect(escapeLike('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(prefixPattern('100%')).toBe('100\\%%');
  });
});

describe('search terms', () => {
  it('are the words of the search, each once, in order', () => {
    expect(searchTermsOf('  Mario   ROSSI mario ')).toEqual(['Mario', 'ROSSI']);
    expect(searchTermsOf('')).toEqual([]);
    expect(searchTermsOf(undefined)).toEqual([]);
  });
});
