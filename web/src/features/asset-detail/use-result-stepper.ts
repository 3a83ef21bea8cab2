import { useEffect, useRef } from 'react';
import { stepThrough } from './navigation';

interface StepperOptions {
  /** The asset shown now. */
  shownId: string;
  resultIds: readonly string[];
  hasMore: boolean;
  loadMore(): Promise<readonly string[]>;
  onNavigate(id: string): void;
}

/**
 * ← and → through the results (issue 23: a step waited 0.7 s and fast presses were lost): each
 * press moves at once and counts, in order, even while the next page of results is loading; the
 * position is kept outside React's state, so two presses before a render are two steps.
 */
export function useResultStepper({ shownId, resultIds, hasMore, loadMore, onNavigate }: StepperOptions) {
  const position = useRef(shownId);
  // A page loaded by a step, before the listing renders it: the steps queued after it go on from there.
  const loaded = useRef<readonly string[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef({ resultIds, hasMore, loadMore, onNavigate });
  useEffect(() => {
    latest.current = { resultIds, hasMore, loadMore, onNavigate };
  });
  // A move from elsewhere (a thumbnail, the address, a finished action) is where the next step starts.
  useEffect(() => {
    position.current = shownId;
  }, [shownId]);

  const run = async (direction: 1 | -1) => {
    const current = latest.current;
    const ids = loaded.current.length > current.resultIds.length ? loaded.current : current.resultIds;
    const load = async () => {
      loaded.current = await current.loadMore();
      return loaded.current;
    };
    const target = await stepThrough(ids, position.current, direction, { hasMore: current.hasMore, load });
    if (!target || target === position.current) return;
    position.current = target;
    current.onNavigate(target);
  };

  return {
    /** One press: taken after those before it; the returned promise ends when it has moved. */
    step(direction: 1 | -1): Promise<void> {
      const next = queue.current.then(() => run(direction));
      // A failed step (its page did not load) does not stop the presses after it.
      queue.current = next.catch(() => undefined);
      return next;
    },
  };
}
