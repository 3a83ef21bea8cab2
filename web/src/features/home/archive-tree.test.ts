import type { FolderNode } from '@paddock/rules';
import { aFolder } from '../../../test/fake-hub';
import { archiveSubStateOf, departmentChoices, firstFolderToOpen } from './archive-tree';

const dept = (code: string, children: FolderNode[]): FolderNode =>
  aFolder({ id: code, name: code, prettyId: `dept-${code}`, children });

const roots = [
  dept('mk', [
    aFolder({
      id: 'mk-arch',
      name: 'Archive',
      prettyId: 'arch04-mk',
      children: [aFolder({ id: 'mk-2024', name: '2024' })],
    }),
    aFolder({
      id: 'mk-shr',
      name: 'Shared',
      prettyId: 'arch06-mk',
      children: [aFolder({ id: 'mk-press', name: 'Press' })],
    }),
    aFolder({ id: 'mk-sup', name: 'Suppliers', prettyId: 'frnt01-mk', isSupplier: true }),
    aFolder({ id: 'mk-junk', name: 'Junk', prettyId: 'junk-mk' }),
    aFolder({ id: 'mk-misc', name: 'Misc' }),
  ]),
  dept('hr', [aFolder({ id: 'hr-junk', name: 'Junk', prettyId: 'junk-hr' })]),
];

describe('archiveSubStateOf', () => {
  it('names the sub-state of an archive folder and null for a folder of another view', () => {
    const [mk] = roots;
    const arch = mk!.children![0]!;
    expect(archiveSubStateOf([mk!, arch, arch.children![0]!])).toBe('department');
    const shared = mk!.children![1]!;
    expect(archiveSubStateOf([mk!, shared])).toBe('internSharing');
    // The folders below the internally shared folder are the sharing channels.
    expect(archiveSubStateOf([mk!, shared, shared.children![0]!])).toBe('channels');
    expect(archiveSubStateOf([mk!, mk!.children![3]!])).toBeNull();
    expect(archiveSubStateOf([mk!, mk!.children![2]!])).toBeNull();
  });
});

describe('firstFolderToOpen', () => {
  // A department-junk tree as the hub scopes it: each department's top folder is context only.
  const junkTree = [
    dept('heritage', [aFolder({ id: 'hr-junk', name: 'Junk', prettyId: 'junk-heritage' })]),
    dept('marketing', [aFolder({ id: 'mk-junk', name: 'Junk', prettyId: 'junk-marketing' })]),
  ];
  const notTop = (folder: FolderNode) => !folder.prettyId?.startsWith('dept-');

  it("opens the user's own department's folder, not the first by name", () => {
    expect(firstFolderToOpen(junkTree, notTop, 'MARKETING', 'maker')?.id).toBe('mk-junk');
    expect(firstFolderToOpen(junkTree, notTop, 'HERITAGE', 'maker')?.id).toBe('hr-junk');
  });

  it('opens the first folder when the user has no department or none of its folders is there', () => {
    expect(firstFolderToOpen(junkTree, notTop, null, 'maker')?.id).toBe('hr-junk');
    expect(firstFolderToOpen(junkTree, notTop, 'SALES', 'maker')?.id).toBe('hr-junk');
    expect(firstFolderToOpen([], notTop, 'MARKETING', 'maker')).toBeUndefined();
  });
});

describe('departmentChoices', () => {
  // A supplier's view tree: its company's folder in each department (context), the work folder below.
  const supplierRoots = [
    aFolder({
      id: 'hr-fs',
      name: 'Foto Studio',
      department: 'Heritage e restauro',
      children: [aFolder({ id: 'hr-work', name: 'Lavorazione fornitore', prettyId: 'lvrr02-heritage' })],
    }),
    aFolder({
      id: 'mk-fs',
      name: 'Foto Studio',
      department: 'Marketing',
      children: [aFolder({ id: 'mk-work', name: 'Lavorazione fornitore', prettyId: 'lvrr02-marketing' })],
    }),
  ];
  const notContext = (folder: FolderNode) => !['hr-fs', 'mk-fs'].includes(folder.id);

  it('names every department of the tree with its first selectable folder, in tree order', () => {
    expect(departmentChoices(supplierRoots, notContext).map((c) => [c.department, c.folder.id])).toEqual([
      ['Heritage e restauro', 'hr-work'],
      ['Marketing', 'mk-work'],
    ]);
  });

  it('offers no choice in a tree whose top folders name no department (the maker staff)', () => {
    expect(departmentChoices(roots, () => true)).toEqual([]);
  });
});
