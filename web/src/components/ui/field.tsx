import { Field as ChakraField } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FieldProps {
  label: ReactNode;
  children: ReactNode;
  /** Marked with an asterisk and announced as required (SPEC §2: required fields are marked). */
  required?: boolean;
  /** Why the value is refused: shown under the control, which is marked invalid. */
  error?: ReactNode;
  /** A hint or a warning under the control, when there is no error. */
  helper?: ReactNode;
}

/** A labelled form control: the label is tied to the control, so screen readers and getByLabel find it. */
export function Field({ label, children, required, error, helper }: FieldProps) {
  return (
    <ChakraField.Root required={required} invalid={!!error}>
      <ChakraField.Label>
        {label}
        {required ? <ChakraField.RequiredIndicator /> : null}
      </ChakraField.Label>
      {children}
      {error ? <ChakraField.ErrorText>{error}</ChakraField.ErrorText> : null}
      {!error && helper ? <ChakraField.HelperText>{helper}</ChakraField.HelperText> : null}
    </ChakraField.Root>
  );
}
