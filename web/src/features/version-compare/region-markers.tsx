import { Box, chakra } from '@chakra-ui/react';
import type { ChecklistMark, DrawingRegion } from '@paddock/rules';

/** A region's colour by its mark: done green, still wrong red, not applying grey, unchecked amber. */
export function markPalette(mark: ChecklistMark | undefined): string {
  if (mark === 'fixed') return 'green';
  if (mark === 'notFixed') return 'red';
  if (mark === 'na') return 'gray';
  return 'orange';
}

interface RegionMarkersProps {
  regions: readonly DrawingRegion[];
  /** The region the approver is looking at: drawn solid and ringed. */
  selected?: number;
  marks?: Readonly<Record<number, ChecklistMark>>;
}

/**
 * The regions of a rejection drawing over an image, each a dashed box numbered at its top-left
 * corner. Laid over the box the image fills (its coordinates are 0–1 of the image, like the
 * drawing's), and only a picture: the checklist beside it is what can be read and used.
 */
export function RegionMarkers({ regions, selected, marks = {} }: RegionMarkersProps) {
  return (
    <Box position="absolute" inset="0" pointerEvents="none" aria-hidden data-testid="region-markers">
      <chakra.svg
        viewBox="0 0 1 1"
        preserveAspectRatio="none"
        position="absolute"
        inset="0"
        w="full"
        h="full"
        overflow="visible"
      >
        {regions.map(({ number, box }) => {
          const chosen = number === selected;
          const rect = { x: box.x, y: box.y, width: box.width, height: box.height };
          return (
            <g key={number}>
              {/* A light edge under the colour, so the box shows on dark and light images alike. */}
              <rect
                {...rect}
                fill="none"
                stroke="white"
                strokeOpacity={0.8}
                strokeWidth={chosen ? 5 : 4}
                vectorEffect="non-scaling-stroke"
              />
              <chakra.rect
                {...rect}
                fill={chosen ? `${markPalette(marks[number])}.solid` : 'none'}
                fillOpacity={0.12}
                stroke={`${markPalette(marks[number])}.solid`}
                strokeWidth={chosen ? 3 : 2}
                strokeDasharray={chosen ? undefined : '6 4'}
                vectorEffect="non-scaling-stroke"
              />
            </g>
          );
        })}
      </chakra.svg>
      {/* The numbers as HTML, so they keep their size and stay crisp at any zoom. */}
      {regions.map(({ number, box }) => (
        <Box
          key={number}
          data-region={number}
          position="absolute"
          transform="translate(-50%, -50%)"
          minW="5"
          h="5"
          px="1"
          rounded="full"
          display="flex"
          alignItems="center"
          justifyContent="center"
          fontSize="xs"
          fontWeight="bold"
          colorPalette={markPalette(marks[number])}
          bg="colorPalette.solid"
          color="colorPalette.contrast"
          borderWidth="2px"
          borderColor="white"
          boxShadow="sm"
          outline={number === selected ? '2px solid' : undefined}
          outlineColor="colorPalette.solid"
          outlineOffset="1px"
          style={{ left: `${box.x * 100}%`, top: `${box.y * 100}%` }}
        >
          {number}
        </Box>
      ))}
    </Box>
  );
}
