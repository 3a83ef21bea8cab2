import { Box, chakra, HStack, IconButton, Image, Text } from '@chakra-ui/react';
import type { AssetDetail } from '@paddock/rules';
import { ZoomIn, ZoomOut } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const;

interface AssetPreviewProps {
  asset: AssetDetail;
  /** Laid exactly over an image or page preview: the reject drawing (SPEC §2 "with a drawing canvas"). */
  overlay?: ReactNode;
}

/** The preview player of one asset, by type: zoomable image, video, audio, a document's first page. */
export function AssetPreview({ asset, overlay }: AssetPreviewProps) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState(0);

  if (asset.type === 'VIDEO') {
    return (
      <chakra.video
        controls
        preload="metadata"
        w="full"
        maxH="60vh"
        bg="black"
        rounded="l2"
        src={asset.proxyUrl ?? asset.downloadUrl}
        poster={asset.posterUrl}
        aria-label={t('assetDetail.preview.video')}
      />
    );
  }
  if (asset.type === 'AUDIO') {
    return (
      <Box py="8">
        <chakra.audio
          controls
          preload="metadata"
          w="full"
          src={asset.proxyUrl ?? asset.downloadUrl}
          aria-label={t('assetDetail.preview.audio')}
        />
      </Box>
    );
  }
  if (asset.type === 'DOCUMENT') {
    return (
      <Box position="relative" w="fit-content" maxW="full" mx="auto">
        <Image
          src={asset.previewUrl}
          alt={t('assetDetail.preview.document')}
          display="block"
          maxH="60vh"
          maxW="full"
          objectFit="contain"
        />
        {overlay}
      </Box>
    );
  }
  const scale = ZOOM_STEPS[zoom] ?? 1;
  return (
    <Box>
      <Box overflow="auto" maxH="60vh" bg="bg.muted" rounded="l2">
        <Box
          position="relative"
          mx="auto"
          w={scale === 1 ? 'fit-content' : undefined}
          maxW={scale === 1 ? 'full' : 'none'}
          style={scale === 1 ? undefined : { width: `${scale * 100}%` }}
        >
          <Image
            src={asset.previewUrl}
            alt={t('assetDetail.preview.image')}
            display="block"
            w={scale === 1 ? undefined : 'full'}
            maxW="full"
            objectFit="contain"
            cursor={zoom < ZOOM_STEPS.length - 1 ? 'zoom-in' : 'zoom-out'}
            onClick={() => setZoom((current) => (current + 1) % ZOOM_STEPS.length)}
          />
          {overlay}
        </Box>
      </Box>
      <HStack justify="center" mt="2">
        <IconButton
          size="xs"
          variant="outline"
          aria-label={t('assetDetail.preview.zoomOut')}
          disabled={zoom === 0}
          onClick={() => setZoom((current) => Math.max(0, current - 1))}
        >
          <ZoomOut />
        </IconButton>
        <Text fontSize="sm" minW="12" textAlign="center">
          {Math.round(scale * 100)}%
        </Text>
        <IconButton
          size="xs"
          variant="outline"
          aria-label={t('assetDetail.preview.zoomIn')}
          disabled={zoom === ZOOM_STEPS.length - 1}
          onClick={() => setZoom((current) => Math.min(ZOOM_STEPS.length - 1, current + 1))}
        >
          <ZoomIn />
        </IconButton>
      </HStack>
    </Box>
  );
}
