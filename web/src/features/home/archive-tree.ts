import { placeOfFolder, type ArchiveSubState, type FolderNode } from '@paddock/rules';

/**
 * Where the Archives view opens when neither the address nor the selected folder says: the
 * department archive, where the approval workflow files the staff's own assets (arch04).
 */
export const DEFAULT_ARCHIVE_SUB_STATE: ArchiveSubState = 'department';

/**
 * The archive sub-state of the folder at the end of `path` (root first), or null when the folder
 * belongs to another view. Only the maker's staff have archives, so the folder is read from their side.
 */
export function archiveSubStateOf(path: readonly FolderNode[]): ArchiveSubState | null {
  const place = placeOfFolder(path, 'maker');
  return place.view === 'archives' ? place.archiveSubState : null;
}

/**
 * The folder a view opens by itself: the first that may be selected, depth first, in the user's
 * own department when the view has one there (an administrator's junk view opens their own
 * department's junk, not the first by name), else the first of any department.
 */
export function firstFolderToOpen(
  roots: readonly FolderNode[],
  selectable: (folder: FolderNode) => boolean,
  department: string | null,
  side: 'supplier' | 'maker',
): FolderNode | undefined {
  const own = department?.toLowerCase() ?? null;
  let first: FolderNode | undefined;
  const visit = (nodes: readonly FolderNode[], above: readonly FolderNode[]): FolderNode | undefined => {
    for (const node of nodes) {
      const path = [...above, node];
      if (selectable(node)) {
        first ??= node;
        if (own === null || placeOfFolder(path, side).department === own) return node;
      }
      const below = visit(node.children ?? [], path);
      if (below) return below;
    }
    return undefined;
  };
  return visit(roots, []) ?? first;
}

/** A department to work in: its name, the top folder naming it (the same in every view), its first folder. */
export interface DepartmentChoice {
  department: string;
  rootId: string;
  folder: FolderNode;
}

/**
 * The departments a view's tree spans, each with the first folder of it that may be selected, in
 * tree order: a supplier's top folders name their department (FolderNode.department). A supplier
 * working for several departments picks one of these on purpose instead of the first by name
 * (issue 23: a batch landed in Heritage instead of Marketing).
 */
export function departmentChoices(
  roots: readonly FolderNode[],
  selectable: (folder: FolderNode) => boolean,
): DepartmentChoice[] {
  const firstSelectable = (node: FolderNode): FolderNode | undefined =>
    selectable(node) ? node : (node.children ?? []).map(firstSelectable).find(Boolean);
  const choices: DepartmentChoice[] = [];
  for (const root of roots) {
    const folder = root.department ? firstSelectable(root) : undefined;
    if (root.department && folder && !choices.some((c) => c.department === root.department))
      choices.push({ department: root.department, rootId: root.id, folder });
  }
  return choices;
}
