import { Box, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../components/ui/alert-banner';
import { EmptyState } from '../../components/ui/empty-state';
import { shareSendersQueryOptions } from './manage.queries';

/** Who sent how many external shares and recipients in the rate's window, beside the per-user limits. */
export function ShareSendersPanel() {
  const { t } = useTranslation();
  const senders = useQuery(shareSendersQueryOptions());
  if (senders.isPending) return <Skeleton height="40" rounded="l2" />;
  if (senders.isError) return <AlertBanner>{t('manage.errors.senders')}</AlertBanner>;
  const { windowMinutes, maxShares, maxRecipients, items } = senders.data;
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        {t('manage.senders.limits', {
          minutes: windowMinutes,
          shares: maxShares,
          recipients: maxRecipients,
        })}
      </Text>
      {items.length === 0 ? (
        <Box borderWidth="1px" rounded="l3">
          <EmptyState
            icon={<Send />}
            title={t('manage.senders.emptyTitle')}
            description={t('manage.senders.emptyDescription', { minutes: windowMinutes })}
          />
        </Box>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="l2">
          <Table.Root size="sm" aria-label={t('manage.senders.table')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('manage.senders.user')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('manage.senders.shares')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('manage.senders.recipients')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((sender) => (
                <Table.Row key={sender.username}>
                  <Table.Cell>{sender.username}</Table.Cell>
                  <Table.Cell textAlign="end">{sender.shares}</Table.Cell>
                  <Table.Cell textAlign="end">{sender.recipients}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
