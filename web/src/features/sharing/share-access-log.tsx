import { Skeleton, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { AlertBanner } from '../../components/ui/alert-banner';
import { formatDateTime } from '../assets/format';
import { shareEventsQueryOptions } from './external-shares.api';
import { enumLabel } from '../../i18n/enum-labels';

/** A share's access log (SPEC §2 panel): who opened the page or downloaded what, newest first. */
export function ShareAccessLog({ shareId }: { shareId: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const events = useQuery(shareEventsQueryOptions(shareId));
  if (events.isPending) return <Skeleton height="16" />;
  if (events.isError) return <AlertBanner>{t('sharing.errors.E004')}</AlertBanner>;
  if (!events.data.items.length)
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('sharing.panel.noEvents')}
      </Text>
    );
  return (
    <Table.Root size="sm" aria-label={t('sharing.panel.accessLog')}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('sharing.panel.when')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('sharing.panel.who')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('sharing.panel.what')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {events.data.items.map((e, index) => (
          <Table.Row key={`${e.at}-${index}`}>
            <Table.Cell>{formatDateTime(e.at, language)}</Table.Cell>
            <Table.Cell>{e.email ?? t('sharing.panel.linkVisitor')}</Table.Cell>
            <Table.Cell>{enumLabel(t, 'shareEvent', e.event)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
