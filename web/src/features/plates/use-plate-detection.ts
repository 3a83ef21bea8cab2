import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isFinalJobState, useJobProgress } from '../jobs/use-job-progress';
import { holdingPlatesOf, useDetectPlates } from './plates.queries';

export interface PlateDetection {
  start(): void;
  /** From the request until the job has ended and the boxes it found are reloaded. */
  running: boolean;
  /** The job's or the request's failure, for the editor to say. */
  error: unknown;
  failedCode: string | undefined;
}

/**
 * "Detect again": starts the durable job, follows it to its end, then reloads the image's boxes
 * wherever they are cached; `onEnd` lets the editor drop its unsaved changes for what the detector
 * found.
 */
export function usePlateDetection(assetId: string, onEnd: () => void): PlateDetection {
  const queryClient = useQueryClient();
  const detect = useDetectPlates(assetId);
  const [jobId, setJobId] = useState<string | null>(null);
  const [failedCode, setFailedCode] = useState<string | undefined>();
  const event = useJobProgress(jobId);
  const ended = event && isFinalJobState(event.state) ? event : null;
  // The editor's callback changes with each render; the job's end calls the latest, once.
  const latestOnEnd = useRef(onEnd);
  latestOnEnd.current = onEnd;

  useEffect(() => {
    if (!ended) return;
    setJobId(null);
    setFailedCode(ended.state === 'completed' ? undefined : (ended.errorCode ?? ended.state));
    latestOnEnd.current();
    void queryClient.invalidateQueries(holdingPlatesOf(assetId));
  }, [ended, assetId, queryClient]);

  return {
    start() {
      setFailedCode(undefined);
      detect.mutate(undefined, { onSuccess: (result) => setJobId(result.jobId) });
    },
    running: detect.isPending || jobId !== null,
    error: detect.error,
    failedCode,
  };
}
