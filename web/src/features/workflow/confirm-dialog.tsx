import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** A second way on, beside the confirmation (restore: choose another folder). */
  alternative?: { label: string; onSelect(): void };
}

/** A yes/no question before a workflow action (SPEC §2 accept, delete and permanent-delete dialogs). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open
      role="alertdialog"
      size="sm"
      dismissible={!props.busy}
      onDismiss={props.onCancel}
      title={props.title}
      footer={
        <>
          <Button variant="outline" onClick={props.onCancel} disabled={props.busy}>
            {t('workflow.cancel')}
          </Button>
          {props.alternative ? (
            <Button variant="outline" onClick={props.alternative.onSelect} disabled={props.busy}>
              {props.alternative.label}
            </Button>
          ) : null}
          <Button
            colorPalette={props.danger ? 'red' : undefined}
            loading={props.busy}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{props.message}</Text>
    </AppDialog>
  );
}
