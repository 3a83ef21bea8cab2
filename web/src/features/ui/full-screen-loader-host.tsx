import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../../components/ui/loading-overlay';
import { useUiState } from './ui-store-context';

export function FullScreenLoaderHost() {
  const { t } = useTranslation();
  const loader = useUiState((state) => state.fullScreenLoader);
  if (!loader) return null;
  return (
    <LoadingOverlay
      fullScreen
      label={t('loading.label')}
      text={loader.text}
      counter={loader.counter ? t('loading.counter', loader.counter) : undefined}
    />
  );
}
