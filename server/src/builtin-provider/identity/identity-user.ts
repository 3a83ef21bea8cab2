/** A built-in provider user as the identity services see it (never a Prisma type). */
export interface IdentityUser {
  id: string;
  username: string;
  passwordHash: string | null;
  active: boolean;
  passwordExpiresAt: Date | null;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  imageUrl: string | null;
  externalId: string | null;
  lastLogin: Date | null;
}

export interface IdentityGroup {
  id: string;
  name: string;
  description: string;
  active: boolean;
}

/** One page of a user's linked groups (vusermanager/detail pages them by 50). */
export interface LinkedGroupsPage {
  groups: IdentityGroup[];
  total: number;
}

export function fullNameOf(user: Pick<IdentityUser, 'firstName' | 'lastName' | 'username'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username;
}
