import { VIEWS, mayOpenView, type Role, type SessionResponse, type View } from '@paddock/rules';

/**
 * The main-area views each role reaches (SPEC §2 Home sections), within what `mayOpenView` opens
 * (SPEC §6: admin sees the department junk), the rule the hub refuses by.
 */
const VIEWS_BY_ROLE: Record<Role, readonly View[]> = {
  user: ['archives', 'enrichment', 'supplier', 'rejected'],
  basic_user: ['archives'],
  approver: ['approver', 'rejected'],
  observer: ['approver'],
  supplier: ['supplierSent', 'supplierRecieved'],
  admin: ['archives', 'departmentJunk'],
  'multi-department': [],
  'branch-sharing': [],
};

/** The user's views in the product's order, always including the default one. */
export function viewsForSession(session: Pick<SessionResponse, 'roles' | 'defaultView'>): View[] {
  const reachable = new Set<View>([
    session.defaultView,
    ...session.roles.flatMap((role) => VIEWS_BY_ROLE[role]),
  ]);
  return VIEWS.filter((view) => reachable.has(view) && mayOpenView(session.roles, view));
}

/** The view home shows: the one picked in the navigation if the user reaches it, else the default. */
export function resolveView(
  session: Pick<SessionResponse, 'roles' | 'defaultView'>,
  picked: View | undefined,
): View {
  return picked && viewsForSession(session).includes(picked) ? picked : session.defaultView;
}
