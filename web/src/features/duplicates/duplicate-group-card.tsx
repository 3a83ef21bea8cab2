import { Card, Flex, Stack } from '@chakra-ui/react';
import type { DuplicateAsset, DuplicateGroup, DuplicatePair, DuplicateReviewState } from '@paddock/rules';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DuplicateAssetTile } from './duplicate-asset-tile';
import { DuplicatePairRow } from './duplicate-pair-row';
import type { DuplicateActions } from './use-duplicate-actions';

interface DuplicateGroupCardProps {
  group: DuplicateGroup;
  state: DuplicateReviewState;
  actions: DuplicateActions;
  onSame(pair: DuplicatePair, assets: ReadonlyMap<string, DuplicateAsset>): void;
}

/** Assets linked by candidate pairs: their thumbnails, then one row per pair. */
export function DuplicateGroupCard({ group, state, actions, onSame }: DuplicateGroupCardProps) {
  const { t } = useTranslation();
  const assets = useMemo(() => new Map(group.assets.map((asset) => [asset.id, asset])), [group.assets]);
  return (
    <Card.Root as="li" aria-label={t('duplicates.group', { count: group.assets.length })}>
      <Card.Body gap="3">
        <Flex as="ul" wrap="wrap" gap="3" m="0">
          {group.assets.map((asset) => (
            <DuplicateAssetTile key={asset.id} asset={asset} />
          ))}
        </Flex>
        <Stack as="ul" gap="0" m="0" listStyleType="none" aria-label={t('duplicates.pairs')}>
          {group.pairs.map((pair) => (
            <DuplicatePairRow
              key={`${pair.a}|${pair.b}`}
              pair={pair}
              assets={assets}
              state={state}
              actions={actions}
              onSame={(chosen) => onSame(chosen, assets)}
            />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
