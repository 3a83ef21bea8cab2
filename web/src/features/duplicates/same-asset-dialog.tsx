import { Button, Checkbox, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { DuplicateAsset, DuplicatePair } from '@paddock/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../components/ui/dialog';
import { AssetThumbnail } from '../assets/asset-thumbnail';
import { AssetCaption } from './duplicate-asset-tile';
import type { SameChoice } from './use-duplicate-actions';

interface SameAssetDialogProps {
  pair: DuplicatePair;
  /** The pair's two assets, `a` then `b`. */
  assets: readonly [DuplicateAsset, DuplicateAsset];
  busy: boolean;
  onConfirm(choice: SameChoice): void;
  onCancel(): void;
}

/**
 * "Same asset": which of the two to keep; the other goes to the department junk, from its folder,
 * and (unless unticked) its tags and metadata values the kept one lacks are added to the kept one.
 */
export function SameAssetDialog({ pair, assets, busy, onConfirm, onCancel }: SameAssetDialogProps) {
  const { t } = useTranslation();
  const [keepId, setKeepId] = useState<string | null>(null);
  const keep = assets.find((asset) => asset.id === keepId);
  const junk = keep ? assets.find((asset) => asset.id !== keep.id) : undefined;
  const [merge, setMerge] = useState(true);
  const reasonId = `same-asset-reason-${pair.a}-${pair.b}`;

  return (
    <AppDialog
      open
      dismissible={!busy}
      onDismiss={onCancel}
      title={t('duplicates.same.title')}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('duplicates.same.cancel')}
          </Button>
          <Button
            colorPalette="red"
            loading={busy}
            disabled={!keep || !junk}
            aria-describedby={keep ? undefined : reasonId}
            onClick={() => {
              if (keep && junk) onConfirm({ pair, keep, junk, merge });
            }}
          >
            {t('duplicates.same.confirm')}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <RadioCard.Root value={keepId} onValueChange={(details) => setKeepId(details.value)}>
          <RadioCard.Label>{t('duplicates.same.keep')}</RadioCard.Label>
          <SimpleGrid columns={2} gap="3">
            {assets.map((asset) => (
              <RadioCard.Item key={asset.id} value={asset.id}>
                <RadioCard.ItemHiddenInput />
                <RadioCard.ItemControl flexDirection="column" alignItems="stretch" gap="2">
                  <AssetThumbnail asset={asset} width="full" height="32" compact={false} />
                  <RadioCard.ItemContent gap="1">
                    <AssetCaption asset={asset} />
                  </RadioCard.ItemContent>
                </RadioCard.ItemControl>
              </RadioCard.Item>
            ))}
          </SimpleGrid>
        </RadioCard.Root>
        <Text>{t('duplicates.same.junkNote')}</Text>
        <Checkbox.Root checked={merge} onCheckedChange={(details) => setMerge(details.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('duplicates.same.merge')}</Checkbox.Label>
        </Checkbox.Root>
        {keep ? null : (
          <Text id={reasonId} color="fg.muted" fontSize="sm">
            {t('duplicates.same.choose')}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
