import { CloseButton, Drawer, Portal, Skeleton, Stack } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../components/ui/alert-banner';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { externalSharesQueryOptions } from './external-shares.api';
import { ShareCard } from './share-card';

/** The user's external shares, newest first (SPEC §2 external-share management panel). */
export function ExternalSharesPanel() {
  const { t } = useTranslation();
  const shares = useInfiniteQuery(externalSharesQueryOptions());
  if (shares.isPending) return <Skeleton height="32" />;
  // A failed further page keeps the pages shown (and says so below them).
  if (!shares.data) return <AlertBanner>{t('sharing.errors.E004')}</AlertBanner>;
  const items = shares.data.pages.flatMap((page) => page.items);
  if (!items.length)
    return (
      <EmptyState
        icon={<Share2 />}
        title={t('sharing.panel.emptyTitle')}
        description={t('sharing.panel.emptyDescription')}
      />
    );
  return (
    <Stack gap="3">
      <Stack as="ul" gap="3" listStyleType="none" aria-label={t('sharing.panel.title')}>
        {items.map((share) => (
          <ShareCard key={share.id} share={share} />
        ))}
      </Stack>
      {shares.isFetchNextPageError ? <AlertBanner>{t('sharing.errors.E004')}</AlertBanner> : null}
      <LoadMoreButton label={t('sharing.panel.more')} pages={shares} />
    </Stack>
  );
}

/** The management panel in a drawer, open until the user closes it. */
export function ExternalSharesDrawer({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer.Root open size="md" onOpenChange={(details) => (details.open ? undefined : onClose())}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t('sharing.panel.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <ExternalSharesPanel />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('sharing.panel.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
