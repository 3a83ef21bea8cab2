import { LEGAL_HOLD_REASON_MAX_LENGTH, type LegalHoldScope } from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { assetKeys } from '../../api/assets.queries';
import { placeLegalHold } from '../../api/legal-holds.api';
import { useLanguage } from '../../i18n/use-language';
import { TextAreaDialog } from '../ui/text-entry-dialog';
import { useUiStore } from '../ui/ui-store-context';
import { legalHoldKeys } from './legal-hold.queries';

export interface PlaceHoldDialogProps {
  scope: LegalHoldScope;
  targetIds: readonly string[];
  /** What is held, named for the title: an asset's or folder's name, a department's, or a count. */
  title: string;
  onClose(): void;
}

/**
 * An administrator places a legal hold with its reason (required, Latin-1): one hold per target.
 * Held, nothing deletes it until the hold is released; the lists that show holds refresh.
 */
export function PlaceHoldDialog({ scope, targetIds, title, onClose }: PlaceHoldDialogProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const ui = useUiStore();
  const place = useMutation({
    mutationFn: (reason: string) => placeLegalHold({ scope, targetIds: [...targetIds], reason }, language),
    onSuccess: async (placed) => {
      ui.notify({ message: { key: 'legalHold.place.done', params: { count: placed.length } } });
      onClose();
      // The junk's cards and the detail show what keeps an asset.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: legalHoldKeys.all }),
        queryClient.invalidateQueries({ queryKey: assetKeys.lists() }),
      ]);
    },
  });
  const error = place.error
    ? t(`error.codes.${isApiError(place.error) ? place.error.code : ''}`, {
        defaultValue: t('error.messageRetry'),
      })
    : null;
  return (
    <TextAreaDialog
      title={title}
      description={t(`legalHold.place.explain.${scope}`)}
      label={t('legalHold.place.reason', { max: LEGAL_HOLD_REASON_MAX_LENGTH })}
      confirmLabel={t('legalHold.place.confirm')}
      requiredMessage={t('legalHold.place.reasonRequired')}
      busy={place.isPending}
      error={error}
      onConfirm={(reason) => place.mutate(reason)}
      onCancel={onClose}
    />
  );
}
