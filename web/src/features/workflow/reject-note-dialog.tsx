import { Button, Field, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';
import { latin1Input } from '../ui/latin1-input';

interface RejectNoteDialogProps {
  count: number;
  busy: boolean;
  onConfirm(note: string): void;
  onCancel(): void;
}

/** Bulk reject from the smart bar: the required note for every selected asset (no drawing). */
export function RejectNoteDialog({ count, busy, onConfirm, onCancel }: RejectNoteDialogProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const { text, refused } = latin1Input(note);
    if (text === '') return setError(t('workflow.reject.noteRequired'));
    if (refused) return setError(t('workflow.reject.noteLatin1', { characters: refused }));
    onConfirm(text);
  };
  return (
    <AppDialog
      open
      dismissible={!busy}
      onDismiss={onCancel}
      title={t('workflow.reject.bulkTitle', { count })}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('workflow.cancel')}
          </Button>
          <Button colorPalette="red" loading={busy} onClick={confirm}>
            {t('workflow.reject.confirm')}
          </Button>
        </>
      }
    >
      <Field.Root required invalid={error !== null}>
        <Field.Label>
          {t('workflow.reject.note')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea autoFocus rows={4} value={note} onChange={(event) => setNote(event.target.value)} />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </AppDialog>
  );
}
