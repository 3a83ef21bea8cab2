import { Box, Spinner, Text, VStack } from '@chakra-ui/react';

interface LoadingOverlayProps {
  /** Covers the whole window instead of the nearest positioned parent. */
  fullScreen?: boolean;
  label: string;
  text?: string;
  counter?: string;
}

/** A veil with a spinner over an area that is loading; `label` names it for assistive technology. */
export function LoadingOverlay({ fullScreen, label, text, counter }: LoadingOverlayProps) {
  return (
    <Box
      position={fullScreen ? 'fixed' : 'absolute'}
      inset="0"
      zIndex={fullScreen ? 'overlay' : 'docked'}
      bg="bg/80"
      display="flex"
      alignItems="center"
      justifyContent="center"
      role="status"
      aria-live="polite"
      aria-label={label}
    >
      <VStack gap="3">
        <Spinner size={fullScreen ? 'xl' : 'lg'} color="brand.solid" borderWidth="3px" />
        {text ? <Text fontWeight="medium">{text}</Text> : null}
        {counter ? <Text color="fg.muted">{counter}</Text> : null}
      </VStack>
    </Box>
  );
}
