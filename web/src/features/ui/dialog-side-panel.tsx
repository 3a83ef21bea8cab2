import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The right-hand panel of a full-window dialog (the asset detail, the version comparison): a fixed
 * width whatever the values, scrolling on its own while the preview keeps its place; long values
 * (VINs, folder paths) wrap anywhere.
 */
export function DialogSidePanel({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Stack
      data-testid={testId}
      w="22rem"
      flexShrink={0}
      minH="0"
      overflowY="auto"
      overflowX="hidden"
      overflowWrap="anywhere"
      gap="5"
      pe="1"
    >
      {children}
    </Stack>
  );
}
