import { E_CODES, type ErrorCode } from './errors';

describe('error codes', () => {
  it('names each numbered code of SPEC §8 once, within E001 to E069, but those SPEC gives two situations', () => {
    // SPEC §8 "E032 | category lookup default; failed tag insert": one name per situation.
    const twoSituations: readonly string[] = [E_CODES.TAG_INSERT_FAILED];
    const codes = Object.values(E_CODES);
    const once = codes.filter((code) => !twoSituations.includes(code));
    expect(new Set(once).size).toBe(once.length);
    for (const code of twoSituations) expect(codes.filter((c) => c === code)).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^E0(0[1-9]|[1-6]\d)$/);
  });

  // A type test: `tsc -b packages/rules` checks this file (tsconfig.spec.json), and fails when the
  // line below compiles, i.e. when ErrorCode takes any string again.
  it('does not let a typo pass for a code', () => {
    // @ts-expect-error 'E0555' is no error code (E055 is)
    const typo: ErrorCode = 'E0555';
    const code: ErrorCode = E_CODES.TRASH_FAILED;
    expect([typo, code]).toEqual(['E0555', 'E055']);
  });
});
