import { Box, chakra, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { AssetSummary } from '@paddock/rules';
import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../i18n/enum-labels';
import { HeldMark, PurgeDue } from '../legal-hold/junk-marks';
import { AssetThumbnail } from './asset-thumbnail';
import { displayName, formatDate } from './format';
import { LIST_COLUMNS } from './list-headers';
import { PreflightMark } from './preflight-mark';
import { PublishedMark } from './published-mark';
import { RestrictedMark } from './restricted-mark';
import { SelectBox } from './select-box';
import type { ClickModifiers } from './selection';
import { StateChip } from './state-chip';
import { durationText, TypeBadge } from './type-badge';
import type { ViewMode } from './use-view-mode';

interface AssetItemProps {
  asset: AssetSummary;
  index: number;
  viewMode: ViewMode;
  /** The grid tiles' thumbnail height, in pixels. */
  thumbnailHeight: number;
  columns: number;
  selected: boolean;
  onFocusIndex(index: number): void;
  onClick(id: string, modifiers: ClickModifiers): void;
  onToggle(id: string): void;
  onOpen(id: string, byDoubleClick: boolean): void;
}

/** Memoised: while the grid scrolls, only the rows coming into view render, not those already there. */
export const AssetItem = memo(function AssetItem({
  asset,
  index,
  viewMode,
  thumbnailHeight,
  columns,
  selected,
  ...handlers
}: AssetItemProps) {
  const { t } = useTranslation();
  const name = displayName(asset.name, asset.extension);
  const common = {
    role: 'option',
    'aria-selected': selected,
    'aria-label': name,
    'data-index-item': index,
    tabIndex: index === 0 ? 0 : -1,
    className: 'group',
    onFocus: () => handlers.onFocusIndex(index),
    onClick: (event: MouseEvent) => {
      // The second click of a double-click opens; it does not select again.
      if (event.detail > 1) return;
      handlers.onClick(asset.id, { toggle: event.ctrlKey || event.metaKey, range: event.shiftKey });
    },
    onDoubleClick: () => handlers.onOpen(asset.id, true),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        handlers.onOpen(asset.id, false);
      } else if (event.key === ' ') {
        event.preventDefault();
        handlers.onToggle(asset.id);
      }
    },
    cursor: 'pointer',
    userSelect: 'none',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  } as const;
  const toggle = () => handlers.onToggle(asset.id);
  const junkFacts = asset.purgeDueAt !== undefined || Boolean(asset.holdReasons?.length);
  const duration = durationText(asset);
  // Whole words on up to two lines, the full name in the tooltip: siblings differ where they differ.
  const nameText = (
    <Text
      title={name}
      fontSize="sm"
      fontWeight="medium"
      lineHeight="1.25"
      lineClamp={2}
      wordBreak="break-word"
    >
      {name}
    </Text>
  );

  if (viewMode === 'list') {
    return (
      <Flex
        {...common}
        align="center"
        gap="4"
        w="full"
        px="3"
        borderBottomWidth="1px"
        bg={selected ? 'brand.subtle' : undefined}
        _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
      >
        <SelectBox name={name} selected={selected} onToggle={toggle} />
        <AssetThumbnail asset={asset} width="10" height="10" compact />
        <Box {...LIST_COLUMNS.name}>
          {junkFacts ? (
            // In the junk, under the name: when the purge may take it, and the holds that keep it.
            <Stack gap="0.5" minW="0">
              <Text title={name} fontSize="sm" fontWeight="medium" truncate>
                {name}
              </Text>
              <HStack gap="2" minW="0" fontSize="xs" color="fg.muted">
                <PurgeDue asset={asset} flexShrink={0} />
                <HeldMark reasons={asset.holdReasons} />
              </HStack>
            </Stack>
          ) : (
            nameText
          )}
        </Box>
        <Box {...LIST_COLUMNS.state}>
          <HStack gap="1.5">
            <StateChip state={asset.workflowState} />
            <RestrictedMark restricted={asset.restricted} />
            <PublishedMark published={asset.published} />
            <PreflightMark verdict={asset.preflightVerdict} />
          </HStack>
        </Box>
        <Text {...LIST_COLUMNS.type} color="fg.muted" truncate>
          {enumLabel(t, 'contentType', asset.type)}
          {duration ? ` · ${duration}` : ''}
        </Text>
        <Text {...LIST_COLUMNS.date} color="fg.muted">
          {formatDate(asset.createdAt)}{' '}
          <chakra.span aria-label={t('assets.card.versionOf', { version: asset.version })}>
            · {t('assets.card.version', { version: asset.version })}
          </chakra.span>
        </Text>
        <Text {...LIST_COLUMNS.owner} color="fg.muted" truncate>
          {asset.owner}
        </Text>
      </Flex>
    );
  }
  return (
    <chakra.div
      {...common}
      display="flex"
      flexDirection="column"
      gap="1.5"
      p="2"
      my="1.5"
      style={{ width: `calc((100% - ${(columns - 1) * 12}px) / ${columns})` }}
      borderWidth="2px"
      borderColor={selected ? 'brand.solid' : 'border'}
      bg={selected ? 'brand.subtle' : 'bg'}
      rounded="l3"
      overflow="hidden"
      _hover={{ borderColor: selected ? 'brand.solid' : 'border.emphasized' }}
    >
      <Box position="relative">
        <AssetThumbnail
          asset={asset}
          width="full"
          height={`${thumbnailHeight}px`}
          compact={thumbnailHeight < 96}
        />
        <Box position="absolute" top="1.5" left="1.5">
          <SelectBox name={name} selected={selected} onToggle={toggle} />
        </Box>
        <TypeBadge asset={asset} position="absolute" top="1.5" right="1.5" />
        {/* More marks than one line holds (a long French state and a pre-flight verdict) wrap upwards. */}
        <HStack
          position="absolute"
          bottom="1.5"
          left="1.5"
          maxW="calc(100% - 0.75rem)"
          gap="1.5"
          wrap="wrap-reverse"
        >
          <StateChip state={asset.workflowState} overlay />
          <RestrictedMark restricted={asset.restricted} overlay />
          <PublishedMark published={asset.published} overlay />
          <PreflightMark verdict={asset.preflightVerdict} overlay />
          <HeldMark reasons={asset.holdReasons} overlay />
        </HStack>
      </Box>
      <Box h="2.5em" fontSize="sm">
        {nameText}
      </Box>
      <HStack justify="space-between" gap="2" fontSize="xs" color="fg.muted">
        {/* In the junk the date that matters is the purge's (the detail keeps the creation date). */}
        {asset.purgeDueAt ? <PurgeDue asset={asset} /> : <Text>{formatDate(asset.createdAt)}</Text>}
        <Text aria-label={t('assets.card.versionOf', { version: asset.version })}>
          {t('assets.card.version', { version: asset.version })}
        </Text>
      </HStack>
    </chakra.div>
  );
});
