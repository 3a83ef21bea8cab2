import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import {
  KEEPING_DECISIONS,
  keepsBoth,
  type DuplicateAsset,
  type DuplicatePair,
  type DuplicateReviewState,
} from '@paddock/rules';
import { Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { displayName, formatDateTime } from '../assets/format';
import type { DuplicateActions } from './use-duplicate-actions';

interface DuplicatePairRowProps {
  pair: DuplicatePair;
  /** The group's assets by id. */
  assets: ReadonlyMap<string, DuplicateAsset>;
  state: DuplicateReviewState;
  actions: DuplicateActions;
  onSame(pair: DuplicatePair): void;
}

const nameOf = (assets: ReadonlyMap<string, DuplicateAsset>, id: string) => {
  const asset = assets.get(id);
  return asset ? displayName(asset.name, asset.extension) : id;
};

/**
 * One pair of a group: the two names, how it was found, then its decision (Undo in the Ignored
 * tab where both assets were kept) or the three ways to decide it.
 */
export function DuplicatePairRow({ pair, assets, state, actions, onSame }: DuplicatePairRowProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const names = { first: nameOf(assets, pair.a), second: nameOf(assets, pair.b) };
  const busy = actions.busy(pair);
  const decision = pair.decision;
  return (
    <Stack
      as="li"
      aria-label={t('duplicates.pair', names)}
      direction={{ base: 'column', md: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', md: 'center' }}
      gap="3"
      py="3"
      borderTopWidth="1px"
    >
      <Stack gap="1" minW="0">
        <Text fontWeight="medium" wordBreak="break-word">
          {t('duplicates.pair', names)}
        </Text>
        <HStack>
          <Badge variant="subtle" colorPalette={pair.match === 'exact' ? 'orange' : 'blue'}>
            {pair.match === 'exact'
              ? t('duplicates.match.exact')
              : t('duplicates.match.near', { distance: pair.distance })}
          </Badge>
        </HStack>
      </Stack>
      {decision ? (
        <HStack gap="3" flexShrink={0} wrap="wrap">
          <Stack gap="0" fontSize="sm">
            <Text>
              {pair.decidedBy && pair.decidedAt
                ? t('duplicates.decided', {
                    decision: t(`duplicates.decisions.${decision}`),
                    who: pair.decidedBy,
                    when: formatDateTime(pair.decidedAt, language),
                  })
                : t(`duplicates.decisions.${decision}`)}
            </Text>
            {decision === 'same' && pair.kept ? (
              <Text color="fg.muted">{t('duplicates.keptName', { name: nameOf(assets, pair.kept) })}</Text>
            ) : null}
          </Stack>
          {state === 'ignored' && keepsBoth(decision) ? (
            <Button size="sm" variant="outline" loading={busy} onClick={() => actions.undo(pair)}>
              <Undo2 />
              {t('duplicates.actions.undo')}
            </Button>
          ) : null}
        </HStack>
      ) : (
        <HStack gap="2" flexShrink={0} wrap="wrap">
          {KEEPING_DECISIONS.map((keep) => (
            <Button
              key={keep}
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => actions.keepBoth(pair, keep)}
            >
              {t(`duplicates.decisions.${keep}`)}
            </Button>
          ))}
          <Button size="sm" disabled={busy} onClick={() => onSame(pair)}>
            {t('duplicates.actions.same')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
