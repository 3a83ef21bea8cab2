import type { FolderNode } from '@paddock/rules';
import { aFolder } from '../../../test/fake-hub';
import { archiveSubStateOf, archiveTree } from './archive-tree';

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
    aFolder({ id: 'mk-shr', name: 'Shared', prettyId: 'arch06-mk' }),
    aFolder({ id: 'mk-sup', name: 'Suppliers', prettyId: 'frnt01-mk', isSupplier: true }),
    aFolder({ id: 'mk-junk', name: 'Junk', prettyId: 'junk-mk' }),
    aFolder({ id: 'mk-misc', name: 'Misc' }),
  ]),
  dept('hr', [aFolder({ id: 'hr-junk', name: 'Junk', prettyId: 'junk-hr' })]),
];

const ids = (nodes: readonly FolderNode[]): string[] =>
  nodes.flatMap((node) => [node.id, ...ids(node.children ?? [])]);

describe('archiveTree', () => {
  it('keeps a sub-state’s folders with the folders above them as context', () => {
    const department = archiveTree(roots, 'department');
    expect(ids(department.roots)).toEqual(['mk', 'mk-arch', 'mk-2024']);
    expect([...department.context]).toEqual(['mk']);
    expect(department.roots[0]?.hasChildren).toBe(true);
    expect(department.roots[0]?.children?.[0]?.children?.[0]?.hasChildren).toBe(false);
  });

  it('reads plain maker folders as the shared archive, each department root included', () => {
    const shared = archiveTree(roots, 'shared');
    expect(ids(shared.roots)).toEqual(['mk', 'mk-misc', 'hr']);
    expect(shared.context.size).toBe(0);
    expect(shared.roots[1]?.hasChildren).toBe(false);
  });

  it('finds internal sharing under arch06 and nothing for channels, which no folder code marks yet', () => {
    expect(ids(archiveTree(roots, 'internSharing').roots)).toEqual(['mk', 'mk-shr']);
    expect(archiveTree(roots, 'channels')).toEqual({ roots: [], context: new Set() });
  });

  it('leaves the tree it narrows untouched', () => {
    archiveTree(roots, 'department');
    expect(ids(roots)).toHaveLength(9);
    expect(roots[0]?.children).toHaveLength(5);
  });
});

describe('archiveSubStateOf', () => {
  it('names the sub-state of an archive folder and null for a folder of another view', () => {
    const [mk] = roots;
    const arch = mk!.children![0]!;
    expect(archiveSubStateOf([mk!, arch, arch.children![0]!])).toBe('department');
    expect(archiveSubStateOf([mk!, mk!.children![3]!])).toBeNull();
    expect(archiveSubStateOf([mk!, mk!.children![2]!])).toBeNull();
  });
});
