import type { AuthUser } from '../common/auth-user';

/** Who asks, as far as jobs care. */
export interface JobViewer {
  username: string;
  isAdmin: boolean;
}

/** The signed-in user as a jobs viewer (administrators see every job). */
export function viewerOf(user: Pick<AuthUser, 'username' | 'roles'>): JobViewer {
  return { username: user.username, isAdmin: user.roles.includes('admin') };
}
