import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { mayManageLegalHolds } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { formatDate } from '../assets/format';
import { useSession } from '../session/use-session';
import { InlineError } from '../ui/inline-error';
import { holdTargetName } from './hold-target';
import { assetHoldsQueryOptions } from './legal-hold.queries';
import { useLegalHoldDialogs } from './use-legal-hold-dialogs';

interface AssetHoldsProps {
  assetId: string;
  /** The asset's name, for the dialog's title. */
  name: string;
}

/**
 * The detail's legal-hold section, for administrators (mayManageLegalHolds; the hub refuses anyone
 * else): what keeps the asset from deletion (a hold on it, its folder or its department), each
 * with its reason and a release, and the place-a-hold action.
 */
export function AssetHolds(props: AssetHoldsProps) {
  const session = useSession();
  return mayManageLegalHolds(session) ? <AssetHoldsSection {...props} /> : null;
}

function AssetHoldsSection({ assetId, name }: AssetHoldsProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const holds = useQuery(assetHoldsQueryOptions(assetId, language));
  const dialogs = useLegalHoldDialogs();
  const title = t('legalHold.detail.title');
  return (
    <Stack
      as="section"
      aria-label={title}
      gap="2"
      borderWidth="1px"
      rounded="l2"
      p="3"
      data-testid="asset-holds"
    >
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="semibold">{title}</Text>
        <Button
          size="xs"
          variant="outline"
          onClick={() =>
            dialogs.place({
              scope: 'asset',
              targetIds: [assetId],
              title: t('legalHold.place.title.asset', { name }),
            })
          }
        >
          <Lock />
          {t('legalHold.place.action')}
        </Button>
      </HStack>
      {holds.isPending ? (
        <Spinner size="sm" aria-label={t('loading.label')} />
      ) : holds.isError ? (
        <InlineError
          message={t('legalHold.loadFailed')}
          error={holds.error}
          retrying={holds.isRefetching}
          onRetry={() => void holds.refetch()}
        />
      ) : holds.data.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('legalHold.detail.none')}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {holds.data.map((hold) => (
            <HStack as="li" key={hold.id} justify="space-between" align="flex-start" gap="2">
              <Box minW="0">
                <Text fontSize="sm" fontWeight="medium" color="fg.error" wordBreak="break-word">
                  {t('legalHold.card.held', { reason: hold.reason })}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {t(`legalHold.detail.through.${hold.scope}`, { name: holdTargetName(t, hold) })}
                  {' · '}
                  {t('legalHold.placedBy', { person: hold.placedBy, date: formatDate(hold.placedAt) })}
                </Text>
              </Box>
              <Button
                size="xs"
                variant="ghost"
                flexShrink={0}
                aria-label={t('legalHold.release.label', { reason: hold.reason })}
                onClick={() => dialogs.release(hold)}
              >
                {t('legalHold.release.action')}
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
