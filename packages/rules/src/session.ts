import type { ApprovalStepGrant, Role } from './roles';
import type { View } from './views';

/** The header contract of SPEC §7: every hub call may carry these instead of the cookie. */
export const HEADER_USERNAME = 'username';
export const HEADER_TOKEN = 'token';
export const HEADER_CLIENT_ID = 'clientid';
export const HEADER_CSRF = 'x-csrf-token';
export const SESSION_COOKIE = 'paddock_session';

/** GET /api/session. */
export interface SessionResponse {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  imageUser: string | null;
  roles: Role[];
  department: string | null;
  departmentRestricted: boolean;
  approvalSteps: ApprovalStepGrant[];
  defaultView: View;
  linkedGroups: { id: string; name: string }[];
  clientId: string;
  csrfToken: string;
}

/** The web page the OpenID issuer sends the single sign-on popup back to. */
export const SSO_CALLBACK_PATH = '/sso-callback';
