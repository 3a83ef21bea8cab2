import { Box } from '@chakra-ui/react';
import type { PlateBox, PlateBoxShape, PlateBoxSource } from '@paddock/rules';
import type { CSSProperties } from 'react';

/** A box laid over its picture in percentages, so it holds at whatever size the picture is shown. */
export function boxPosition(box: PlateBoxShape): CSSProperties {
  return {
    left: `${box.x * 100}%`,
    top: `${box.y * 100}%`,
    width: `${box.w * 100}%`,
    height: `${box.h * 100}%`,
  };
}

/** The detector's boxes dashed amber (a proposal to check), a person's solid blue. */
export const BOX_LOOK: Record<PlateBoxSource, { borderStyle: string; borderColor: string; bg: string }> = {
  auto: { borderStyle: 'dashed', borderColor: 'orange.400', bg: 'orange.400/20' },
  manual: { borderStyle: 'solid', borderColor: 'blue.500', bg: 'blue.500/20' },
};

/** The boxes over a picture, only shown: the share dialog's list and the detail's preview. */
export function PlateBoxesOverlay({ boxes }: { boxes: readonly PlateBox[] }) {
  return (
    <Box position="absolute" inset="0" pointerEvents="none" aria-hidden data-testid="plate-boxes-overlay">
      {boxes.map((box, index) => (
        <Box
          key={index}
          position="absolute"
          borderWidth="2px"
          {...BOX_LOOK[box.source]}
          style={boxPosition(box)}
          data-source={box.source}
        />
      ))}
    </Box>
  );
}
