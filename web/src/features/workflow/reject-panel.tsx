import { Button, Field, HStack, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import type { DrawingDocument } from '@paddock/rules';
import { Eraser, Undo2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { latin1Input } from '../ui/latin1-input';
import { EMPTY_DRAWING, PEN_COLORS, serialiseDrawing, undoStroke } from './drawing';

export interface RejectPanelProps {
  drawing: DrawingDocument;
  onDrawing(next: DrawingDocument): void;
  color: string;
  onColor(color: string): void;
  submitting: boolean;
  onConfirm(reject: { note: string; canvas?: string }): void;
  onCancel(): void;
}

/**
 * The right panel while rejecting (SPEC §2): the required note, the pen over the preview (colours,
 * undo, clear), confirm and cancel. The drawing goes along as the reject's `canvas`.
 */
export function RejectPanel(props: RejectPanelProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { text, refused } = latin1Input(note);
    if (text === '') return setError(t('workflow.reject.noteRequired'));
    if (refused) return setError(t('workflow.reject.noteLatin1', { characters: refused }));
    setError(null);
    props.onConfirm({ note: text, canvas: serialiseDrawing(props.drawing) });
  };

  return (
    <chakra.form onSubmit={submit} aria-label={t('workflow.reject.title')} noValidate>
      <Stack gap="4">
        <Text fontWeight="semibold">{t('workflow.reject.title')}</Text>
        <Field.Root required invalid={error !== null}>
          <Field.Label>
            {t('workflow.reject.note')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            autoFocus
            rows={5}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder={t('workflow.reject.notePlaceholder')}
          />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        <Stack gap="2">
          <Text fontSize="sm">{t('workflow.drawing.hint')}</Text>
          <HStack role="radiogroup" aria-label={t('workflow.drawing.colors')} gap="2" wrap="wrap">
            {PEN_COLORS.map(({ name, value: color }) => (
              <chakra.button
                key={name}
                type="button"
                role="radio"
                aria-checked={props.color === color}
                aria-label={t(`workflow.drawing.color.${name}`)}
                onClick={() => props.onColor(color)}
                w="7"
                h="7"
                rounded="full"
                borderWidth="2px"
                borderColor={props.color === color ? 'fg' : 'border'}
                outlineOffset="2px"
                style={{ background: color }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
              />
            ))}
          </HStack>
          <HStack gap="2" wrap="wrap">
            <Button
              size="xs"
              variant="outline"
              disabled={props.drawing.strokes.length === 0}
              onClick={() => props.onDrawing(undoStroke(props.drawing))}
            >
              <Undo2 />
              {t('workflow.drawing.undo')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              disabled={props.drawing.strokes.length === 0}
              onClick={() => props.onDrawing(EMPTY_DRAWING)}
            >
              <Eraser />
              {t('workflow.drawing.clear')}
            </Button>
          </HStack>
        </Stack>
        <HStack justify="flex-end" gap="2" wrap="wrap">
          <Button variant="ghost" onClick={props.onCancel} disabled={props.submitting}>
            {t('workflow.reject.cancel')}
          </Button>
          <Button type="submit" colorPalette="red" loading={props.submitting}>
            {t('workflow.reject.confirm')}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
