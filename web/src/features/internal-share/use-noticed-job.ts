import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { assetKeys } from '../../api/assets.queries';
import { isFinalJobState, useJobProgress } from '../jobs/use-job-progress';
import type { NoticeText } from '../ui/ui-store';
import { useUiStore } from '../ui/ui-store-context';

export interface NoticedJob {
  /** Submits; resolves null once the job is queued, or the refusal (nothing was queued). */
  start(submit: () => Promise<{ jobId: string }>): Promise<unknown>;
  busy: boolean;
  /** 0–100 while the job runs, null otherwise. */
  progress: number | null;
}

/**
 * A sharing job from submit to its end: live progress, then a notice made from the job's result,
 * or the error dialog with the job's code and its own message; the listings refresh either way.
 */
export function useNoticedJob(
  notice: (result: unknown) => NoticeText,
  failure: (code: string | undefined) => string,
  onEnd?: () => void,
): NoticedJob {
  const ui = useUiStore();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const event = useJobProgress(jobId);
  const latest = useRef({ notice, failure, onEnd });
  latest.current = { notice, failure, onEnd };

  const ended = event && isFinalJobState(event.state) ? event : null;
  useEffect(() => {
    if (!ended) return;
    if (ended.state === 'completed') ui.notify({ message: latest.current.notice(ended.result) });
    else ui.showError({ code: ended.errorCode, message: latest.current.failure(ended.errorCode) });
    setJobId(null);
    latest.current.onEnd?.();
    void queryClient.invalidateQueries({ queryKey: assetKeys.all });
  }, [ended, ui, queryClient]);

  return {
    async start(submit) {
      setSubmitting(true);
      try {
        setJobId((await submit()).jobId);
        return null;
      } catch (error) {
        return error;
      } finally {
        setSubmitting(false);
      }
    },
    busy: submitting || jobId !== null,
    progress: jobId !== null ? (event?.progress ?? 0) : null,
  };
}
