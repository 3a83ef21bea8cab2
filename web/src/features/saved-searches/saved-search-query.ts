import {
  placeOfFolder,
  type ArchiveSubState,
  type FolderNode,
  type SavedListingQuery,
  type View,
} from '@paddock/rules';
import type { ListingSearch } from '../assets/listing-search';

/**
 * The listing's address a saved search opens: its keys replace the listing's (a filter it does not
 * hold is dropped); the view stays, and without a folder of its own it runs in the one open now.
 */
export function openedSearch<
  T extends ListingSearch & { folder?: string; asset?: string; view?: View; archive?: ArchiveSubState },
>(previous: T, query: SavedListingQuery, where: { view?: View; archive?: ArchiveSubState } = {}): T {
  return {
    ...previous,
    // The saved folder's own view and tab, so the tree beside the listing is the folder's.
    ...(where.view ? { view: where.view, archive: where.archive } : {}),
    sort: query.sort,
    order: query.order,
    type: query.type,
    ext: query.ext,
    pub: query.pub,
    q: query.q,
    sub: query.sub,
    meta: query.meta,
    only: query.only,
    folder: query.folder ?? previous.folder,
    asset: undefined,
  };
}

/**
 * The view and archive tab that show a saved search's folder, from its place in the user's tree
 * (placeOfFolder, as the home page reads it); nothing when the user does not see the folder.
 */
export function placeOfSaved(
  roots: readonly FolderNode[],
  folderId: string,
  roles: readonly string[],
): { view?: View; archive?: ArchiveSubState } {
  const pathTo = (nodes: readonly FolderNode[], above: FolderNode[]): FolderNode[] | null => {
    for (const node of nodes) {
      const path = [...above, node];
      if (node.id === folderId) return path;
      const below = pathTo(node.children ?? [], path);
      if (below) return below;
    }
    return null;
  };
  const path = pathTo(roots, []);
  if (!path) return {};
  // A supplier reads the tree from its side (web workflow-folders sideOfRoles), everyone else the maker's.
  const place = placeOfFolder(path, roles.includes('supplier') ? 'supplier' : 'maker');
  return {
    view: place.view,
    archive: place.view === 'archives' ? (place.archiveSubState ?? undefined) : undefined,
  };
}
