import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { useUiStore } from './ui-store-context';

/** Opens the generic error dialog for a failed call, with its code and a trace support can search. */
export function useShowApiError(): (error: unknown) => void {
  const { t } = useTranslation();
  const { showError } = useUiStore();
  return (error) => {
    if (!isApiError(error)) {
      showError({ trace: error instanceof Error ? error.message : undefined });
      return;
    }
    const trace = [
      error.message,
      error.correlationId && t('error.correlationId', { id: error.correlationId }),
    ]
      .filter(Boolean)
      .join('\n');
    showError({ code: error.shownCode, trace: trace || undefined });
  };
}
