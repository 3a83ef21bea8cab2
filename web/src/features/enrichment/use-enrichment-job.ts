import type { AssetOutcome, EnrichmentRequest } from '@paddock/rules';
import { useEffect, useState } from 'react';
import { submitEnrichment } from '../../api/enrichment.api';
import { fetchWorkflowJob, type WorkflowJob } from '../../api/workflow.api';
import { isFinalJobState, useJobProgress } from '../jobs/use-job-progress';

export interface EnrichmentJob {
  /** Sends the enrichment; a refusal of the hub (nothing queued) goes to `onRefused`. */
  submit(body: EnrichmentRequest): Promise<void>;
  submitting: boolean;
  /** 0–100 while the job runs, null otherwise. */
  progress: number | null;
  /** The job once it has ended, with each asset's outcome. */
  finished: WorkflowJob | null;
}

/**
 * The wizard's confirmation as a durable job (`POST /api/enrichment` → 202 {jobId}): its progress
 * over SSE, then the job with its per-asset outcomes, read once on its final event.
 */
export function useEnrichmentJob(
  onRefused: (error: unknown) => void,
  onFinished: (job: WorkflowJob | null) => void,
): EnrichmentJob {
  const [jobId, setJobId] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [finished, setFinished] = useState<WorkflowJob | null>(null);
  const event = useJobProgress(jobId);
  const ended = event !== null && isFinalJobState(event.state);

  useEffect(() => {
    if (!jobId || !ended) return;
    let active = true;
    void fetchWorkflowJob(jobId)
      .catch(() => null)
      .then((job) => {
        if (!active) return;
        setFinished(job);
        setJobId(null);
        onFinished(job);
      });
    return () => {
      active = false;
    };
    // Once per job: onFinished is the caller's latest, read when the job ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, ended]);

  return {
    submit: async (body) => {
      setSubmitting(true);
      try {
        setJobId((await submitEnrichment(body)).jobId);
      } catch (error) {
        onRefused(error);
      } finally {
        setSubmitting(false);
      }
    },
    submitting,
    progress: jobId !== null ? (event?.progress ?? 0) : null,
    finished,
  };
}

/** How many assets the job changed as asked (done or already so). */
export function doneCount(outcomes: readonly AssetOutcome[]): number {
  return outcomes.filter((o) => o.outcome === 'done' || o.outcome === 'unchanged').length;
}
