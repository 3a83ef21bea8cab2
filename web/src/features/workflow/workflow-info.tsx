import { Badge, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDeletionDate, type AssetWorkflowInfo } from '@paddock/rules';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface WorkflowInfoProps {
  workflow: AssetWorkflowInfo;
  /** The rejection drawing's part, shown with the note: its toggle, or the drawing itself, small. */
  drawing?: ReactNode;
  /** The earlier version the note and drawing were made on, when it is not the version shown. */
  rejectedOnVersion?: number;
}

/**
 * Approval info of the right panel (SPEC §2): step, decision and who took it, deletion date, and
 * the rejection's note with its drawing.
 */
export function WorkflowInfo({ workflow, drawing, rejectedOnVersion }: WorkflowInfoProps) {
  const { t } = useTranslation();
  const rejectionId = useId();
  const rows: [string, string][] = [];
  if (workflow.step !== null)
    rows.push([t('workflow.info.step'), t('workflow.info.stepN', { step: workflow.step })]);
  if (workflow.acceptedBy) rows.push([t('workflow.info.acceptedBy'), workflow.acceptedBy]);
  if (workflow.rejectedBy) rows.push([t('workflow.info.rejectedBy'), workflow.rejectedBy]);
  if (workflow.deletedAt !== null)
    rows.push([t('workflow.info.deletedAt'), formatDeletionDate(workflow.deletedAt)]);
  const state = workflow.rejected ? 'rejected' : workflow.accepted ? 'accepted' : null;
  if (!rows.length && !state && !workflow.note && !drawing) return null;

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
      {workflow.note || drawing ? (
        <Stack gap="2" bg="bg.muted" rounded="l2" p="3" role="group" aria-labelledby={rejectionId}>
          <Text id={rejectionId} fontSize="sm" fontWeight="semibold">
            {rejectedOnVersion
              ? t('workflow.info.rejectedOnVersion', { version: rejectedOnVersion })
              : t('workflow.info.note')}
          </Text>
          {workflow.note ? (
            <Text fontSize="sm" whiteSpace="pre-wrap" data-testid="rejection-note">
              {workflow.note}
            </Text>
          ) : null}
          {drawing}
        </Stack>
      ) : null}
    </Stack>
  );
}
