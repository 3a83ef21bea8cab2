import { useEffect } from 'react';
import type { LoaderArea } from './ui-store';
import { useUiStore } from './ui-store-context';

/** Shows an area's loader overlay while `loading` holds, and hides it when the caller goes away. */
export function useAreaLoader(area: LoaderArea, loading: boolean): void {
  const { setLoader } = useUiStore();
  useEffect(() => {
    if (!loading) return;
    setLoader(area, true);
    return () => setLoader(area, false);
  }, [area, loading, setLoader]);
}
