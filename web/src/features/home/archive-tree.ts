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

export interface ArchiveTree {
  roots: FolderNode[];
  /**
   * Folders kept only because a folder of the sub-state sits below them (a department's top folder
   * above its archive): shown for orientation, not selectable.
   */
  context: ReadonlySet<string>;
}

/** The folder tree narrowed to one archive sub-state's folders, with the folders above them. */
export function archiveTree(roots: readonly FolderNode[], subState: ArchiveSubState): ArchiveTree {
  const context = new Set<string>();
  const narrow = (nodes: readonly FolderNode[], above: readonly FolderNode[]): FolderNode[] =>
    nodes.flatMap((node) => {
      const path = [...above, node];
      const children = narrow(node.children ?? [], path);
      const inSubState = archiveSubStateOf(path) === subState;
      if (!inSubState && children.length === 0) return [];
      if (!inSubState) context.add(node.id);
      return [{ ...node, children, hasChildren: children.length > 0 }];
    });
  return { roots: narrow(roots, []), context };
}
