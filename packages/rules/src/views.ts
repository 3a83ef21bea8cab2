import type { Role } from './roles';

/** Main-area views of SPEC §2 (the spelling 'supplierRecieved' is the product's own). */
export const VIEWS = [
  'archives',
  'supplier',
  'approver',
  'rejected',
  'enrichment',
  'supplierRecieved',
  'supplierSent',
  'departmentJunk',
] as const;
export type View = (typeof VIEWS)[number];

export const ARCHIVE_SUB_STATES = ['shared', 'department', 'channels', 'internSharing'] as const;
export type ArchiveSubState = (typeof ARCHIVE_SUB_STATES)[number];

/** Default view at start by role (SPEC §2). */
export const DEFAULT_VIEW_BY_ROLE: Partial<Record<Role, View>> = {
  user: 'archives',
  approver: 'approver',
  supplier: 'supplierSent',
  observer: 'approver',
  basic_user: 'archives',
};

export function defaultViewFor(primaryRole: Role): View {
  return DEFAULT_VIEW_BY_ROLE[primaryRole] ?? 'archives';
}
