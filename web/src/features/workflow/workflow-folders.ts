import {
  approvalStepCode,
  departmentFolderPrettyId,
  FOLDER_CODES,
  specialCodeOf,
  type FolderNode,
  type Place,
} from '@paddock/rules';
import { findFolder } from '../assets/folder-tree';

/** Which side of the supplier exchange the user reads folders from (SPEC §2). */
export function sideOfRoles(roles: readonly string[]): 'supplier' | 'maker' {
  return roles.includes('supplier') ? 'supplier' : 'maker';
}

/**
 * Whether accepting in this step folder ends the approval (SPEC §4): no appstp(N+1) beside it.
 * Then the enrichment folder must be chosen in the move dialog. The hub decides the same way and
 * refuses with WORKFLOW_ENRICHMENT_FOLDER_REQUIRED if the tree here was incomplete.
 */
export function isLastStep(roots: readonly FolderNode[], folderId: string, place: Place): boolean {
  if (place.step === null) return false;
  const found = findFolder(roots, folderId);
  const parent = found?.path[found.path.length - 2];
  if (!parent) return false;
  const next = approvalStepCode(place.step + 1);
  return !(parent.children ?? []).some((child) => specialCodeOf(child.prettyId)?.code === next);
}

/** The department's enrichment folder (arrc03-<dept>) as the only root of the last step's picker. */
export function enrichmentRoots(roots: readonly FolderNode[], department: string | null): FolderNode[] {
  if (!department) return [];
  const prettyId = departmentFolderPrettyId(FOLDER_CODES.enrichment, department);
  const search = (nodes: readonly FolderNode[]): FolderNode | undefined => {
    for (const node of nodes) {
      if (node.prettyId === prettyId) return node;
      const found = search(node.children ?? []);
      if (found) return found;
    }
    return undefined;
  };
  const enrichment = search(roots);
  return enrichment ? [enrichment] : [];
}
