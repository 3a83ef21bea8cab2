import { Box, Skeleton, Stack } from '@chakra-ui/react';
import type { DuplicateAsset, DuplicatePair, DuplicateReviewState } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { CopyCheck, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { useLanguage } from '../../i18n/use-language';
import { InlineError } from '../ui/inline-error';
import { DuplicateGroupCard } from './duplicate-group-card';
import { duplicatesQueryOptions } from './duplicates.queries';
import { SameAssetDialog } from './same-asset-dialog';
import { useDuplicateActions } from './use-duplicate-actions';

interface SameAsked {
  pair: DuplicatePair;
  assets: readonly [DuplicateAsset, DuplicateAsset];
}

/** One tab of the review: its groups, or why there are none to show. */
export function DuplicateGroups({ state }: { state: DuplicateReviewState }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const groups = useQuery(duplicatesQueryOptions(state, language));
  const actions = useDuplicateActions();
  const [sameAsked, setSameAsked] = useState<SameAsked | null>(null);

  if (groups.isPending)
    return (
      <Stack gap="4" role="status" aria-label={t('loading.label')}>
        <Skeleton height="48" rounded="l3" />
        <Skeleton height="48" rounded="l3" />
      </Stack>
    );
  if (groups.isError)
    return (
      <InlineError
        message={t('duplicates.loadFailed')}
        error={groups.error}
        onRetry={() => void groups.refetch()}
        retrying={groups.isFetching}
      />
    );
  if (!groups.data.groups.length)
    return (
      <Box bg="bg" rounded="l3" borderWidth="1px">
        <EmptyState
          icon={state === 'open' ? <CopyCheck /> : <EyeOff />}
          title={t(`duplicates.empty.${state}.title`)}
          description={t(`duplicates.empty.${state}.description`)}
        />
      </Box>
    );
  return (
    <>
      <Stack as="ul" gap="4" m="0" listStyleType="none" aria-label={t('duplicates.groups')}>
        {groups.data.groups.map((group) => (
          <DuplicateGroupCard
            key={group.assets.map((asset) => asset.id).join('|')}
            group={group}
            state={state}
            actions={actions}
            onSame={(pair, assets) => {
              const a = assets.get(pair.a);
              const b = assets.get(pair.b);
              if (a && b) setSameAsked({ pair, assets: [a, b] });
            }}
          />
        ))}
      </Stack>
      {sameAsked ? (
        <SameAssetDialog
          pair={sameAsked.pair}
          assets={sameAsked.assets}
          busy={actions.busy(sameAsked.pair)}
          onCancel={() => setSameAsked(null)}
          onConfirm={(choice) =>
            void actions.same(choice).then((saved) => (saved ? setSameAsked(null) : undefined))
          }
        />
      ) : null}
    </>
  );
}
