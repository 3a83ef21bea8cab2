import { Box, Button, HStack, Input, Skeleton, Stack, Table } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import type { AuditSearch } from '../../api/audit.api';
import { AlertBanner } from '../../components/ui/alert-banner';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { auditSentence } from './audit-sentence';
import { ErrorText } from './job-detail-drawer';
import { formatDateTime } from '../assets/format';
import { auditQueryOptions } from './manage.queries';
import { auditActionLabel, enumLabel } from '../../i18n/enum-labels';

const EMPTY: AuditSearch = { assetId: '', actor: '', from: '', to: '' };

/** The audit log: search by asset, user and days; newest first, a page at a time. */
export function AuditPanel() {
  const { t, i18n } = useTranslation();
  const [language] = useLanguage();
  const [draft, setDraft] = useState<AuditSearch>(EMPTY);
  const [search, setSearch] = useState<AuditSearch>(EMPTY);
  const audit = useInfiniteQuery(auditQueryOptions(search, i18n.language));
  const rows = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const badDates = draft.from !== '' && draft.to !== '' && draft.from > draft.to;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!badDates) setSearch(draft);
  };
  const field = (key: keyof AuditSearch) => ({
    value: draft[key] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: event.target.value }),
  });

  return (
    <Stack gap="6">
      <form onSubmit={submit} aria-label={t('manage.audit.search')}>
        <HStack gap="4" align="end" wrap="wrap">
          <Box minW="56">
            <Field label={t('manage.audit.assetId')}>
              <Input {...field('assetId')} />
            </Field>
          </Box>
          <Box minW="48">
            <Field label={t('manage.audit.actor')}>
              <Input {...field('actor')} />
            </Field>
          </Box>
          <Box>
            <Field label={t('manage.audit.from')}>
              <Input type="date" {...field('from')} />
            </Field>
          </Box>
          <Box>
            <Field label={t('manage.audit.to')}>
              <Input type="date" {...field('to')} />
            </Field>
          </Box>
          <Button type="submit" disabled={badDates}>
            {t('manage.audit.search')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setDraft(EMPTY);
              setSearch(EMPTY);
            }}
          >
            {t('manage.audit.clear')}
          </Button>
        </HStack>
      </form>
      {badDates ? <AlertBanner>{t('manage.audit.badDates')}</AlertBanner> : null}
      {audit.isPending ? <Skeleton height="40" rounded="l2" /> : null}
      {audit.isError ? <AlertBanner>{t('manage.errors.audit')}</AlertBanner> : null}
      {audit.isSuccess && rows.length === 0 ? (
        <Box borderWidth="1px" rounded="l3">
          <EmptyState
            icon={<ScrollText />}
            title={t('manage.audit.emptyTitle')}
            description={t('manage.audit.emptyDescription')}
          />
        </Box>
      ) : null}
      {rows.length ? (
        <Table.ScrollArea borderWidth="1px" rounded="l2">
          <Table.Root size="sm" stickyHeader aria-label={t('manage.audit.table')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('manage.audit.at')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('manage.audit.actor')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('manage.audit.action')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('manage.audit.what')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('manage.audit.outcome')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('manage.jobs.error')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.id} data-testid="audit-row">
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(row.at, language)}</Table.Cell>
                  {/* The username stays at hand for a search by user. */}
                  <Table.Cell title={row.actor}>{row.actorName}</Table.Cell>
                  <Table.Cell>{auditActionLabel(t, row.action)}</Table.Cell>
                  {/* The asset id stays at hand for a search by asset. */}
                  <Table.Cell title={row.assetId ?? undefined} whiteSpace="normal" minW="xs">
                    {auditSentence(t, i18n.language, row)}
                  </Table.Cell>
                  <Table.Cell>{enumLabel(t, 'auditOutcome', row.outcome)}</Table.Cell>
                  <Table.Cell whiteSpace="normal" minW="48">
                    {row.errorCode ? <ErrorText code={row.errorCode} /> : null}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
      <LoadMoreButton size="md" label={t('manage.loadMore')} pages={audit} />
    </Stack>
  );
}
