import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { FALLBACK_LANGUAGE } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import type { Disclaimer } from '../../api/profile.api';
import { AppDialog } from '../../components/ui/dialog';
import { useLanguage } from '../../i18n/use-language';

export type DisclaimerMode = 'readOnly' | 'required';

interface DisclaimerDialogProps {
  mode: DisclaimerMode;
  /** Undefined while the text loads. */
  disclaimer: Disclaimer | undefined;
  loadFailed: boolean;
  accepting?: boolean;
  onAccept?: () => void;
  /** Read-only: just closes. Required: the portal cannot be used, so the caller signs out. */
  onClose(): void;
}

/**
 * SPEC §2 Dialogs: title with version prefix, text, accept and close. Read-only it closes on a
 * backdrop click or Escape; when acceptance is required only its buttons act.
 */
export function DisclaimerDialog({
  mode,
  disclaimer,
  loadFailed,
  accepting,
  onAccept,
  onClose,
}: DisclaimerDialogProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const text = disclaimer ? (disclaimer.texts[language] ?? disclaimer.texts[FALLBACK_LANGUAGE]) : undefined;
  const required = mode === 'required';

  return (
    <AppDialog
      open
      size="lg"
      dismissible={!required}
      onDismiss={onClose}
      title={
        disclaimer && text
          ? t('disclaimer.title', { version: disclaimer.version, title: text.title })
          : t('disclaimer.heading')
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {text?.closeLabel ?? t('disclaimer.close')}
          </Button>
          {required ? (
            <Button onClick={onAccept} disabled={!disclaimer} loading={accepting}>
              {text?.acceptLabel ?? t('disclaimer.accept')}
            </Button>
          ) : null}
        </>
      }
    >
      <Stack gap="4">
        {text ? <Text whiteSpace="pre-line">{text.body}</Text> : null}
        {!text && loadFailed ? <Text>{t('disclaimer.loadFailed')}</Text> : null}
        {!text && !loadFailed ? <Spinner aria-label={t('loading.label')} color="brand.solid" /> : null}
        {required ? (
          <Text fontSize="sm" color="fg.muted">
            {t('disclaimer.requiredHint')}
          </Text>
        ) : null}
      </Stack>
    </AppDialog>
  );
}
