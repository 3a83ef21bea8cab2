import { Box, Button, ButtonGroup, chakra, Flex, HStack, IconButton, Image, Text } from '@chakra-ui/react';
import type { AssetDetail } from '@paddock/rules';
import { ZoomIn, ZoomOut } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementSize } from '../ui/use-element-size';
import { displayedSize, PREVIEW_ZOOMS, type PreviewZoom, type Size } from './preview-fit';

interface AssetPreviewProps {
  asset: AssetDetail;
  /** Laid exactly over an image or page preview: the reject drawing (SPEC §2 "with a drawing canvas"). */
  overlay?: ReactNode;
}

/**
 * The preview player of one asset, by type: image at fit or actual pixels, video, audio, a document's
 * first page. It fills the height its parent gives it (the detail's preview column).
 */
export function AssetPreview({ asset, overlay }: AssetPreviewProps) {
  const { t } = useTranslation();

  if (asset.type === 'VIDEO') {
    return (
      <chakra.video
        controls
        preload="metadata"
        w="full"
        h="full"
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
      <Box position="relative" w="fit-content" maxW="full" h="full" mx="auto">
        <Image
          src={asset.previewUrl}
          alt={t('assetDetail.preview.document')}
          display="block"
          maxH="full"
          maxW="full"
          objectFit="contain"
        />
        {overlay}
      </Box>
    );
  }
  return <ImagePreview asset={asset} overlay={overlay} />;
}

/**
 * An image at "fit" (whole, the default) or at a scale of its actual pixels, scrollable. The image
 * and the overlay share one box of the image's displayed size, so a drawing maps to image coordinates.
 */
function ImagePreview({ asset, overlay }: AssetPreviewProps) {
  const { t, i18n } = useTranslation();
  const [zoom, setZoom] = useState(0);
  const [viewportElement, setViewportElement] = useState<HTMLDivElement | null>(null);
  const viewport = useElementSize(viewportElement);
  // The original's pixels when the hub knows them, else the loaded preview's.
  const [loaded, setLoaded] = useState<Size | null>(null);
  const natural = asset.width && asset.height ? { width: asset.width, height: asset.height } : loaded;
  const level = PREVIEW_ZOOMS[zoom] ?? 'fit';
  const shown = natural ? displayedSize(natural, viewport, level) : null;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const zoomLabel = (candidate: PreviewZoom) =>
    candidate === 'fit' ? t('assetDetail.preview.fit') : percent.format(candidate);
  const actualPixels = PREVIEW_ZOOMS.indexOf(1);

  return (
    <Flex direction="column" h="full" minH="0">
      {/* The viewport takes the height left by the zoom bar; its own size is what "fit" fills. */}
      <Flex
        ref={setViewportElement}
        data-testid="preview-viewport"
        data-zoom={level}
        flex="1"
        minH="0"
        overflow={level === 'fit' ? 'hidden' : 'auto'}
        bg="bg.muted"
        rounded="l2"
      >
        {/* Auto margins centre it, and fall to 0 when zoomed past the viewport so it scrolls from its corner. */}
        <Box
          position="relative"
          m="auto"
          flexShrink={0}
          data-testid="preview-box"
          style={shown ? { width: shown.width, height: shown.height } : { width: 'fit-content' }}
        >
          <Image
            src={asset.previewUrl}
            alt={t('assetDetail.preview.image')}
            display="block"
            w={shown ? 'full' : undefined}
            h={shown ? 'full' : undefined}
            maxW={shown ? 'none' : 'full'}
            maxH={shown ? 'none' : 'full'}
            cursor={level === 'fit' ? 'zoom-in' : 'zoom-out'}
            onLoad={(event) => {
              const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
              if (width && height) setLoaded({ width, height });
            }}
            onClick={() => setZoom((current) => (current === 0 ? actualPixels : 0))}
          />
          {overlay}
        </Box>
      </Flex>
      <HStack justify="center" mt="2" gap="1" flexShrink={0}>
        <IconButton
          size="xs"
          variant="outline"
          aria-label={t('assetDetail.preview.zoomOut')}
          disabled={zoom === 0}
          onClick={() => setZoom((current) => Math.max(0, current - 1))}
        >
          <ZoomOut />
        </IconButton>
        <Text fontSize="sm" minW="16" textAlign="center" aria-live="polite">
          {zoomLabel(level)}
        </Text>
        <IconButton
          size="xs"
          variant="outline"
          aria-label={t('assetDetail.preview.zoomIn')}
          disabled={zoom === PREVIEW_ZOOMS.length - 1}
          onClick={() => setZoom((current) => Math.min(PREVIEW_ZOOMS.length - 1, current + 1))}
        >
          <ZoomIn />
        </IconButton>
        <ButtonGroup size="xs" variant="outline" attached ms="2">
          {[0, actualPixels].map((index) => (
            <Button
              key={index}
              aria-pressed={zoom === index}
              variant={zoom === index ? 'solid' : 'outline'}
              onClick={() => setZoom(index)}
            >
              {zoomLabel(PREVIEW_ZOOMS[index] ?? 'fit')}
            </Button>
          ))}
        </ButtonGroup>
      </HStack>
    </Flex>
  );
}
