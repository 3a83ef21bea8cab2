import {
  APPROVER_SEARCH_MAX_DEPTH,
  ASSET_ACTIONS,
  FOLDER_ACTIONS,
  isAssetActionAllowed,
  isFolderActionAllowed,
  isPrettyIdChangeReserved,
  isSearchAllowed,
  isUploadAllowed,
  mayOpenView,
  mayShareContent,
  mayTagSomewhere,
  placeOfFolder,
  readsPublishedOnly,
  type PathFolder,
  type PermissionSubject,
  type Place,
} from './permissions';
import type { Role } from './roles';
import { isPlaceInView } from './view-scope';

const f = (prettyId: string, isSupplier = false): PathFolder => ({ prettyId, isSupplier });
const top = f('dept-marketing');

describe('placeOfFolder over the demo folder codes (SPEC §3)', () => {
  it.each([
    [[top, f('appr02-marketing'), f('appstp1-marketing')], 'approver', null, 1],
    [[top, f('appr02-marketing'), f('appstp2-marketing')], 'approver', null, 2],
    [[top, f('appr02-marketing')], 'approver', null, null],
    [[top, f('aprv01-marketing')], 'approver', null, null],
    [[top, f('appr02-marketing'), f('rftt00-marketing')], 'rejected', null, null],
    [[top, f('arrc03-marketing')], 'enrichment', null, null],
    [[top, f('arrc03-marketing'), f('some-sub')], 'enrichment', null, null],
    [[top, f('arch04-marketing')], 'archives', 'department', null],
    [[top, f('arch04-marketing'), f('campaign-2026')], 'archives', 'department', null],
    [[top, f('arch06-marketing')], 'archives', 'internSharing', null],
    [[top, f('arch06-marketing'), f('press')], 'archives', 'channels', null],
    [[top, f('junk-marketing')], 'departmentJunk', null, null],
    [[top], 'archives', 'shared', null],
    [[f('shared-archive')], 'archives', 'shared', null],
    [[f('shared-archive'), f('website')], 'archives', 'channels', null],
    [[f('shared-archive'), f('website'), f('2026')], 'archives', 'channels', null],
  ] as const)('path %# reads as the %s view', (path, view, archiveSubState, step) => {
    const place = placeOfFolder(path, 'maker');
    expect(place).toMatchObject({ view, archiveSubState, step });
  });

  it('names the department of the special folder that decided the place', () => {
    expect(placeOfFolder([top, f('appr02-heritage'), f('appstp2-heritage')], 'maker').department).toBe(
      'heritage',
    );
    expect(placeOfFolder([top, f('junk-marketing')], 'maker').department).toBe('marketing');
    expect(placeOfFolder([top], 'maker').department).toBeNull();
  });

  it('keeps the workflow codes and fixed ids out of reach of a hand-made code change (SPEC §3)', () => {
    expect(isPrettyIdChangeReserved('campaign', 'junk-marketing')).toBe(true);
    expect(isPrettyIdChangeReserved('campaign', 'appstp3-heritage')).toBe(true);
    expect(isPrettyIdChangeReserved('campaign', 'shared-archive')).toBe(true);
    expect(isPrettyIdChangeReserved('arch04-marketing', 'campaign')).toBe(true);
    expect(isPrettyIdChangeReserved('shared-archive', 'archive')).toBe(true);
    expect(isPrettyIdChangeReserved(null, 'campaign-2026')).toBe(false);
    expect(isPrettyIdChangeReserved('campaign', 'campaign-2026')).toBe(false);
    expect(isPrettyIdChangeReserved('junk-marketing', 'junk-marketing')).toBe(false);
  });

  const suppliers = f('frnt01-marketing', true);
  const own = f('frnt01-marketing-fotostudio', true);
  const work = f('lvrr02-marketing', true);
  const inbox = f('inbox-marketing-fotostudio', true);

  it('reads the supplier folders from the side of who looks (SPEC §2)', () => {
    expect(placeOfFolder([top, suppliers], 'maker')).toMatchObject({
      view: 'supplier',
      isSuppliersRoot: true,
    });
    expect(placeOfFolder([top, suppliers, own], 'maker')).toMatchObject({
      view: 'supplier',
      isSuppliersRoot: false,
      isDepartmentArchiveRoot: false,
    });
    expect(placeOfFolder([top, suppliers, own], 'supplier').view).toBe('supplierSent');
    expect(placeOfFolder([top, suppliers, own, work], 'supplier').view).toBe('supplierSent');
    expect(placeOfFolder([top, suppliers, own, work], 'maker').view).toBe('supplierRecieved');
    expect(placeOfFolder([top, suppliers, own, inbox], 'supplier').view).toBe('supplierRecieved');
    expect(placeOfFolder([top, suppliers, own, inbox], 'maker').view).toBe('supplierSent');
    expect(placeOfFolder([top, suppliers, own, work], 'maker').department).toBe('marketing');
  });
});

const archiveOf = (department: string | null): Place => ({
  view: 'archives',
  archiveSubState: department ? 'department' : 'shared',
  isSuppliersRoot: false,
  isDepartmentArchiveRoot: false,
  step: null,
  department,
});

function subject(roles: Role[], place: Place, over: Partial<PermissionSubject> = {}): PermissionSubject {
  return {
    roles,
    department: 'MARKETING',
    place,
    folder: { write: true, share: true, manage: true },
    asset: { enabledForStep: true, rejected: true, restricted: false },
    ...over,
  };
}

describe('observers (SPEC §6: they observe)', () => {
  // paola.neri: a department group (user) and an observer group, with every right on the folder.
  const observer: Role[] = ['user', 'observer'];
  const places: Place[] = [
    archiveOf('marketing'),
    { ...archiveOf('marketing'), view: 'enrichment', archiveSubState: null },
    { ...archiveOf('marketing'), view: 'rejected', archiveSubState: null },
    { ...archiveOf('marketing'), view: 'departmentJunk', archiveSubState: null },
    { ...archiveOf('marketing'), view: 'approver', archiveSubState: null, step: 1 },
  ];

  it.each(places)('may only download in the $view view, whatever other roles they hold', (place) => {
    for (const extra of [[], ['approver'], ['admin']] satisfies Role[][]) {
      const s = subject([...observer, ...extra], place);
      const allowed = ASSET_ACTIONS.filter((a) => isAssetActionAllowed(a, s));
      expect(allowed.filter((a) => a !== 'download')).toEqual([]);
      expect(FOLDER_ACTIONS.filter((a) => isFolderActionAllowed(a, s))).toEqual([]);
      expect(isFolderActionAllowed('folderShare', s)).toBe(false);
      expect(isUploadAllowed(s)).toBe(false);
    }
  });

  it('the same rights without the observer group act (the rule is the observer, not the rights)', () => {
    const s = subject(['user'], archiveOf('marketing'));
    expect(isAssetActionAllowed('rename', s)).toBe(true);
    expect(isFolderActionAllowed('folderCreate', s)).toBe(true);
    expect(isUploadAllowed(s)).toBe(true);
  });
});

describe('the junk is the admin\'s (SPEC §6 "Admin sees the department junk")', () => {
  const junk: Place = { ...archiveOf('marketing'), view: 'departmentJunk', archiveSubState: null };
  const staff = (over: Partial<PermissionSubject['asset']> = {}) =>
    subject(['user'], junk, {
      asset: { enabledForStep: false, rejected: false, restricted: false, ...over },
    });

  it('opens the junk view to admins only', () => {
    expect(mayOpenView(['user'], 'departmentJunk')).toBe(false);
    expect(mayOpenView(['user', 'admin'], 'departmentJunk')).toBe(true);
    expect(mayOpenView(['user'], 'archives')).toBe(true);
  });

  it('lets an admin restore, delete for good and rename there; staff nothing, with the same folder rights', () => {
    const admin = { ...staff(), roles: ['user', 'admin'] satisfies Role[] };
    expect(ASSET_ACTIONS.filter((a) => isAssetActionAllowed(a, admin))).toEqual([
      'delete',
      'restore',
      'rename',
    ]);
    expect(ASSET_ACTIONS.filter((a) => isAssetActionAllowed(a, staff()))).toEqual([]);
  });

  it('leaves staff the Undo of their own delete: restore, and only that', () => {
    const undo = staff({ ownRecentDelete: true });
    expect(ASSET_ACTIONS.filter((a) => isAssetActionAllowed(a, undo))).toEqual(['restore']);
    expect(
      isAssetActionAllowed('restore', { ...undo, folder: { write: false, share: false, manage: false } }),
    ).toBe(false);
  });
});

describe('branch-sharing users (SPEC §6 "cannot move, delete or tag certain items")', () => {
  const branch: Role[] = ['user', 'branch-sharing'];

  it.each(['move', 'delete', 'tag'] as const)('may %s only in their own department', (action) => {
    expect(isAssetActionAllowed(action, subject(branch, archiveOf('marketing')))).toBe(true);
    expect(isAssetActionAllowed(action, subject(branch, archiveOf('heritage')))).toBe(false);
    // A folder of no department (a shared archive) is not their department's either.
    const shared = { ...archiveOf(null), view: 'enrichment' as const, archiveSubState: null };
    expect(isAssetActionAllowed(action, subject(branch, shared))).toBe(false);
    expect(isAssetActionAllowed(action, subject(['user'], shared))).toBe(true);
    expect(isAssetActionAllowed(action, subject(branch, archiveOf('marketing'), { department: null }))).toBe(
      false,
    );
  });

  it('keeps the other actions outside their department', () => {
    const s = subject(branch, archiveOf('heritage'));
    expect(isAssetActionAllowed('rename', s)).toBe(true);
    expect(isAssetActionAllowed('download', s)).toBe(true);
  });
});

describe('everyone else acts in their own department (SPEC §6: only its groups count)', () => {
  // marco.multi: default department HERITAGE, also a member of MARKETING's groups at the provider.
  const multi: Role[] = ['user', 'multi-department'];
  const s = subject(multi, archiveOf('marketing'), { department: 'HERITAGE' });

  it('looks and downloads in another department, and does nothing else there', () => {
    expect(ASSET_ACTIONS.filter((a) => isAssetActionAllowed(a, s))).toEqual(['download']);
    expect(FOLDER_ACTIONS.filter((a) => isFolderActionAllowed(a, s))).toEqual([]);
    expect(isFolderActionAllowed('folderShare', s)).toBe(false);
    expect(isUploadAllowed(s)).toBe(false);
  });

  it('acts in their own department and in places of no department', () => {
    const own = subject(multi, archiveOf('heritage'), { department: 'HERITAGE' });
    for (const action of ['share', 'tag', 'move', 'delete', 'rename'] as const)
      expect([action, isAssetActionAllowed(action, own)]).toEqual([action, true]);
    expect(isFolderActionAllowed('folderShare', own)).toBe(true);
    const shared = subject(multi, archiveOf(null), { department: 'HERITAGE' });
    expect(isFolderActionAllowed('folderShare', shared)).toBe(true);
  });
});

describe("the user's own provider right on the asset (issue 21: the hub acts as its service account)", () => {
  const place = { ...archiveOf('marketing'), view: 'supplierSent' as const, archiveSubState: null };
  const withRights = (write: boolean, share: boolean) =>
    subject(['supplier'], place, {
      department: null,
      asset: { enabledForStep: false, rejected: false, restricted: false, provider: { write, share } },
    });

  it('refuses every write action on an asset the provider lets the user read only', () => {
    // A supplier's delivery that went on: still in the work folder the supplier writes, also archived.
    const readOnly = withRights(false, false);
    const writable = withRights(true, false);
    for (const action of ['move', 'delete', 'tag', 'rename'] as const)
      expect([
        action,
        isAssetActionAllowed(action, readOnly),
        isAssetActionAllowed(action, writable),
      ]).toEqual([action, false, true]);
    expect(isAssetActionAllowed('download', { ...readOnly, place: archiveOf('marketing') })).toBe(true);
  });

  it('asks share for share, and nothing of the approval right', () => {
    const archived = (share: boolean) =>
      subject(['user'], archiveOf('marketing'), {
        asset: { enabledForStep: true, rejected: false, restricted: false, provider: { write: true, share } },
      });
    expect([
      isAssetActionAllowed('share', archived(true)),
      isAssetActionAllowed('share', archived(false)),
    ]).toEqual([true, false]);
    const step = { ...archiveOf('marketing'), view: 'approver' as const, archiveSubState: null, step: 1 };
    const approver = subject(['approver'], step, {
      asset: {
        enabledForStep: true,
        rejected: false,
        restricted: false,
        provider: { write: false, share: false },
      },
    });
    expect([isAssetActionAllowed('accept', approver), isAssetActionAllowed('reject', approver)]).toEqual([
      true,
      true,
    ]);
  });
});

describe("mayShareContent (SPEC §6 share, for a live share's owner)", () => {
  const writer = { roles: ['user'] as Role[], department: 'MARKETING' };
  const sharing = { write: true, share: true, manage: false };
  const folder = (path: PathFolder[], rights = sharing) => ({ path, rights });
  const archive = folder([top, f('arch04-marketing')]);

  it('holds while some folder of the content is in the archives view with the share right', () => {
    expect(mayShareContent(writer, [archive], false)).toBe(true);
    expect(mayShareContent(writer, [folder([top, f('junk-marketing')]), archive], false)).toBe(true);
    expect(mayShareContent(writer, [folder([f('shared-archive'), f('website')])], false)).toBe(true);
  });

  it('is withdrawn in the junk, the rejected folder, out of sight, without the share right, or restricted', () => {
    expect(mayShareContent(writer, [folder([top, f('junk-marketing')])], false)).toBe(false);
    expect(
      mayShareContent(writer, [folder([top, f('appr02-marketing'), f('rftt00-marketing')])], false),
    ).toBe(false);
    expect(mayShareContent(writer, [folder([top, f('arrc03-marketing')])], false)).toBe(false);
    // Another department's folders are not the owner's to see (the provider gives only those seen).
    expect(mayShareContent(writer, [], false)).toBe(false);
    expect(
      mayShareContent(writer, [folder([top, f('arch04-marketing')], { ...sharing, share: false })], false),
    ).toBe(false);
    expect(mayShareContent(writer, [archive], true)).toBe(false);
  });

  it('is withdrawn from an owner who only observes now', () => {
    expect(mayShareContent({ ...writer, roles: ['user', 'observer'] }, [archive], false)).toBe(false);
  });
});

describe('isUploadAllowed (SPEC §6 read-only rows, SPEC §5)', () => {
  const base = { ...archiveOf('marketing'), archiveSubState: null };
  it.each<[string, Place, boolean]>([
    ['the department archive', archiveOf('marketing'), true],
    ['enrichment', { ...base, view: 'enrichment' }, true],
    ['the supplier work folder, for the supplier', { ...base, view: 'supplierSent' }, true],
    ['an approval step', { ...base, view: 'approver', step: 1 }, false],
    ['the approval folder', { ...base, view: 'approver' }, false],
    ['the rejected folder', { ...base, view: 'rejected' }, false],
    ['the junk', { ...base, view: 'departmentJunk' }, false],
    ['the suppliers folder', { ...base, view: 'supplier', isSuppliersRoot: true }, false],
  ])('into %s: %s', (_case, place, allowed) => {
    expect(isUploadAllowed(subject(['user'], place))).toBe(allowed);
  });

  it('needs write on the folder', () => {
    const noWrite = { folder: { write: false, share: true, manage: true } };
    expect(isUploadAllowed(subject(['user'], archiveOf('marketing'), noWrite))).toBe(false);
  });
});

describe('isSearchAllowed (SPEC §2)', () => {
  it('refuses approvers from depth 3, nobody else', () => {
    expect(isSearchAllowed(['user', 'approver'], APPROVER_SEARCH_MAX_DEPTH - 1)).toBe(true);
    expect(isSearchAllowed(['user', 'approver'], APPROVER_SEARCH_MAX_DEPTH)).toBe(false);
    expect(isSearchAllowed(['user'], APPROVER_SEARCH_MAX_DEPTH + 5)).toBe(true);
  });
});

describe('tagging in the department archive (SPEC §6 "department archive subfolders")', () => {
  const archive = f('arch04-marketing');
  const staffIn = (path: PathFolder[]) => subject(['user'], placeOfFolder(path, 'maker'));

  it('tags in a subfolder of the archive, at any depth, and never on the archive itself', () => {
    expect(isAssetActionAllowed('tag', staffIn([top, archive, f('campagne-2026')]))).toBe(true);
    expect(isAssetActionAllowed('tag', staffIn([top, archive, f('campagne-2026'), f('press')]))).toBe(true);
    expect(isAssetActionAllowed('tag', staffIn([top, archive]))).toBe(false);
  });

  it('leaves the archive itself every other action it had', () => {
    const root = staffIn([top, archive]);
    for (const action of ['move', 'delete', 'rename', 'download', 'share'] as const)
      expect([action, isAssetActionAllowed(action, root)]).toEqual([action, true]);
  });
});

describe('readsPublishedOnly (SPEC §4 "Folders": what publishing changes)', () => {
  const shared = f('shared-archive');
  const reads = (roles: Role[], path: PathFolder[], department: string | null = 'marketing') =>
    readsPublishedOnly(path, { roles, department });

  it('narrows the shared archive and its channels for an observer, never for who may publish there', () => {
    for (const path of [[shared], [shared, f('website')], [shared, f('website'), f('2026')]]) {
      expect(reads(['user', 'observer'], path)).toBe(true);
      expect(reads(['user'], path)).toBe(false);
      expect(reads(['admin'], path)).toBe(false);
    }
  });

  it("narrows a department's channels for the other departments' users", () => {
    const press = [top, f('arch06-marketing'), f('press')];
    expect(reads(['user'], press, 'sales')).toBe(true);
    expect(reads(['user'], press, 'marketing')).toBe(false);
  });

  it('leaves every other folder whole, the internal sharing folder itself included', () => {
    for (const path of [
      [top, f('arch04-marketing')],
      [top, f('arch06-marketing')],
      [top, f('arrc03-marketing')],
      [top, f('campagne')],
    ])
      expect(reads(['user', 'observer'], path)).toBe(false);
  });
});

describe("mayTagSomewhere (the wizard's lookups, SPEC §6)", () => {
  it('is for anyone who may act, never for an observer', () => {
    expect(mayTagSomewhere(['user'])).toBe(true);
    expect(mayTagSomewhere(['supplier'])).toBe(true);
    expect(mayTagSomewhere(['user', 'observer'])).toBe(false);
  });
});

describe('reject (SPEC §4, §6)', () => {
  const at = (view: Place['view'], step: number | null): Place => ({
    ...archiveOf('marketing'),
    view,
    archiveSubState: null,
    step,
  });

  it("rejects at the approver's step, and from the supplier view a delivery at that step", () => {
    expect(isAssetActionAllowed('reject', subject(['approver'], at('approver', 1)))).toBe(true);
    expect(isAssetActionAllowed('reject', subject(['approver'], at('supplierRecieved', 1)))).toBe(true);
    // Accept stays in the approver view.
    expect(isAssetActionAllowed('accept', subject(['approver'], at('supplierRecieved', 1)))).toBe(false);
    const notEnabled = { asset: { enabledForStep: false, rejected: false, restricted: false } };
    expect(isAssetActionAllowed('reject', subject(['approver'], at('supplierRecieved', 1), notEnabled))).toBe(
      false,
    );
    expect(isAssetActionAllowed('reject', subject(['approver'], at('supplierSent', 1)))).toBe(false);
    expect(isAssetActionAllowed('reject', subject(['approver'], at('supplierRecieved', null)))).toBe(false);
  });
});

describe('isPlaceInView (SPEC §2 views scope the tree)', () => {
  const approver = { approvesAnyStep: true, enabledForStep: (p: Place) => p.step === 1 };
  const observer = { approvesAnyStep: false, enabledForStep: () => false };
  const place = (path: PathFolder[], side: 'maker' | 'supplier' = 'maker') => placeOfFolder(path, side);
  const step = (n: number) => place([top, f('appr02-marketing'), f(`appstp${n}-marketing`)]);

  it('shows an approver her own steps, an observer every step, and no approval folder above them', () => {
    expect(isPlaceInView(step(1), { view: 'approver', archiveSubState: null }, approver)).toBe(true);
    expect(isPlaceInView(step(2), { view: 'approver', archiveSubState: null }, approver)).toBe(false);
    expect(isPlaceInView(step(2), { view: 'approver', archiveSubState: null }, observer)).toBe(true);
    const approval = place([top, f('appr02-marketing')]);
    expect(isPlaceInView(approval, { view: 'approver', archiveSubState: null }, observer)).toBe(false);
  });

  it('narrows the archives to a sub-state, and the maker sees both supplier directions', () => {
    const channel = place([top, f('arch06-marketing'), f('press')]);
    expect(isPlaceInView(channel, { view: 'archives', archiveSubState: 'channels' }, observer)).toBe(true);
    expect(isPlaceInView(channel, { view: 'archives', archiveSubState: 'internSharing' }, observer)).toBe(
      false,
    );
    const work = place([top, f('frnt01-marketing', true), f('lvrr02-marketing', true)]);
    expect(isPlaceInView(work, { view: 'supplier', archiveSubState: null }, observer)).toBe(true);
    expect(isPlaceInView(work, { view: 'enrichment', archiveSubState: null }, observer)).toBe(false);
  });
});
