import { METADATA_FILTER_LIMITS } from '@paddock/rules';
import { listingSearch } from './listing-search';

const clause = { key: 'nation', operator: 'EQUAL', value: 'italy' };
const group = { combinator: 'MUST', clauses: [clause] };

describe("the listing's address (SPEC §3)", () => {
  it('reads a well-formed address whole', () => {
    const search = {
      sort: 'name',
      order: 'desc',
      type: 'IMAGE',
      ext: 'jpg',
      pub: false,
      q: 'spider',
      sub: true,
      meta: [group],
      only: 'rightsEnding',
    };
    expect(listingSearch(search)).toStrictEqual(search);
  });

  it('drops what it does not know: other keys, unknown values', () => {
    expect(listingSearch({ sort: 'colour', order: 'up', type: 'image', extra: 'x' })).toStrictEqual({
      sort: undefined,
      order: undefined,
      type: undefined,
    });
  });

  it('reads pub and sub as booleans, never their text', () => {
    expect(listingSearch({ pub: 'true', sub: 1 })).toStrictEqual({ pub: undefined, sub: undefined });
    expect(listingSearch({ pub: true, sub: false })).toStrictEqual({ pub: true, sub: false });
  });

  it('keeps search text up to 200 characters', () => {
    expect(listingSearch({ q: 'a'.repeat(200) }).q).toHaveLength(200);
    expect(listingSearch({ q: 'a'.repeat(201) }).q).toBeUndefined();
    expect(listingSearch({ q: '' }).q).toBe('');
  });

  it("drops metadata filters past the groups' and clauses' limits, or with a malformed clause", () => {
    const { groups, clauses } = METADATA_FILTER_LIMITS;
    expect(listingSearch({ meta: Array(groups).fill(group) }).meta).toHaveLength(groups);
    expect(listingSearch({ meta: Array(groups + 1).fill(group) }).meta).toBeUndefined();
    expect(listingSearch({ meta: [{ ...group, clauses: Array(clauses).fill(clause) }] }).meta).toHaveLength(
      1,
    );
    expect(
      listingSearch({ meta: [{ ...group, clauses: Array(clauses + 1).fill(clause) }] }).meta,
    ).toBeUndefined();
    expect(listingSearch({ meta: [] }).meta).toBeUndefined();
    expect(listingSearch({ meta: [{ ...group, clauses: [] }] }).meta).toBeUndefined();
    expect(listingSearch({ meta: [{ ...group, clauses: [{ ...clause, key: '' }] }] }).meta).toBeUndefined();
    expect(
      listingSearch({ meta: [{ ...group, clauses: [{ ...clause, operator: 'LIKE' }] }] }).meta,
    ).toBeUndefined();
  });

  it("drops a clause's unknown keys", () => {
    expect(listingSearch({ meta: [{ ...group, clauses: [{ ...clause, note: 'x' }] }] }).meta).toStrictEqual([
      group,
    ]);
  });
});
