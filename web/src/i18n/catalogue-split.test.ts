import { LANGUAGES } from '@paddock/rules';
import { resources } from '../../test/catalogues';
import {
  type Catalogue,
  FIRST_SCREEN,
  flattenCatalogue,
  isFirstScreenKey,
  joinCatalogue,
  splitCatalogue,
} from './catalogue-split';

const keysOf = (catalogue: Catalogue) => flattenCatalogue(catalogue).map(([key]) => key);

describe('FIRST_SCREEN', () => {
  it('is sorted, without repeats, and no entry lies inside another', () => {
    expect([...FIRST_SCREEN]).toEqual([...new Set(FIRST_SCREEN)].sort());
    const nested = FIRST_SCREEN.filter((path) => FIRST_SCREEN.some((other) => path.startsWith(`${other}.`)));
    expect(nested).toEqual([]);
  });

  it('takes a branch, a text and its plural forms, and nothing that only starts alike', () => {
    const paths = ['auth', 'assets.count'];
    expect(isFirstScreenKey('auth.login.submit', paths)).toBe(true);
    expect(isFirstScreenKey('assets.count_one', paths)).toBe(true);
    expect(isFirstScreenKey('assets.count', paths)).toBe(true);
    expect(isFirstScreenKey('assets.countCapped', paths)).toBe(false);
    expect(isFirstScreenKey('authors.x', paths)).toBe(false);
  });
});

describe.each(LANGUAGES)('the %s catalogue in two parts', (language) => {
  const whole = resources[language].translation as Catalogue;
  const { first, rest } = splitCatalogue(whole);

  it('has exactly the listed branches in its first part, each of them there', () => {
    expect(keysOf(first).every((key) => isFirstScreenKey(key))).toBe(true);
    expect(keysOf(first)).toEqual(keysOf(whole).filter((key) => isFirstScreenKey(key)));
    const named = FIRST_SCREEN.filter((path) => keysOf(first).some((key) => isFirstScreenKey(key, [path])));
    expect(named).toEqual([...FIRST_SCREEN]);
  });

  it('has none of them in the rest', () => {
    expect(keysOf(rest).filter((key) => isFirstScreenKey(key))).toEqual([]);
  });

  it('is the whole file again, both parts together', () => {
    expect(joinCatalogue(first, rest)).toEqual(whole);
    expect(keysOf(first).length + keysOf(rest).length).toBe(keysOf(whole).length);
  });

  it('leaves most of the catalogue to the rest', () => {
    expect(JSON.stringify(first).length).toBeLessThan(JSON.stringify(whole).length / 2);
  });
});
