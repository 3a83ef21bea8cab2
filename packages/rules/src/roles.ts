/** Roles of SPEC §6 and how they are derived from the provider groups a user is linked to. */

export const ROLES = [
  'user',
  'approver',
  'supplier',
  'observer',
  'basic_user',
  'admin',
  'multi-department',
  'branch-sharing',
] as const;
export type Role = (typeof ROLES)[number];

/** The car maker's own people: every role but supplier (suppliers are outside companies). */
export const MAKER_ROLES = ROLES.filter((r) => r !== 'supplier');

/**
 * Group naming, the one place it is defined.
 * - General groups: fixed names below, valid whatever the department.
 * - Department groups contain 'L/': 'L/MARKETING' makes the user a member of department MARKETING.
 * - Approver groups start with 'APP.': 'APP.MARKETING.STEP1' enables approval step 1 of MARKETING.
 * - Observer groups start with 'OBS.': 'OBS.MARKETING'.
 */
export const GENERAL_GROUPS = {
  user: 'PADDOCK.USER',
  approver: 'PADDOCK.APPROVER',
  observer: 'PADDOCK.OBSERVER',
  admin: 'PADDOCK.ADMIN',
  'multi-department': 'PADDOCK.MULTI_DEPARTMENT',
  'branch-sharing': 'PADDOCK.BRANCH_SHARING',
  basic_user: 'PADDOCK.BASIC_USER',
} as const satisfies Partial<Record<Role, string>>;

export const DEPARTMENT_GROUP_MARK = 'L/';
export const APPROVER_GROUP_PREFIX = 'APP.';
export const OBSERVER_GROUP_PREFIX = 'OBS.';

export interface LinkedGroup {
  id: string;
  name: string;
}

export interface ApprovalStepGrant {
  department: string;
  step: number;
}

export interface DerivedRoles {
  roles: Role[];
  /** The role that picks the default view (SPEC §2). */
  primaryRole: Role;
  department: string | null;
  /** False only for branch-sharing users, who are not held to one department (SPEC §6). */
  departmentRestricted: boolean;
  approvalSteps: ApprovalStepGrant[];
  /** The groups that counted, after the department filter. */
  effectiveGroups: LinkedGroup[];
}

const generalGroupNames = new Set<string>(Object.values(GENERAL_GROUPS));

function norm(s: string): string {
  return s.trim().toUpperCase();
}

export function departmentOfGroup(name: string): string | null {
  const n = norm(name);
  const at = n.indexOf(DEPARTMENT_GROUP_MARK);
  if (at < 0) return null;
  const dept = n.slice(at + DEPARTMENT_GROUP_MARK.length);
  return dept.length > 0 ? dept : null;
}

/** 'APP.MARKETING.STEP2' → { department: 'MARKETING', step: 2 }; a step-less name means step 1. */
export function approverGrantOfGroup(name: string): ApprovalStepGrant | null {
  const n = norm(name);
  if (!n.startsWith(APPROVER_GROUP_PREFIX)) return null;
  const [department, stepPart] = n.slice(APPROVER_GROUP_PREFIX.length).split('.');
  if (!department) return null;
  const step = stepPart ? Number(/^STEP(\d+)$/.exec(stepPart)?.[1]) : 1;
  return Number.isInteger(step) && step > 0 ? { department, step } : null;
}

function observerDepartmentOfGroup(name: string): string | null {
  const n = norm(name);
  if (!n.startsWith(OBSERVER_GROUP_PREFIX)) return null;
  const dept = n.slice(OBSERVER_GROUP_PREFIX.length).split('.')[0];
  return dept ? dept : null;
}

/**
 * The default department (SPEC §6): the department group matching the company name,
 * else the first department group by name order (stable whatever order the provider returns).
 */
export function defaultDepartment(groups: LinkedGroup[], companyName: string | undefined): string | null {
  const departments = [
    ...new Set(groups.map((g) => departmentOfGroup(g.name)).filter((d): d is string => !!d)),
  ].sort();
  if (departments.length === 0) return null;
  const company = companyName ? norm(companyName) : '';
  return departments.find((d) => d === company) ?? departments[0];
}

// A restriction wins over the plain 'user' a department group gives (basic_user before user).
const PRIMARY_ORDER: Role[] = ['approver', 'observer', 'basic_user', 'user', 'supplier'];

/** The role that picks the default view (SPEC §2) among the roles a user holds. */
export function primaryRoleOf(roles: readonly Role[]): Role {
  return PRIMARY_ORDER.find((r) => roles.includes(r)) ?? 'user';
}

export function deriveRoles(groups: LinkedGroup[], companyName?: string): DerivedRoles {
  const names = new Set(groups.map((g) => norm(g.name)));
  const has = (role: keyof typeof GENERAL_GROUPS) => names.has(GENERAL_GROUPS[role]);
  const multiDepartment = has('multi-department');
  const branchSharing = has('branch-sharing');
  const department = defaultDepartment(groups, companyName);

  // Only groups of the user's department count, plus the general groups (SPEC §6).
  const effectiveGroups = groups.filter((g) => {
    const n = norm(g.name);
    if (generalGroupNames.has(n)) return true;
    const dept = departmentOfGroup(n) ?? approverGrantOfGroup(n)?.department ?? observerDepartmentOfGroup(n);
    if (dept === null) return false;
    return branchSharing || dept === department;
  });

  const roles = new Set<Role>();
  const approvalSteps: ApprovalStepGrant[] = [];
  for (const g of effectiveGroups) {
    const n = norm(g.name);
    for (const [role, groupName] of Object.entries(GENERAL_GROUPS))
      if (n === groupName) roles.add(role as Role);
    // An observer keeps it (it reaches the department's views) but acts nowhere: permissions.ts.
    if (departmentOfGroup(n)) roles.add('user');
    const grant = approverGrantOfGroup(n);
    if (grant) {
      roles.add('approver');
      // 'APP.X' and 'APP.X.STEP1' grant the same step.
      if (!approvalSteps.some((s) => s.department === grant.department && s.step === grant.step))
        approvalSteps.push(grant);
    }
    if (observerDepartmentOfGroup(n)) roles.add('observer');
  }
  if (multiDepartment) roles.add('multi-department');
  if (branchSharing) roles.add('branch-sharing');
  if (roles.size === 0) roles.add('supplier');

  const ordered = ROLES.filter((r) => roles.has(r));
  const primaryRole = primaryRoleOf(ordered);
  approvalSteps.sort((a, b) => a.department.localeCompare(b.department) || a.step - b.step);
  return {
    roles: ordered,
    primaryRole,
    department,
    departmentRestricted: !branchSharing,
    approvalSteps,
    effectiveGroups,
  };
}
