import { Box } from '@chakra-ui/react';
import type { PlateBox } from '@paddock/rules';
import { PlateBoxesOverlay } from './plate-boxes-overlay';

/** A small picture with its boxes over it, only shown: the share dialog's list and the detail's panel. */
export function PlatePicture({
  src,
  boxes,
  height,
}: {
  src: string;
  boxes: readonly PlateBox[];
  height: string;
}) {
  return (
    <Box position="relative" flexShrink={0} w="fit-content" bg="bg.muted">
      <img src={src} alt="" loading="lazy" style={{ display: 'block', height, maxWidth: '100%' }} />
      <PlateBoxesOverlay boxes={boxes} />
    </Box>
  );
}
