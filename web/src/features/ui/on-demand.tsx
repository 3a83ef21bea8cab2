import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../../components/ui/loading-overlay';

function OnDemandPending() {
  const { t } = useTranslation();
  return <LoadingOverlay fullScreen label={t('loading.label')} />;
}

/**
 * A component whose code is fetched when it first renders, for dialogs and panels that open on
 * demand: the page's first screen does not carry them (issue 26). A veiled spinner covers the
 * window until the chunk arrives; `preload` fetches it ahead, for code that must be there offline.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  function OnDemand(props: P) {
    return (
      <Suspense fallback={<OnDemandPending />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(OnDemand, { preload: () => void load() });
}
