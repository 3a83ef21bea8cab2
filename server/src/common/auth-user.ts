import { ROLES, type ApprovalStepGrant, type Role } from '@paddock/rules';
import type { Request } from 'express';

/** Who is calling: the AuthGuard puts it on every authenticated hub request as `req.user`. */
export interface AuthUser {
  username: string;
  roles: Role[];
  primaryRole: Role;
  department: string | null;
  departmentRestricted: boolean;
  /** Kept in the hub directory at each sign-in and page load (GET /api/session). */
  approvalSteps: ApprovalStepGrant[];
  /** Authenticates the hub's provider calls made for this user. */
  providerToken: string;
  sessionId: string;
}

export interface AuthenticatedRequest extends Request {
  user?: AuthUser;
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
