import { containsPattern, escapeLike, prefixPattern } from './like-pattern';

describe('LIKE patterns', () => {
  it('take %, _ and \\ literally', () => {
    expect(escapeLike('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(prefixPattern('100%')).toBe('100\\%%');
  });
});
