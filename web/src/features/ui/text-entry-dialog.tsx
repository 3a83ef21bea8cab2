import { Button, Field, Input, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';
import { latin1Input } from './latin1-input';

interface TextEntryDialogProps {
  title: string;
  /** What the entry is for, above the field. */
  description?: string;
  label: string;
  initialValue?: string;
  confirmLabel: string;
  busy: boolean;
  /** The last refusal, already translated (the hub's, or the dialog's own check). */
  error: string | null;
  /** What an empty entry means, translated; without it an empty entry is sent as it is. */
  requiredMessage?: string;
  onConfirm(value: string): void;
  onCancel(): void;
}

/**
 * The generic input and text-area dialogs of SPEC §2 (folder and tag actions): one text, checked
 * for Latin-1 (SPEC §5) and, when required, for being there, before it is confirmed.
 */
function TextEntryDialog({
  multiline,
  title,
  description,
  label,
  initialValue = '',
  confirmLabel,
  busy,
  error,
  requiredMessage,
  onConfirm,
  onCancel,
}: TextEntryDialogProps & { multiline: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  const confirm = () => {
    const { text, refused } = latin1Input(value);
    if (text === '' && requiredMessage) return setProblem(requiredMessage);
    if (refused) return setProblem(t('dialogs.latin1', { characters: refused }));
    setProblem(null);
    onConfirm(text);
  };
  const field = {
    autoFocus: true,
    value,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
  };
  return (
    <AppDialog
      open
      dismissible={!busy}
      onDismiss={onCancel}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('workflow.cancel')}
          </Button>
          <Button loading={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {description ? (
        <Text mb="3" color="fg.muted">
          {description}
        </Text>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <Field.Root required={requiredMessage !== undefined} invalid={shown !== null}>
          <Field.Label>
            {label}
            <Field.RequiredIndicator />
          </Field.Label>
          {multiline ? <Textarea rows={4} {...field} /> : <Input {...field} />}
          {shown ? <Field.ErrorText>{shown}</Field.ErrorText> : null}
        </Field.Root>
      </form>
    </AppDialog>
  );
}

/** SPEC §2 input dialog: one line of text. */
export function InputDialog(props: TextEntryDialogProps) {
  return <TextEntryDialog multiline={false} {...props} />;
}

/** SPEC §2 text-area dialog: several lines of text. */
export function TextAreaDialog(props: TextEntryDialogProps) {
  return <TextEntryDialog multiline {...props} />;
}
