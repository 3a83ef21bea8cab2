import { LIMITS } from './limits';
import { holdsOf, mayHoldDepartment, mayManageLegalHolds, type ActiveHold } from './legal-hold';
import { departmentOfPath } from './permissions';
import type { Role } from './roles';
import { junkPurgeDueAt } from './workflow';

const hold = (scope: ActiveHold['scope'], targetId: string): ActiveHold => ({
  id: `${scope}-${targetId}`,
  scope,
  targetId,
  reason: `case ${targetId}`,
});

describe('holdsOf: what holds an asset', () => {
  const subject = { id: 'a1', folderIds: ['junk', 'dept-root'], departments: ['marketing'] };

  it('is held by a hold on itself, on a folder it is in or above it, or on its department', () => {
    const holds = [hold('asset', 'a1'), hold('folder', 'dept-root'), hold('department', 'marketing')];
    expect(holdsOf(subject, holds)).toEqual(holds);
  });

  it('is not held by holds on other assets, folders or departments, nor by a folder id taken for an asset', () => {
    const holds = [
      hold('asset', 'a2'),
      hold('asset', 'junk'),
      hold('folder', 'a1'),
      hold('folder', 'elsewhere'),
      hold('department', 'heritage'),
    ];
    expect(holdsOf(subject, holds)).toEqual([]);
  });

  it('matches a department whatever its case', () => {
    expect(
      holdsOf({ ...subject, departments: ['MARKETING'] }, [hold('department', 'marketing')]),
    ).toHaveLength(1);
  });
});

describe('who manages legal holds', () => {
  const user = (roles: Role[], department: string | null) => ({ roles, department });

  it('lets administrators place and release holds, nobody else', () => {
    expect(mayManageLegalHolds(user(['user', 'admin'], 'MARKETING'))).toBe(true);
    for (const role of ['user', 'approver', 'observer', 'supplier', 'basic_user'] as Role[])
      expect(mayManageLegalHolds(user([role], 'MARKETING'))).toBe(false);
  });

  it("lets a department's administrators hold it, and the organisation's any", () => {
    expect(mayHoldDepartment(user(['admin'], 'MARKETING'), 'marketing')).toBe(true);
    expect(mayHoldDepartment(user(['admin'], 'MARKETING'), 'heritage')).toBe(false);
    expect(mayHoldDepartment(user(['admin'], null), 'heritage')).toBe(true);
    expect(mayHoldDepartment(user(['user'], null), 'heritage')).toBe(false);
  });
});

describe('departmentOfPath', () => {
  const path = (...prettyIds: (string | null)[]) => prettyIds.map((prettyId) => ({ prettyId }));

  it('reads the nearest special folder, else the department top folder', () => {
    expect(departmentOfPath(path('dept-marketing', 'junk-marketing'))).toBe('marketing');
    expect(departmentOfPath(path('dept-marketing', 'arch04-heritage', 'campaign'))).toBe('heritage');
    expect(departmentOfPath(path('dept-marketing', null, 'campaign'))).toBe('marketing');
  });

  it('gives none for the shared archive and its channels', () => {
    expect(departmentOfPath(path('shared-archive', 'channel-website'))).toBeNull();
    expect(departmentOfPath([])).toBeNull();
  });
});

describe('junkPurgeDueAt', () => {
  it('is the retention after the deletion date (SPEC §9: 30 days)', () => {
    const deletedAt = Date.UTC(2027, 0, 10, 15, 30) / 1000;
    expect(junkPurgeDueAt(deletedAt).toISOString()).toBe('2027-02-09T15:30:00.000Z');
    expect(LIMITS.junkRetentionDays).toBe(30);
  });
});
