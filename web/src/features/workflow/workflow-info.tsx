import { Badge, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDeletionDate, type AssetWorkflowInfo } from '@paddock/rules';
import { useTranslation } from 'react-i18next';

/** Approval info of the right panel (SPEC §2): step, decision and who took it, the note, deletion date. */
export function WorkflowInfo({ workflow }: { workflow: AssetWorkflowInfo }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [];
  if (workflow.step !== null)
    rows.push([t('workflow.info.step'), t('workflow.info.stepN', { step: workflow.step })]);
  if (workflow.acceptedBy) rows.push([t('workflow.info.acceptedBy'), workflow.acceptedBy]);
  if (workflow.rejectedBy) rows.push([t('workflow.info.rejectedBy'), workflow.rejectedBy]);
  if (workflow.deletedAt !== null)
    rows.push([t('workflow.info.deletedAt'), formatDeletionDate(workflow.deletedAt)]);
  const state = workflow.rejected ? 'rejected' : workflow.accepted ? 'accepted' : null;
  if (!rows.length && !state && !workflow.note) return null;

  return (
    <Stack as="section" gap="2" aria-label={t('workflow.info.title')}>
      <HStack gap="2">
        <Heading as="h3" size="sm">
          {t('workflow.info.title')}
        </Heading>
        {state ? (
          <Badge colorPalette={state === 'rejected' ? 'red' : 'green'}>{t(`workflow.info.${state}`)}</Badge>
        ) : null}
      </HStack>
      {rows.length ? (
        <DataList.Root orientation="horizontal" size="sm">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      ) : null}
      {workflow.note ? (
        <Stack gap="1" bg="bg.muted" rounded="l2" p="3">
          <Text fontSize="sm" fontWeight="semibold">
            {t('workflow.info.note')}
          </Text>
          <Text fontSize="sm" whiteSpace="pre-wrap" data-testid="rejection-note">
            {workflow.note}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
