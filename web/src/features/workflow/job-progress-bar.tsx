import { HStack, Progress } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A running workflow job's progress (from its SSE events). */
export function JobProgressBar({ progress }: { progress: number | null }) {
  const { t } = useTranslation();
  if (progress === null) return null;
  return (
    <Progress.Root value={progress} size="sm" minW="48" data-testid="workflow-progress">
      <HStack justify="space-between" gap="3">
        <Progress.Label>{t('workflow.progress')}</Progress.Label>
        <Progress.ValueText>{progress}%</Progress.ValueText>
      </HStack>
      <Progress.Track aria-label={t('workflow.progress')}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
