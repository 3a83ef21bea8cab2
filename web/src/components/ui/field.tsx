import { Field as ChakraField } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FieldProps {
  label: ReactNode;
  children: ReactNode;
}

/** A labelled form control: the label is tied to the control, so screen readers and getByLabel find it. */
export function Field({ label, children }: FieldProps) {
  return (
    <ChakraField.Root>
      <ChakraField.Label>{label}</ChakraField.Label>
      {children}
    </ChakraField.Root>
  );
}
