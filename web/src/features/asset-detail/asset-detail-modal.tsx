import {
  Box,
  Breadcrumb,
  Checkbox,
  CloseButton,
  Dialog,
  Flex,
  Grid,
  HStack,
  IconButton,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { assetDetailQueryOptions } from '../../api/assets.queries';
import { displayName } from '../assets/format';
import { DownloadButton } from '../downloads/download-button';
import { AssetInfo } from './asset-info';
import { AssetPreview } from './asset-preview';
import { stepThrough } from './navigation';
import { RenameField } from './rename-field';

export interface AssetDetailModalProps {
  assetId: string;
  /** The current result list, in order, as far as it is loaded. */
  resultIds: readonly string[];
  hasMore: boolean;
  /** Loads the next page and resolves with the longer result list. */
  loadMore(): Promise<readonly string[]>;
  selected: boolean;
  onToggleSelected(id: string): void;
  onNavigate(id: string): void;
  onClose(): void;
  /** The folder path shown as a breadcrumb, root first; omitted in views without one. */
  breadcrumb?: readonly { id: string; name: string }[];
}

/** The asset detail modal (SPEC §2), first version: header, breadcrumb, preview, info, prev/next. */
export function AssetDetailModal(props: AssetDetailModalProps) {
  const { t } = useTranslation();
  const { assetId } = props;
  const { data: asset, isPending, isError } = useQuery(assetDetailQueryOptions(assetId));
  const [stepping, setStepping] = useState(false);

  const step = async (direction: 1 | -1) => {
    if (stepping) return;
    setStepping(true);
    try {
      const target = await stepThrough(props.resultIds, assetId, direction, {
        hasMore: props.hasMore,
        load: props.loadMore,
      });
      if (target && target !== assetId) props.onNavigate(target);
    } finally {
      setStepping(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.key === 'ArrowRight') void step(1);
    else if (event.key === 'ArrowLeft') void step(-1);
  };
  const title = asset ? displayName(asset.name, asset.extension) : t('loading.label');

  return (
    <Dialog.Root
      open
      size="xl"
      placement="center"
      scrollBehavior="inside"
      onOpenChange={(details) => {
        if (!details.open) props.onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content onKeyDown={onKeyDown} maxW="6xl">
            <Dialog.Header>
              <HStack gap="3" flex="1" minW="0">
                <Checkbox.Root
                  checked={props.selected}
                  onCheckedChange={() => props.onToggleSelected(assetId)}
                  aria-label={t('assetDetail.select')}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
                <Dialog.Title truncate>{title}</Dialog.Title>
                {asset ? <RenameField key={asset.id + asset.name} asset={asset} /> : null}
              </HStack>
              {asset?.rights.download ? (
                <DownloadButton
                  key={asset.id}
                  assetIds={[asset.id]}
                  single={{ type: asset.type, width: asset.width, height: asset.height }}
                />
              ) : null}
              <Dialog.CloseTrigger asChild position="static">
                <CloseButton size="sm" aria-label={t('assetDetail.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Header>
            <Dialog.Body>
              {props.breadcrumb?.length ? (
                <Breadcrumb.Root mb="4" aria-label={t('assetDetail.breadcrumb')}>
                  <Breadcrumb.List>
                    {props.breadcrumb.map((folder, index) => (
                      <Flex key={folder.id} as="span" align="center" gap="1.5">
                        {index > 0 ? <Breadcrumb.Separator /> : null}
                        <Breadcrumb.Item>
                          {index === props.breadcrumb!.length - 1 ? (
                            <Breadcrumb.CurrentLink>{folder.name}</Breadcrumb.CurrentLink>
                          ) : (
                            <Text as="span">{folder.name}</Text>
                          )}
                        </Breadcrumb.Item>
                      </Flex>
                    ))}
                  </Breadcrumb.List>
                </Breadcrumb.Root>
              ) : null}
              <Flex align="center" gap="2">
                <IconButton
                  variant="ghost"
                  aria-label={t('assetDetail.previous')}
                  disabled={props.resultIds.length < 2 || stepping}
                  onClick={() => void step(-1)}
                >
                  <ChevronLeft />
                </IconButton>
                <Box flex="1" minW="0">
                  {isPending ? (
                    <Flex justify="center" py="16">
                      <Spinner aria-label={t('loading.label')} />
                    </Flex>
                  ) : isError || !asset ? (
                    <Text role="alert" py="16" textAlign="center">
                      {t('assetDetail.loadFailed')}
                    </Text>
                  ) : (
                    <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6">
                      <AssetPreview key={asset.id} asset={asset} />
                      <Stack as="section" aria-label={t('assetDetail.info.title')}>
                        <AssetInfo asset={asset} />
                      </Stack>
                    </Grid>
                  )}
                </Box>
                <IconButton
                  variant="ghost"
                  aria-label={t('assetDetail.next')}
                  disabled={(props.resultIds.length < 2 && !props.hasMore) || stepping}
                  onClick={() => void step(1)}
                >
                  <ChevronRight />
                </IconButton>
              </Flex>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
