import {
  FOLDER_CODES,
  SHARING_TAGS,
  WORKFLOW_METADATA,
  WORKFLOW_TAGS,
  approvalStepOf,
  specialCodeOf,
  workflowStateOf,
  type AssetWorkflowInfo,
  type AssetWorkflowState,
} from '@paddock/rules';
import type { ProviderContentDetail } from '../provider/contents.gateway';

/**
 * What the workflow reads of a content: its tags, metadata and folders (a detail by id, or a
 * search hit's detail alike).
 */
export interface WorkflowFacts {
  itags: readonly Pick<ProviderContentDetail['itags'][number], 'id' | 'prettyId'>[];
  imetadata: readonly Pick<ProviderContentDetail['imetadata'][number], 'key' | 'value'>[];
  linkedCategories: readonly Pick<ProviderContentDetail['linkedCategories'][number], 'prettyId'>[];
}

/** Whether a content carries a tag, named by id or prettyId (the workflow names its tags by prettyId). */
export function hasTag(c: Pick<WorkflowFacts, 'itags'>, idOrPrettyId: string): boolean {
  return c.itags.some((t) => t.id === idOrPrettyId || t.prettyId === idOrPrettyId);
}

/** SPEC §4 "Folders": published, as a folder's publish marks each of its contents. */
export function isPublished(c: Pick<WorkflowFacts, 'itags'>): boolean {
  return hasTag(c, SHARING_TAGS.published);
}

/** The workflow facts of SPEC §3/§4 read off a content's tags, metadata and folders. */
export function workflowInfoOf(c: WorkflowFacts): AssetWorkflowInfo {
  const meta = (key: string) => c.imetadata.find((m) => m.key === key)?.value ?? null;
  const tagged = (prettyId: string) => hasTag(c, prettyId);
  const step = c.linkedCategories.map((f) => approvalStepOf(f.prettyId)).find((n) => n !== null) ?? null;
  const deletedAt = Number(meta(WORKFLOW_METADATA.deletedAt));
  return {
    step,
    accepted: tagged(WORKFLOW_TAGS.accepted),
    rejected: tagged(WORKFLOW_TAGS.refused),
    note: meta(WORKFLOW_METADATA.note),
    canvas: meta(WORKFLOW_METADATA.canvas),
    acceptedBy: meta(WORKFLOW_METADATA.acceptedBy),
    rejectedBy: meta(WORKFLOW_METADATA.rejectedBy),
    deletedAt: Number.isFinite(deletedAt) && deletedAt > 0 ? deletedAt : null,
  };
}

/** The chip of a card: the workflow facts above and whether a folder of the content is a junk. */
export function workflowStateOfContent(c: WorkflowFacts): AssetWorkflowState | null {
  const info = workflowInfoOf(c);
  const inJunk = c.linkedCategories.some((f) => specialCodeOf(f.prettyId)?.code === FOLDER_CODES.junk);
  return workflowStateOf({ ...info, inJunk });
}
