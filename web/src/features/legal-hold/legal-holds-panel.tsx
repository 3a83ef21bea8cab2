import { Box, Button, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { mayHoldDepartment, type LegalHoldView } from '@paddock/rules';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Lock, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LegalHoldState } from '../../api/legal-holds.api';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { Select } from '../../components/ui/select';
import { useLanguage } from '../../i18n/use-language';
import { formatDateTime } from '../assets/format';
import { useDepartments } from '../manage/use-departments';
import { InlineError } from '../ui/inline-error';
import { holdTargetName } from './hold-target';
import { legalHoldListQueryOptions } from './legal-hold.queries';
import { useLegalHoldDialogs } from './use-legal-hold-dialogs';

const STATES: readonly LegalHoldState[] = ['active', 'released', 'all'];

/**
 * The administrators' legal holds (/manage): the active ones with their release, the released ones
 * kept with who released them and when, and a hold on a whole department. Assets and folders are
 * held where they are seen (the detail, the selection bar, the folder menu).
 */
export function LegalHoldsPanel() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [state, setState] = useState<LegalHoldState>('active');
  const holds = useInfiniteQuery(legalHoldListQueryOptions(state, language));
  const dialogs = useLegalHoldDialogs();
  const items = holds.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="4" data-testid="legal-holds-panel">
      <Text color="fg.muted">{t('legalHold.panel.intro')}</Text>
      <DepartmentHold />
      <HStack gap="3">
        <Text fontWeight="medium">{t('legalHold.panel.show')}</Text>
        <Box maxW="xs" flex="1">
          <Select<LegalHoldState>
            aria-label={t('legalHold.panel.show')}
            value={state}
            options={STATES.map((value) => ({ value, label: t(`legalHold.panel.states.${value}`) }))}
            onChange={setState}
          />
        </Box>
      </HStack>
      {holds.isPending ? (
        <Skeleton height="24" rounded="l2" />
      ) : holds.isError ? (
        <InlineError
          message={t('legalHold.loadFailed')}
          error={holds.error}
          retrying={holds.isRefetching}
          onRetry={() => void holds.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<ShieldCheck />}
          title={t(`legalHold.panel.empty.${state}.title`)}
          description={t(`legalHold.panel.empty.${state}.description`)}
        />
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" rounded="l2">
            <Table.Root size="sm">
              <Table.Caption srOnly>{t('legalHold.panel.caption')}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('legalHold.panel.columns.target')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('legalHold.panel.columns.reason')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('legalHold.panel.columns.placed')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('legalHold.panel.columns.released')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((hold) => (
                  <HoldRow key={hold.id} hold={hold} onRelease={() => dialogs.release(hold)} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <LoadMoreButton label={t('legalHold.panel.more')} pages={holds} />
        </>
      )}
    </Stack>
  );
}

function HoldRow({ hold, onRelease }: { hold: LegalHoldView; onRelease(): void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const by = (person: string, at: string) =>
    t('legalHold.panel.by', { person, date: formatDateTime(at, language) });
  return (
    <Table.Row>
      <Table.Cell>
        <Text fontSize="xs" color="fg.muted">
          {t(`legalHold.scopes.${hold.scope}`)}
        </Text>
        <Text fontWeight="medium" wordBreak="break-word">
          {holdTargetName(t, hold)}
        </Text>
      </Table.Cell>
      <Table.Cell wordBreak="break-word">{hold.reason}</Table.Cell>
      <Table.Cell>{by(hold.placedBy, hold.placedAt)}</Table.Cell>
      <Table.Cell>
        {hold.releasedAt && hold.releasedBy ? (
          by(hold.releasedBy, hold.releasedAt)
        ) : (
          <Button
            size="xs"
            variant="outline"
            aria-label={t('legalHold.release.label', { reason: hold.reason })}
            onClick={onRelease}
          >
            {t('legalHold.release.action')}
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/** A hold on a whole department, for the departments this administrator may hold (mayHoldDepartment). */
function DepartmentHold() {
  const { t } = useTranslation();
  const { departments, loaded } = useDepartments(mayHoldDepartment);
  const [department, setDepartment] = useState<string | null>(null);
  const dialogs = useLegalHoldDialogs();
  const chosen = departments.find((d) => d.code === department) ?? departments[0];
  if (!loaded) return <Skeleton height="10" rounded="l2" />;
  if (!chosen) return null;
  return (
    <HStack gap="3" wrap="wrap">
      <Text fontWeight="medium">{t('legalHold.panel.department')}</Text>
      <Box maxW="xs" flex="1" minW="40">
        <Select
          aria-label={t('legalHold.panel.department')}
          value={chosen.code}
          options={departments.map((d) => ({ value: d.code, label: d.name }))}
          onChange={setDepartment}
        />
      </Box>
      <Button
        size="sm"
        variant="outline"
        onClick={() =>
          dialogs.place({
            scope: 'department',
            targetIds: [chosen.code],
            title: t('legalHold.place.title.department', { name: chosen.name }),
          })
        }
      >
        <Lock />
        {t('legalHold.panel.holdDepartment')}
      </Button>
    </HStack>
  );
}
