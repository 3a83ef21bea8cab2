import {
  GENERAL_GROUPS,
  deriveRoles,
  type ApprovalStepGrant,
  type DerivedRoles,
  type LinkedGroup,
  type Role,
} from './roles';
import { defaultViewFor, type View } from './views';

const groups = (...names: string[]): LinkedGroup[] => names.map((name, i) => ({ id: `g${i}`, name }));

interface Case {
  rule: string;
  groups: string[];
  company?: string;
  expect: Partial<Omit<DerivedRoles, 'effectiveGroups'>> & { effective?: string[] };
}

const G = GENERAL_GROUPS;

/** SPEC §6 "Roles and permissions", one row per rule. */
const cases: Case[] = [
  // General groups → each role.
  { rule: 'user group → user', groups: [G.user], expect: { roles: ['user'], primaryRole: 'user' } },
  {
    rule: 'approver group → approver',
    groups: [G.approver],
    expect: { roles: ['approver'], primaryRole: 'approver' },
  },
  {
    rule: 'observer group → observer',
    groups: [G.observer],
    expect: { roles: ['observer'], primaryRole: 'observer' },
  },
  {
    rule: 'basic user group → basic_user',
    groups: [G.basic_user],
    expect: { roles: ['basic_user'], primaryRole: 'basic_user' },
  },
  { rule: 'admin group → admin', groups: [G.admin], expect: { roles: ['admin'] } },
  {
    rule: 'admin next to a department keeps both',
    groups: [G.admin, 'L/MARKETING'],
    expect: { roles: ['user', 'admin'], primaryRole: 'user', department: 'MARKETING' },
  },
  {
    rule: 'multi-department group → multi-department',
    groups: [G['multi-department'], 'L/SALES'],
    expect: { roles: ['user', 'multi-department'], department: 'SALES', departmentRestricted: true },
  },
  {
    rule: 'general group names match whatever their case and spacing',
    groups: [' paddock.approver '],
    expect: { roles: ['approver'] },
  },
  // Department groups contain 'L/'.
  {
    rule: "'L/' group → user of that department",
    groups: ['L/MARKETING'],
    expect: { roles: ['user'], primaryRole: 'user', department: 'MARKETING', departmentRestricted: true },
  },
  {
    rule: "'L/' may sit inside a longer name",
    groups: ['EMEA L/Design'],
    expect: { roles: ['user'], department: 'DESIGN' },
  },
  // Multi-department: default department from the company name, else from the group name.
  {
    rule: 'default department matches the company name',
    groups: [G['multi-department'], 'L/MARKETING', 'L/SALES'],
    company: 'Sales',
    expect: { department: 'SALES' },
  },
  {
    rule: 'no company match → first department group by name, whatever the provider order',
    groups: [G['multi-department'], 'L/SALES', 'L/MARKETING'],
    company: 'ACME Parts',
    expect: { department: 'MARKETING' },
  },
  {
    rule: 'no company name → first department group by name',
    groups: ['L/ZETA', 'L/ALPHA'],
    expect: { department: 'ALPHA' },
  },
  // Only that department's groups plus the general groups count.
  {
    rule: 'other departments’ groups do not count',
    groups: [G['multi-department'], 'L/MARKETING', 'L/SALES', G.observer],
    company: 'Marketing',
    expect: { effective: [G['multi-department'], 'L/MARKETING', G.observer] },
  },
  {
    rule: 'unrecognised groups do not count',
    groups: ['L/MARKETING', 'EVERYONE'],
    expect: { roles: ['user'], effective: ['L/MARKETING'] },
  },
  // 'APP.' and 'OBS.' groups of other departments are dropped, of the own department kept.
  {
    rule: "own department's 'APP.' group → approver with its step",
    groups: ['L/MARKETING', 'APP.MARKETING.STEP2'],
    expect: {
      roles: ['user', 'approver'],
      primaryRole: 'approver',
      approvalSteps: [{ department: 'MARKETING', step: 2 }],
    },
  },
  {
    rule: "a step-less 'APP.' group is step 1",
    groups: ['L/MARKETING', 'APP.MARKETING'],
    expect: { approvalSteps: [{ department: 'MARKETING', step: 1 }] },
  },
  {
    rule: 'several steps, sorted',
    groups: ['L/MARKETING', 'APP.MARKETING.STEP3', 'APP.MARKETING.STEP1'],
    expect: {
      approvalSteps: [
        { department: 'MARKETING', step: 1 },
        { department: 'MARKETING', step: 3 },
      ],
    },
  },
  {
    rule: "another department's 'APP.' group is dropped",
    groups: ['L/MARKETING', 'APP.SALES.STEP1'],
    expect: { roles: ['user'], primaryRole: 'user', approvalSteps: [], effective: ['L/MARKETING'] },
  },
  {
    rule: "an 'APP.' group with a malformed step grants nothing",
    groups: ['L/MARKETING', 'APP.MARKETING.LAST'],
    expect: { roles: ['user'], approvalSteps: [] },
  },
  {
    rule: "own department's 'OBS.' group → observer",
    groups: ['L/MARKETING', 'OBS.MARKETING'],
    expect: { roles: ['user', 'observer'], primaryRole: 'observer' },
  },
  {
    rule: "another department's 'OBS.' group is dropped",
    groups: ['L/MARKETING', 'OBS.SALES'],
    expect: { roles: ['user'], effective: ['L/MARKETING'] },
  },
  // Branch sharing: no department restriction; other departments' groups count.
  {
    rule: 'branch-sharing → not restricted, other departments’ groups count',
    groups: [G['branch-sharing'], 'L/MARKETING', 'APP.SALES.STEP1', 'OBS.DESIGN'],
    expect: {
      roles: ['user', 'approver', 'observer', 'branch-sharing'],
      department: 'MARKETING',
      departmentRestricted: false,
      approvalSteps: [{ department: 'SALES', step: 1 }],
    },
  },
  // No recognised group means supplier.
  { rule: 'no group → supplier', groups: [], expect: { roles: ['supplier'], primaryRole: 'supplier' } },
  {
    rule: 'only unrecognised groups → supplier',
    groups: ['SUPPLIERS', 'VENDOR-ACME'],
    expect: { roles: ['supplier'], primaryRole: 'supplier', department: null, approvalSteps: [] },
  },
  {
    rule: "only another department's 'APP.' group, no department → supplier",
    groups: ['APP.SALES.STEP1'],
    expect: { roles: ['supplier'] },
  },
];

describe('deriveRoles (SPEC §6)', () => {
  it.each(cases)('$rule', ({ groups: names, company, expect: want }) => {
    const got = deriveRoles(groups(...names), company);
    const { effective, ...fields } = want;
    expect(got).toMatchObject(fields);
    if (effective) expect(got.effectiveGroups.map((g) => g.name)).toEqual(effective);
  });

  it('does not depend on the order the provider lists groups in', () => {
    const names = [G['multi-department'], 'L/SALES', 'APP.MARKETING.STEP2', 'L/MARKETING', G.observer];
    const forward = deriveRoles(groups(...names));
    const backward = deriveRoles(groups(...[...names].reverse()));
    expect(backward.roles).toEqual(forward.roles);
    expect(backward.department).toEqual(forward.department);
    expect(backward.approvalSteps).toEqual<ApprovalStepGrant[]>(forward.approvalSteps);
  });
});

describe('default view by primary role (SPEC §2)', () => {
  const views: [Role, View][] = [
    ['user', 'archives'],
    ['approver', 'approver'],
    ['supplier', 'supplierSent'],
    ['observer', 'approver'],
    ['basic_user', 'archives'],
  ];
  it.each(views)('%s → %s', (role, view) => expect(defaultViewFor(role)).toBe(view));

  it.each<[string, string[], View]>([
    ['a department member', ['L/MARKETING'], 'archives'],
    ['an approver', ['L/MARKETING', 'APP.MARKETING.STEP1'], 'approver'],
    ['an observer', ['L/MARKETING', 'OBS.MARKETING'], 'approver'],
    ['a supplier', [], 'supplierSent'],
    ['a basic user', [G.basic_user], 'archives'],
  ])('%s starts in %s', (_who, names, view) => {
    expect(defaultViewFor(deriveRoles(groups(...names)).primaryRole)).toBe(view);
  });
});
