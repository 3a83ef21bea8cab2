import { searchTermsOf } from './users.types';

describe('search terms', () => {
  it('are the words of the search, each once, in order', () => {
    expect(searchTermsOf('  Mario   ROSSI mario ')).toEqual(['Mario', 'ROSSI']);
    expect(searchTermsOf('')).toEqual([]);
    expect(searchTermsOf(undefined)).toEqual([]);
  });
});
