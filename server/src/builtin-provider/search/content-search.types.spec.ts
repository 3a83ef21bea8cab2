import { byTokenPatterns, exactMatchPatterns, isOneLiteral, perWordPatterns } from './content-search.types';

describe('search patterns', () => {
  it('escapes LIKE wildcards so user text matches literally', () => {
    expect(exactMatchPatterns('50% off_x\\y')).toEqual(['%50\\% off\\_x\\\\y%']);
  });

  it.each<[string, string, boolean]>([
    ['an exact match', exactMatchPatterns('Red Spider 1966')[0]!, true],
    ['an exact match with escaped wildcards', exactMatchPatterns('50% off_x\\')[0]!, true],
    ['one word of a per-word search', perWordPatterns('red spider')[1]!, true],
    ['one word by token', byTokenPatterns('spider')[0]!, true],
    ['words in order by token', byTokenPatterns('red spider')[0]!, false],
    ['a line break', exactMatchPatterns('poster\ngnu')[0]!, false],
    ['an unescaped underscore', '%a_b%', false],
    ['a trailing escape', '%ab\\%', false],
    ['no surrounding %', 'red', false],
  ])('reads %s as one literal or not', (_case, pattern, one) => {
    expect(isOneLiteral(pattern)).toBe(one);
  });
});
