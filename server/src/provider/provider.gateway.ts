/** The hub's only way to the provider (ARCHITECTURE §2); every failure is a ProviderError. */
export const PROVIDER_GATEWAY = Symbol('PROVIDER_GATEWAY');

export interface ProviderGateway {
  /** Signs in with username and password; the token then authenticates every provider call. */
  login(username: string, password: string, context?: ProviderCallContext): Promise<ProviderLogin>;
  /** Checks a token and extends its life; `username`, when given, must own the token. */
  validateToken(token: string, username?: string): Promise<ProviderTokenOwner>;
  logout(token: string): Promise<void>;
  /** A user's profile and every group they are linked to (all pages). */
  userDetail(token: string, username: string): Promise<ProviderUserDetail>;
}

export interface ProviderCallContext {
  /** The browser's address, forwarded so the provider can throttle per client rather than per hub. */
  clientIp?: string;
}

export interface ProviderLogin {
  token: string;
  username: string;
  fullName: string;
}

export interface ProviderTokenOwner {
  username: string;
  fullName: string;
}

export interface ProviderGroup {
  id: string;
  name: string;
  active: boolean;
}

export interface ProviderUserDetail {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  imageUrl: string | null;
  active: boolean;
  linkedGroups: ProviderGroup[];
}
