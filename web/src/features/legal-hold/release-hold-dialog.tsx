import type { LegalHoldView } from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { assetKeys } from '../../api/assets.queries';
import { releaseLegalHold } from '../../api/legal-holds.api';
import { useLanguage } from '../../i18n/use-language';
import { useUiStore } from '../ui/ui-store-context';
import { ConfirmDialog } from '../workflow/confirm-dialog';
import { holdTargetName } from './hold-target';
import { legalHoldKeys } from './legal-hold.queries';

export interface ReleaseHoldDialogProps {
  hold: LegalHoldView;
  onClose(): void;
}

/** Asked once more before a hold is released: what it held may be purged again; its record stays. */
export function ReleaseHoldDialog({ hold, onClose }: ReleaseHoldDialogProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const ui = useUiStore();
  const release = useMutation({
    mutationFn: () => releaseLegalHold(hold.id, language),
    onSuccess: async () => {
      ui.notify({ message: { key: 'legalHold.release.done' } });
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: legalHoldKeys.all }),
        queryClient.invalidateQueries({ queryKey: assetKeys.lists() }),
      ]);
    },
  });
  const error = release.error
    ? t(`error.codes.${isApiError(release.error) ? release.error.code : ''}`, {
        defaultValue: t('error.messageRetry'),
      })
    : null;
  return (
    <ConfirmDialog
      title={t('legalHold.release.title', { name: holdTargetName(t, hold) })}
      message={error ?? t('legalHold.release.message', { reason: hold.reason })}
      confirmLabel={t('legalHold.release.confirm')}
      danger
      busy={release.isPending}
      onConfirm={() => release.mutate()}
      onCancel={onClose}
    />
  );
}
