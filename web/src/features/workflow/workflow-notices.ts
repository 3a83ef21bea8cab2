import type { AssetOutcome, FolderNode, WorkflowAction, WorkflowRequests } from '@paddock/rules';
import type { NoticeText } from '../ui/ui-store';
import { findFolder } from '../assets/folder-tree';

/** What an Undo sends: the workflow action that puts the assets back, through the same durable jobs. */
export type WorkflowUndo =
  | { action: 'restore'; body: WorkflowRequests['restore'] }
  | { action: 'move'; body: WorkflowRequests['move'] };

export interface WorkflowNotice {
  message: NoticeText;
  undo?: WorkflowUndo;
}

/**
 * The notice after a finished job: what happened to how many assets and where they went (the
 * folder the job linked, named as the tree names it). Delete to the junk and move can be undone:
 * a restore, or a move, back to the folder the assets came from (all from one folder to one folder,
 * as a job from a listing is; otherwise no Undo is offered).
 */
export function workflowNotice(
  action: WorkflowAction,
  outcomes: readonly AssetOutcome[],
  roots: readonly FolderNode[],
  undoable: boolean,
): WorkflowNotice | null {
  const moved = outcomes.filter((o) => o.outcome === 'done' || o.outcome === 'unchanged');
  const first = moved[0];
  if (!first) return null;
  // A delete always goes to the department junk, which only admins find in their tree (SPEC §6).
  const target: string | NoticeText = findFolder(roots, first.toFolderId ?? undefined)?.folder.name ?? {
    key: action === 'delete' ? 'views.departmentJunk' : 'notices.anotherFolder',
  };
  const message: NoticeText = {
    key: `notices.workflow.${action}`,
    params: { count: moved.length, folder: target },
  };
  const from = first.fromFolderId;
  const to = first.toFolderId;
  const contentIds = moved.map((o) => o.contentId);
  if (!undoable || !from || !to || moved.some((o) => o.fromFolderId !== from || o.toFolderId !== to))
    return { message };
  if (action === 'delete')
    return { message, undo: { action: 'restore', body: { contentIds, folderId: to, toFolderId: from } } };
  if (action === 'move')
    return { message, undo: { action: 'move', body: { contentIds, folderId: to, toFolderId: from } } };
  return { message };
}
