import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../components/ui/alert-banner';
import { useUiState, useUiStore } from './ui-store-context';

export function ErrorBannerHost() {
  const { t } = useTranslation();
  const message = useUiState((state) => state.errorBanner);
  const { hideErrorBanner } = useUiStore();
  if (!message) return null;
  return (
    <AlertBanner onClose={hideErrorBanner} closeLabel={t('common.dismiss')}>
      {message}
    </AlertBanner>
  );
}
