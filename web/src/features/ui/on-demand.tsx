import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../../components/ui/loading-overlay';
import { wholeCatalogue } from '../../i18n/i18n';

function OnDemandPending() {
  const { t } = useTranslation();
  return <LoadingOverlay fullScreen label={t('loading.label')} />;
}

/**
 * A component whose code is fetched when it first renders, for dialogs and panels that open on
 * demand: the page's first screen does not carry them (issue 26). A veiled spinner covers the
 * window until the chunk arrives (`pending` replaces it: null for a part that simply appears a
 * moment later, or its still likeness, drawn from the props, for a part the first screen shows);
 * `preload` fetches it ahead, for code that must be there offline or at once. It renders once the
 * rest of the catalogue is there as well (i18n.ts), whose texts it may show.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  pending: ReactNode | ((props: P) => ReactNode) = <OnDemandPending />,
) {
  // Its texts may be in the rest of the catalogue, fetched just after the first screen's part.
  const Loaded = lazy(async () => {
    const [component] = await Promise.all([load(), wholeCatalogue()]);
    return { default: component };
  });
  function OnDemand(props: P) {
    return (
      <Suspense fallback={typeof pending === 'function' ? pending(props) : pending}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(OnDemand, { preload: () => void load() });
}

/**
 * Fetches `part`'s code once the browser is idle after the first render (a second later where it
 * cannot tell), so code kept off the first screen is there before the user asks for it.
 */
export function usePreloadWhenIdle(part: { preload(): void }): void {
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => part.preload(), { timeout: 5000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => part.preload(), 1000);
    return () => clearTimeout(id);
  }, [part]);
}
