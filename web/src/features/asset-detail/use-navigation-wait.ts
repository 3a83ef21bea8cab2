import { LIMITS } from '@paddock/rules';
import { useEffect, useRef, useState } from 'react';

/**
 * SPEC §9 "wait in detail navigation, 700 ms": stepping with the arrows moves at once through the
 * results (the thumbnails area marks where), and the asset is opened — its detail, preview and
 * actions loaded — once the user has stayed on one for LIMITS.detailNavigationWaitMs. Quick steps
 * through ten assets so load one, not ten. A thumbnail picked directly opens at once.
 */
export function useNavigationWait(shownId: string, onNavigate: (id: string) => void) {
  const [pending, setPending] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A navigation from elsewhere (the address, a finished action) drops a step still waiting.
  useEffect(() => {
    clearTimeout(timer.current);
    setPending(null);
  }, [shownId]);

  return {
    /** Where the arrows have got to, while its detail waits to open; null when none waits. */
    pending,
    goTo(id: string, now = false) {
      clearTimeout(timer.current);
      if (id === shownId) {
        setPending(null);
        return;
      }
      if (now) {
        setPending(null);
        onNavigate(id);
        return;
      }
      setPending(id);
      timer.current = setTimeout(() => {
        setPending(null);
        onNavigate(id);
      }, LIMITS.detailNavigationWaitMs);
    },
  };
}
