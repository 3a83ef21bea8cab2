import { Button, Code, Collapsible, Stack, Text } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';
import { RouterLink } from '../../components/ui/router-link';
import type { ErrorDialogContent } from './ui-store';

interface ErrorDialogProps {
  content: ErrorDialogContent | null;
  onClose(): void;
}

/** The generic error dialog of SPEC §8: title, message, optional trace, error code, OK and undo. */
export function ErrorDialog({ content, onClose }: ErrorDialogProps) {
  const { t } = useTranslation();
  if (!content) return null;
  return (
    <AppDialog
      open
      role="alertdialog"
      size="sm"
      dismissible
      onDismiss={onClose}
      title={content.title ?? t('error.titleError')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('error.undoButton')}
          </Button>
          <Button
            onClick={() => {
              content.onOk?.();
              onClose();
            }}
          >
            {t('error.ok')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>{content.message ?? t('error.messageError')}</Text>
        {content.link ? (
          <RouterLink
            to="/home"
            search={{ view: content.link.view, folder: content.link.folder }}
            onClick={onClose}
            fontWeight="semibold"
          >
            {content.link.label}
          </RouterLink>
        ) : null}
        {content.code ? (
          <Text fontSize="sm" color="fg.muted">
            {t('error.code', { 0: content.code })}
          </Text>
        ) : null}
        {content.trace ? (
          <Collapsible.Root>
            <Collapsible.Trigger asChild>
              <Button variant="plain" size="sm" px="0">
                {t('error.showTrace')}
                <Collapsible.Indicator transition="transform 0.2s" _open={{ transform: 'rotate(180deg)' }}>
                  <ChevronDown />
                </Collapsible.Indicator>
              </Button>
            </Collapsible.Trigger>
            <Collapsible.Content>
              <Code as="pre" display="block" whiteSpace="pre-wrap" p="3" fontSize="xs">
                {content.trace}
              </Code>
            </Collapsible.Content>
          </Collapsible.Root>
        ) : null}
      </Stack>
    </AppDialog>
  );
}
