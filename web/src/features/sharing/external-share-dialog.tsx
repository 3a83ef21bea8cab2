import { Alert, Button, RadioCard, Stack, Text } from '@chakra-ui/react';
import {
  LIMITS,
  SHARE_ERROR_CODES,
  SHARE_TYPES,
  isStrongSharePassword,
  plateBoxRequired,
  isValidShareExpiry,
  parseRecipients,
  shareExpiryOf,
  type ExternalShareRequest,
  type ShareType,
} from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';
import { useLanguage } from '../../i18n/use-language';
import { boxRequiredAssets } from '../plates/plate-errors';
import { SharePlatesCheck } from '../plates/share-plates-check';
import { usePlateViews } from '../plates/use-plate-views';
import { latin1Input } from '../ui/latin1-input';
import { useShowApiError } from '../ui/use-show-api-error';
import { createExternalShare, shareKeys } from './external-shares.api';
import { readRecentRecipients, rememberRecipients } from './recent-recipients';
import { ShareDetailsStep, newShareDetails, type ShareDetails } from './share-details-step';
import { shareCodeText, shareRefusal } from './share-errors';
import { SharePreview } from './share-preview';
import { ShareResultStep } from './share-result-step';
import { enumLabel } from '../../i18n/enum-labels';

export interface ExternalShareDialogProps {
  assetIds: readonly string[];
  /** The folder the assets are shared from: SPEC §6 decides there. */
  folderId: string;
  /**
   * The selected assets known to be images: their plates are checked before sending (docs/plates.md).
   * Any other the hub finds needing a box is named by its refusal, and checked from then on.
   */
  imageIds?: readonly string[];
  onClose(): void;
}

type Step = 'type' | 'details' | 'result';

/**
 * The expiry the details ask for at `now`: none for SPEC §9's default (the server's 24 h), a quick
 * pick's, or the custom date-time (null when it is not a date).
 */
function expiryOf(d: ShareDetails, now: Date): Date | null | undefined {
  if (d.expiry === 'day') return undefined;
  if (d.expiry !== 'custom') return shareExpiryOf(d.expiry, now);
  const custom = new Date(d.expiresAt);
  return Number.isNaN(custom.getTime()) ? null : custom;
}

/** Whether the details' expiry is one the server takes (a date, in the future, within the maximum). */
export function isShareExpiryValid(d: ShareDetails, now: Date): boolean {
  const expiry = expiryOf(d, now);
  return expiry !== null && (!expiry || isValidShareExpiry(expiry, now));
}

/** The request the details make; the texts in their Latin-1 form (SPEC §5). */
export function requestOf(
  type: ShareType,
  d: ShareDetails,
  assetIds: readonly string[],
  folderId: string,
): ExternalShareRequest {
  const expires = expiryOf(d, new Date());
  return {
    type,
    name: latin1Input(d.name).text,
    contentIds: [...assetIds],
    folderId,
    message: latin1Input(d.message).text || undefined,
    disclaimer: latin1Input(d.disclaimer).text || undefined,
    password: d.password,
    contentDownload: d.contentDownload,
    expiresAt: expires?.toISOString(),
    language: d.language,
    recipients: type === 'email' ? d.recipients : undefined,
  };
}

/**
 * The external-share dialog of SPEC §2 in three steps: 1 link or e-mail; 2 the details, with a
 * preview of the first 25 assets; 3 the job's progress, then the link (SPEC §4).
 */
export function ExternalShareDialog({ assetIds, folderId, imageIds, onClose }: ExternalShareDialogProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const showApiError = useShowApiError();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('type');
  const [type, setType] = useState<ShareType>('link');
  const [recent] = useState(() => readRecentRecipients());
  const [details, setDetails] = useState<ShareDetails>(() => newShareDetails(language));
  const [showRecipientsProblem, setShowRecipientsProblem] = useState(false);
  const [showExpiryProblem, setShowExpiryProblem] = useState(false);
  const [ended, setEnded] = useState(false);
  const tooMany = assetIds.length > LIMITS.externalShareMaxFiles;
  const recipients = type === 'email' ? parseRecipients(details.recipients) : null;
  const recipientsProblem =
    showRecipientsProblem && recipients && !recipients.ok
      ? shareCodeText(t, recipients.code, { invalid: recipients.invalid })
      : null;
  const expiryValid = isShareExpiryValid(details, new Date());
  const expiryProblem =
    showExpiryProblem && !expiryValid ? shareCodeText(t, SHARE_ERROR_CODES.BAD_EXPIRY) : null;

  const [plateRefused, setPlateRefused] = useState<readonly string[]>([]);
  const plateIds = useMemo(
    () => [...new Set([...(imageIds ?? []), ...plateRefused])],
    [imageIds, plateRefused],
  );
  const plates = usePlateViews(plateIds);
  const needBox = plates.views.some(plateBoxRequired);

  const submit = useMutation({
    mutationFn: () => createExternalShare(requestOf(type, details, assetIds, folderId)),
    onSuccess: () => {
      if (recipients?.ok) rememberRecipients(recipients.recipients);
      setStep('result');
    },
    onError: (error) => {
      const named = boxRequiredAssets(error);
      if (named) setPlateRefused((known) => [...known, ...named]);
      else if (!shareRefusal(error, t)) showApiError(error);
    },
  });
  const refusal = shareRefusal(submit.error, t);
  const onEnded = useCallback(() => {
    setEnded(true);
    // The panel's list gains the share; the share's own detail, just read, is left as it is.
    void queryClient.invalidateQueries({ queryKey: shareKeys.list() });
  }, [queryClient]);

  const send = () => {
    setShowRecipientsProblem(true);
    setShowExpiryProblem(true);
    if ((recipients && !recipients.ok) || !expiryValid) return;
    submit.mutate();
  };
  const running = step === 'result' && !ended;

  const footer =
    step === 'type' ? (
      <>
        <Button variant="ghost" onClick={onClose}>
          {t('sharing.dialog.cancel')}
        </Button>
        <Button onClick={() => setStep('details')} disabled={tooMany}>
          {t('sharing.dialog.next')}
        </Button>
      </>
    ) : step === 'details' ? (
      <>
        <Button variant="ghost" onClick={() => setStep('type')} disabled={submit.isPending}>
          {t('sharing.dialog.back')}
        </Button>
        <Button
          onClick={send}
          loading={submit.isPending}
          disabled={tooMany || needBox || !details.name.trim() || !details.password}
          data-password-strong={isStrongSharePassword(details.password)}
        >
          {t('sharing.dialog.submit')}
        </Button>
      </>
    ) : (
      <Button onClick={onClose} disabled={running}>
        {t('sharing.dialog.close')}
      </Button>
    );

  return (
    <AppDialog
      open
      size="lg"
      dismissible={!submit.isPending && !running}
      onDismiss={onClose}
      title={
        <>
          {t('sharing.dialog.title', { count: assetIds.length })}
          <Text as="span" display="block" fontSize="sm" fontWeight="normal" color="fg.muted">
            {t('sharing.dialog.step', { step: step === 'type' ? 1 : step === 'details' ? 2 : 3 })}
          </Text>
        </>
      }
      footer={footer}
    >
      <Stack gap="5">
        {tooMany ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{t('sharing.errors.SHARE_TOO_MANY_FILES')}</Alert.Title>
          </Alert.Root>
        ) : null}
        {step === 'type' ? (
          <RadioCard.Root
            value={type}
            onValueChange={(d) => setType(SHARE_TYPES.find((s) => s === d.value) ?? 'link')}
            orientation="horizontal"
          >
            <RadioCard.Label>{t('sharing.dialog.typeLabel')}</RadioCard.Label>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              {SHARE_TYPES.map((option) => (
                <RadioCard.Item key={option} value={option} flex="1">
                  <RadioCard.ItemHiddenInput />
                  <RadioCard.ItemControl>
                    <RadioCard.ItemContent>
                      <RadioCard.ItemText>{enumLabel(t, 'shareType', option)}</RadioCard.ItemText>
                      <RadioCard.ItemDescription>
                        {t(`sharing.dialog.typeHelp.${option}`)}
                      </RadioCard.ItemDescription>
                    </RadioCard.ItemContent>
                    <RadioCard.ItemIndicator />
                  </RadioCard.ItemControl>
                </RadioCard.Item>
              ))}
            </Stack>
          </RadioCard.Root>
        ) : null}
        {step === 'details' ? (
          <>
            <SharePreview assetIds={assetIds} />
            <ShareDetailsStep
              type={type}
              details={details}
              onChange={setDetails}
              recent={recent}
              recipientsProblem={recipientsProblem}
              expiryProblem={expiryProblem}
            />
            {/* Beside the Share button it holds back: what is missing is where the user looks. */}
            {plateIds.length ? (
              <SharePlatesCheck views={plates.views} loading={plates.loading} refused={plateRefused} />
            ) : null}
            {refusal ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{refusal}</Alert.Title>
              </Alert.Root>
            ) : null}
          </>
        ) : null}
        {step === 'result' && submit.data ? (
          <ShareResultStep jobId={submit.data.jobId} onEnded={onEnded} />
        ) : null}
      </Stack>
    </AppDialog>
  );
}
