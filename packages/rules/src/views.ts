import { FOLDER_CODES } from './folders';
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

/**
 * The views counted for the `user` role (SPEC §6) and the department folder each one shows, by
 * its SPEC §3 code: the count is every asset in that folder and its sub-folders, and the count's
 * badge opens that folder.
 */
export const COUNTED_VIEW_FOLDERS: Partial<Record<View, string>> = {
  archives: FOLDER_CODES.departmentArchive,
  enrichment: FOLDER_CODES.enrichment,
  rejected: FOLDER_CODES.rejected,
  supplier: FOLDER_CODES.suppliers,
  departmentJunk: FOLDER_CODES.junk,
};
