import type { LegalHoldView, Place } from '@paddock/rules';
import { aFolder, aSession, type HubCall } from './fake-hub';

/** The legal-hold specs' world: an administrator and a staff user of Marketing, its archive and junk. */
export const admin = aSession({ username: 'admin', roles: ['user', 'admin'] });
export const staff = aSession();
export const junk = aFolder({
  id: 'junk',
  name: 'Department junk',
  prettyId: 'junk-marketing',
  parentId: 'mk',
});
export const archive = aFolder({
  id: 'arch',
  name: 'Department archive',
  prettyId: 'arch04-marketing',
  parentId: 'mk',
  rights: { manage: true, share: true, write: true },
});
export const tree = [
  aFolder({ id: 'mk', name: 'Marketing', prettyId: 'dept-marketing', children: [archive, junk] }),
];
export const junkPlace: Place = {
  view: 'departmentJunk',
  archiveSubState: null,
  isSuppliersRoot: false,
  isDepartmentArchiveRoot: false,
  step: null,
  department: 'marketing',
};

export function aHold(overrides: Partial<LegalHoldView> = {}): LegalHoldView {
  return {
    id: 'h1',
    scope: 'asset',
    targetId: 'a0',
    targetName: 'asset-0',
    reason: 'Tribunale di Torino, causa 12/2027',
    placedBy: 'admin',
    placedAt: '2027-01-12T09:30:00.000Z',
    releasedBy: null,
    releasedAt: null,
    ...overrides,
  };
}

/** The bodies POSTed to `path`, in order. */
export const posts = (calls: HubCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body);
