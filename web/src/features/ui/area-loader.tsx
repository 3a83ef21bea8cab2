import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../../components/ui/loading-overlay';
import type { LoaderArea } from './ui-store';
import { useUiState } from './ui-store-context';

/** The loader overlay of one area; place it inside a positioned container. */
export function AreaLoader({ area }: { area: LoaderArea }) {
  const { t } = useTranslation();
  const visible = useUiState((state) => state.loaders[area]);
  return visible ? <LoadingOverlay label={t('loading.label')} /> : null;
}
