import type {
  AssetDetail,
  AssetOutcome,
  ChecklistMarkRequest,
  WorkflowAction,
  WorkflowRequests,
} from '@paddock/rules';
import { request } from './http';

/** A workflow job as `GET /api/jobs/:id` reports it, with what happened to each asset. */
export interface WorkflowJob {
  id: string;
  state: 'waiting' | 'active' | 'retrying' | 'completed' | 'failed';
  progress: number;
  errorCode: string | null;
  outcomes?: AssetOutcome[];
}

/** `POST /api/workflow/{action}`: the hub checks SPEC §6, then queues the job and answers its id. */
export function submitWorkflow<A extends WorkflowAction>(
  action: A,
  body: WorkflowRequests[A],
): Promise<{ jobId: string }> {
  return request<{ jobId: string }>(`/api/workflow/${action}`, { method: 'POST', body });
}

export function fetchWorkflowJob(jobId: string): Promise<WorkflowJob> {
  return request<WorkflowJob>(`/api/jobs/${encodeURIComponent(jobId)}`);
}

/** `PUT /api/workflow/checklist`: one region's mark on the rejection a new version answers (issue 27). */
export function markChecklist(body: ChecklistMarkRequest): Promise<void> {
  return request<void>('/api/workflow/checklist', { method: 'PUT', body });
}

/** The image a version is compared by: a video's poster, any other asset's preview. */
export function versionImageUrl(asset: Pick<AssetDetail, 'id' | 'type'>, version: number): string {
  const rendition = asset.type === 'VIDEO' ? 'poster' : 'preview';
  return `/api/assets/${encodeURIComponent(asset.id)}/${rendition}?version=${version}`;
}
