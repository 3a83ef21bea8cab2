import { useEffect, useState } from 'react';
import { FINAL_JOB_STATES } from '@paddock/rules';
import { request } from '../../api/http';
import { number, object, optional, readOrNull, string, unknown, type Read } from '../../app/read-input';
import { forgetJobs, rememberJob } from './started-jobs';

const jobEvent = object({
  jobId: string(),
  state: string(),
  progress: number(),
  result: optional(unknown()),
  errorCode: optional(string()),
});
export type JobEvent = Read<typeof jobEvent>;

/** The end states: after them the server sends nothing more ('cancelled' by an administrator). */
const FINAL_STATES = new Set<string>(FINAL_JOB_STATES);

export function isFinalJobState(state: string): boolean {
  return FINAL_STATES.has(state);
}

function parseEvent(data: unknown): JobEvent | null {
  if (typeof data !== 'string') return null;
  try {
    return readOrNull(jobEvent, JSON.parse(data));
  } catch {
    return null;
  }
}

/** Live progress of a server job (GET /api/jobs/:id/events, SSE); null until the first event. */
export function useJobProgress(jobId: string | null): JobEvent | null {
  const [latest, setLatest] = useState<JobEvent | null>(null);

  useEffect(() => {
    if (!jobId) return;
    rememberJob(jobId);
    const source = new EventSource(`/api/jobs/${encodeURIComponent(jobId)}/events`);
    let active = true;
    source.onmessage = (message) => {
      const event = parseEvent(message.data);
      if (!event || event.jobId !== jobId) return;
      setLatest(event);
      if (FINAL_STATES.has(event.state)) {
        forgetJobs([jobId]);
        source.close();
      }
    };
    // A dropped connection reconnects by itself; a refused one (an HTTP error) stays closed, so the
    // job's state is read once instead, to learn whether it has ended.
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return;
      void request<{ id: string; state: string; progress: number; errorCode: string | null }>(
        `/api/jobs/${encodeURIComponent(jobId)}`,
      )
        .then((job) => {
          if (FINAL_STATES.has(job.state)) forgetJobs([jobId]);
          if (active) setLatest({ jobId: job.id, state: job.state, progress: job.progress });
        })
        .catch(() => undefined);
    };
    return () => {
      active = false;
      source.close();
    };
  }, [jobId]);

  return latest?.jobId === jobId ? latest : null;
}

/**
 * Resolves once a job has ended, with its final event (its result), or null when its stream was
 * refused or closed for good; for work that outlives the component that started it (an Undo from
 * a notice).
 */
export function waitForJobEnd(jobId: string): Promise<JobEvent | null> {
  rememberJob(jobId);
  return new Promise((resolve) => {
    const source = new EventSource(`/api/jobs/${encodeURIComponent(jobId)}/events`);
    const end = (event: JobEvent | null) => {
      forgetJobs([jobId]);
      source.close();
      resolve(event);
    };
    source.onmessage = (message) => {
      const event = parseEvent(message.data);
      if (event?.jobId === jobId && FINAL_STATES.has(event.state)) end(event);
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) end(null);
    };
  });
}
