import type { Role } from './roles';

/**
 * Legal hold (docs/legal-hold.md): an administrator holds an asset, a folder or a department, with
 * a reason; while a hold is active nothing deletes what it holds. Defined once for the hub, the
 * built-in provider and the web.
 */

export const LEGAL_HOLD_SCOPES = ['asset', 'folder', 'department'] as const;
export type LegalHoldScope = (typeof LEGAL_HOLD_SCOPES)[number];

/** The longest reason a hold keeps, in Latin-1 (SPEC §5 text validity). */
export const LEGAL_HOLD_REASON_MAX_LENGTH = 500;

/** Targets one request may hold at once: a selection of assets, as the workflow takes them. */
export const LEGAL_HOLD_MAX_TARGETS = 500;

export const LEGAL_HOLD_ERROR_CODES = {
  /** A destructive act on something a legal hold keeps: refused, nothing changed. */
  HELD: 'LEGAL_HOLD_ACTIVE',
  /** A release of a hold released already (its record is kept as it was). */
  ALREADY_RELEASED: 'LEGAL_HOLD_ALREADY_RELEASED',
} as const;
export type LegalHoldErrorCode = (typeof LEGAL_HOLD_ERROR_CODES)[keyof typeof LEGAL_HOLD_ERROR_CODES];

/**
 * What holds an asset, as the guard asks it: the asset itself, every folder it is linked to with
 * each one's ancestors, and the departments those folders belong to (lower case).
 */
export interface HoldSubject {
  id: string;
  folderIds: readonly string[];
  departments: readonly string[];
}

/** An active hold as the guard and the junk show it. */
export interface ActiveHold {
  id: string;
  scope: LegalHoldScope;
  targetId: string;
  reason: string;
}

/** One hold as the administrators' list shows it (released ones are kept). */
export interface LegalHoldView extends ActiveHold {
  /** The asset's or folder's name as the reader sees it; null when they do not see it. */
  targetName: string | null;
  placedBy: string;
  /** ISO 8601. */
  placedAt: string;
  releasedBy: string | null;
  /** ISO 8601; null while the hold is active. */
  releasedAt: string | null;
}

/** POST /api/legal-holds: one hold per target, each with the same reason. */
export interface PlaceLegalHoldRequest {
  scope: LegalHoldScope;
  targetIds: string[];
  reason: string;
}

/** Who places and releases holds: administrators only (the hub checks it, the web only shows it). */
export function mayManageLegalHolds(user: { roles: readonly Role[] }): boolean {
  return user.roles.includes('admin');
}

/**
 * Who holds a whole department: an administrator of that department, or one of no department
 * (the organisation's), as for the department's pre-flight rules.
 */
export function mayHoldDepartment(
  user: { roles: readonly Role[]; department: string | null },
  department: string,
): boolean {
  if (!mayManageLegalHolds(user)) return false;
  return user.department === null || user.department.toLowerCase() === department.toLowerCase();
}

/** The active holds among `holds` that hold `subject` (directly, through a folder or its department). */
export function holdsOf<H extends ActiveHold>(subject: HoldSubject, holds: readonly H[]): H[] {
  const folders = new Set(subject.folderIds);
  const departments = new Set(subject.departments.map((d) => d.toLowerCase()));
  return holds.filter(
    (hold) =>
      (hold.scope === 'asset' && hold.targetId === subject.id) ||
      (hold.scope === 'folder' && folders.has(hold.targetId)) ||
      (hold.scope === 'department' && departments.has(hold.targetId)),
  );
}
