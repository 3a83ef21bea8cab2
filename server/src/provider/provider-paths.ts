/**
 * Every provider path the hub calls, in one table, relative to PROVIDER_URL (THRON's `…/api`, or
 * `/provider` on this server for the built-in one). Paths and shapes: research/provider-api.md.
 */
const client = (clientId: string) => encodeURIComponent(clientId);

export const PROVIDER_PATHS = {
  /** §2.1: form username, password → MResponseAccessLogin. */
  login: (clientId: string) => `/xsso/resources/accessmanager/login/${client(clientId)}`,
  /** §2.2: X-TOKENID, form username → MResponseAccessLogin; 403 when expired. */
  validateToken: (clientId: string) => `/xsso/resources/accessmanager/validateToken/${client(clientId)}`,
  /** §2.1: X-TOKENID. */
  logout: (clientId: string) => `/xsso/resources/accessmanager/logout/${client(clientId)}`,
  /** §2.4: query clientId, username, offset, numberOfResults → user, linkedGroups, totalResults. */
  userDetail: () => '/xsso/resources/vusermanager/detail/',
  /** SPEC §7 (not in THRON's public sources): form client_id, code → access_token; called by auth/sso. */
  oauthToken: () => '/auth/resources/oauth/token',
} as const;
