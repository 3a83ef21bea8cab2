import { Badge, Box, Button, DataList, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ExternalShareSummary, ShareRecipientSummary, ShareState } from '@paddock/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { formatDateTime } from '../assets/format';
import { useShowApiError } from '../ui/use-show-api-error';
import { ConfirmDialog } from '../workflow/confirm-dialog';
import { CopyLink } from './copy-link';
import { revokeRecipient, revokeShare, shareKeys } from './external-shares.api';
import { ShareAccessLog } from './share-access-log';
import { shareCodeText } from './share-errors';
import { enumLabel } from '../../i18n/enum-labels';

const PALETTE: Record<ShareState, string> = {
  pending: 'blue',
  active: 'green',
  expired: 'gray',
  revoked: 'orange',
  failed: 'red',
};

type Revoking = { kind: 'share' } | { kind: 'recipient'; recipient: ShareRecipientSummary };

/** One share of the management panel: its facts, its link or recipients, revoke and the access log. */
export function ShareCard({ share }: { share: ExternalShareSummary }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const queryClient = useQueryClient();
  const showApiError = useShowApiError();
  const [revoking, setRevoking] = useState<Revoking | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const revoke = useMutation({
    mutationFn: (target: Revoking) =>
      target.kind === 'share' ? revokeShare(share.id) : revokeRecipient(share.id, target.recipient.id),
    onSettled: () => {
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: shareKeys.all });
    },
    onError: showApiError,
  });
  const live = share.state === 'active' || share.state === 'pending';
  const date = (iso: string | null) => formatDateTime(iso, language);
  const failure = share.failure ? (shareCodeText(t, share.failure) ?? share.failure) : null;

  return (
    <Box as="li" borderWidth="1px" rounded="l2" p="3" data-testid="share-card" data-share-id={share.id}>
      <Stack gap="2">
        <HStack justify="space-between" align="start" wrap="wrap" gap="2">
          <Heading as="h3" size="sm" wordBreak="break-word">
            {share.name}
          </Heading>
          <HStack gap="1">
            <Badge variant="outline">{enumLabel(t, 'shareType', share.type)}</Badge>
            <Badge colorPalette={PALETTE[share.state]} variant="subtle" data-testid="share-state">
              {enumLabel(t, 'shareState', share.state)}
            </Badge>
          </HStack>
        </HStack>
        {failure ? (
          <Text fontSize="sm" color="fg.error">
            {t('sharing.panel.failedBecause', { reason: failure })}
          </Text>
        ) : null}
        <DataList.Root orientation="horizontal" size="sm" gap="1">
          <Fact label={t('sharing.panel.created')} value={date(share.createdAt)} />
          <Fact label={t('sharing.panel.expires')} value={date(share.expiresAt)} />
          <Fact label={t('sharing.panel.assets')} value={share.assetCount} />
          <Fact label={t('sharing.panel.views')} value={share.views} />
          <Fact label={t('sharing.panel.downloads')} value={share.downloads} />
        </DataList.Root>
        {share.url ? (
          <Stack gap="1">
            <CopyLink url={share.url} label={t('sharing.dialog.link')} />
            {live ? (
              <Link href={share.url} target="_blank" rel="noopener noreferrer" fontSize="sm">
                <ExternalLink size="14" />
                {t('sharing.open')}
              </Link>
            ) : null}
          </Stack>
        ) : null}
        {share.recipients.length ? (
          <Stack as="ul" gap="1" listStyleType="none" aria-label={t('sharing.panel.recipients')}>
            {share.recipients.map((r) => (
              <HStack as="li" key={r.id} justify="space-between" gap="2" wrap="wrap" fontSize="sm">
                <Text fontWeight="medium">{r.email}</Text>
                <Text color="fg.muted">
                  {r.revoked
                    ? t('sharing.panel.recipientRevoked')
                    : t('sharing.panel.recipientCounts', {
                        views: r.views,
                        downloads: r.downloads,
                        last: r.lastOpenedAt ? date(r.lastOpenedAt) : t('sharing.panel.never'),
                      })}
                </Text>
                {live && !r.revoked ? (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => setRevoking({ kind: 'recipient', recipient: r })}
                  >
                    {t('sharing.panel.revokeRecipient', { email: r.email })}
                  </Button>
                ) : null}
              </HStack>
            ))}
          </Stack>
        ) : null}
        <HStack gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => setLogOpen((o) => !o)} aria-expanded={logOpen}>
            {t('sharing.panel.accessLog')}
          </Button>
          {live ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => setRevoking({ kind: 'share' })}
            >
              {t('sharing.panel.revoke')}
            </Button>
          ) : null}
        </HStack>
        {logOpen ? <ShareAccessLog shareId={share.id} /> : null}
      </Stack>
      {revoking ? (
        <ConfirmDialog
          title={
            revoking.kind === 'share'
              ? t('sharing.panel.revokeTitle', { name: share.name })
              : t('sharing.panel.revokeRecipientTitle', { email: revoking.recipient.email })
          }
          message={t(
            revoking.kind === 'share'
              ? 'sharing.panel.revokeMessage'
              : 'sharing.panel.revokeRecipientMessage',
          )}
          confirmLabel={t('sharing.panel.revokeConfirm')}
          danger
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate(revoking)}
          onCancel={() => setRevoking(null)}
        />
      ) : null}
    </Box>
  );
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
