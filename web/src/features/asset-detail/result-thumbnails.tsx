import { Box, chakra, HStack, Image } from '@chakra-ui/react';
import type { AssetSummary } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { displayName } from '../assets/format';

/** Neighbours shown on each side of the current asset. */
const AROUND = 3;

/** The detail modal's thumbnails area: the results around the asset, the current one marked. */
export function ResultThumbnails({
  results,
  current,
  onOpen,
}: {
  results: readonly AssetSummary[];
  current: string;
  onOpen(id: string): void;
}) {
  const { t } = useTranslation();
  const index = Math.max(
    0,
    results.findIndex((r) => r.id === current),
  );
  const start = Math.max(0, Math.min(index - AROUND, results.length - (2 * AROUND + 1)));
  const shown = results.slice(start, start + 2 * AROUND + 1);
  return (
    <HStack as="nav" aria-label={t('assetDetail.thumbnails')} justify="center" gap="2" mt="4" wrap="wrap">
      {shown.map((result) => {
        const name = displayName(result.name, result.extension);
        const isCurrent = result.id === current;
        return (
          <chakra.button
            key={result.id}
            type="button"
            aria-label={t('assetDetail.openResult', { name })}
            aria-current={isCurrent ? 'true' : undefined}
            title={name}
            onClick={() => onOpen(result.id)}
            rounded="l2"
            outline={isCurrent ? '2px solid' : 'none'}
            outlineColor="brand.solid"
            outlineOffset="2px"
            opacity={isCurrent ? 1 : 0.7}
            _hover={{ opacity: 1 }}
          >
            <Box w="14" h="14">
              <Image src={result.thumbnailUrl} alt="" w="full" h="full" objectFit="cover" rounded="l2" />
            </Box>
          </chakra.button>
        );
      })}
    </HStack>
  );
}
