import { Box, Image, SimpleGrid, Text } from '@chakra-ui/react';
import { LIMITS } from '@paddock/rules';
import { useTranslation } from 'react-i18next';

/** SPEC §5: thumbnails of the first LIMITS.previewMaxAssets selected assets, and how many more there are. */
export function SharePreview({ assetIds }: { assetIds: readonly string[] }) {
  const { t } = useTranslation();
  const shown = assetIds.slice(0, LIMITS.previewMaxAssets);
  const more = assetIds.length - shown.length;
  return (
    <Box>
      <SimpleGrid
        as="ul"
        listStyleType="none"
        columns={{ base: 5, md: 9 }}
        gap="1"
        aria-label={t('sharing.dialog.preview', { count: assetIds.length })}
      >
        {shown.map((id) => (
          <Box as="li" key={id} aspectRatio="1" bg="bg.muted" rounded="sm" overflow="hidden">
            <Image
              src={`/api/assets/${encodeURIComponent(id)}/thumbnail?size=96x96`}
              alt=""
              w="full"
              h="full"
              objectFit="cover"
              loading="lazy"
              data-testid="share-preview-thumb"
            />
          </Box>
        ))}
      </SimpleGrid>
      {more > 0 ? (
        <Text fontSize="sm" color="fg.muted" mt="1">
          {t('sharing.dialog.previewMore', { count: more })}
        </Text>
      ) : null}
    </Box>
  );
}
