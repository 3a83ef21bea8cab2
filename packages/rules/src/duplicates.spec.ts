import { deriveRoles, keepsBoth, mayReviewDuplicates } from './index';

/** The roles the demo's people get from their groups (server/src/seed/demo-data.ts). */
const rolesOf = (...groups: string[]) =>
  deriveRoles(
    groups.map((name) => ({ id: name, name })),
    'Marketing',
  ).roles;

describe('mayReviewDuplicates', () => {
  it("is for the maker's people who work on the archive", () => {
    expect(mayReviewDuplicates(rolesOf('L/MARKETING', 'WRITE.MARKETING'))).toBe(true);
    expect(mayReviewDuplicates(rolesOf('L/MARKETING', 'APP.MARKETING.STEP1'))).toBe(true);
    expect(mayReviewDuplicates(['admin'])).toBe(true);
  });

  it('is not for suppliers, nor for observers and basic users, whom their department group also makes users', () => {
    expect(mayReviewDuplicates(rolesOf('SUP.FOTOSTUDIO'))).toBe(false);
    const observer = rolesOf('L/MARKETING', 'OBS.MARKETING');
    expect(observer).toEqual(expect.arrayContaining(['user', 'observer']));
    expect(mayReviewDuplicates(observer)).toBe(false);
    const basic = rolesOf('L/MARKETING', 'WRITE.MARKETING', 'PADDOCK.BASIC_USER');
    expect(basic).toEqual(expect.arrayContaining(['user', 'basic_user']));
    expect(mayReviewDuplicates(basic)).toBe(false);
  });
});

describe('keepsBoth', () => {
  it('tells the decisions that keep both assets from "the same"', () => {
    expect(keepsBoth('distinct')).toBe(true);
    expect(keepsBoth('alternate')).toBe(true);
    expect(keepsBoth('same')).toBe(false);
  });
});
