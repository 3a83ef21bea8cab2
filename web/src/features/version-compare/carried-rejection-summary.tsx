import { Button, Progress, Stack, Text } from '@chakra-ui/react';
import { checklistProgress, type CarriedRejection, type RejectionChecklist } from '@paddock/rules';
import { GitCompareArrows } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface CarriedRejectionSummaryProps {
  rejection: CarriedRejection;
  checklist: RejectionChecklist | null;
  /** An approver who may accept here: the summary asks them to check; others are shown where it stands. */
  mayMark: boolean;
  onCompare(): void;
}

/**
 * The detail's side panel, on a version that answers an earlier rejection: how many of its
 * corrections are checked, and the way into the compare view where they are.
 */
export function CarriedRejectionSummary({
  rejection,
  checklist,
  mayMark,
  onCompare,
}: CarriedRejectionSummaryProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const total = rejection.regions.length;
  const progress = checklistProgress(total, checklist?.marks ?? []);
  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      gap="2"
      p="3"
      rounded="l2"
      borderWidth="1px"
      borderColor={progress.complete ? 'border' : 'orange.muted'}
      bg={progress.complete ? 'bg.subtle' : 'orange.subtle'}
      data-testid="carried-rejection"
    >
      <Text id={headingId} fontWeight="semibold" fontSize="sm">
        {t('versionCompare.summary.title', { version: rejection.drawnOn })}
      </Text>
      <Text fontSize="sm">
        {mayMark && !progress.complete
          ? t('versionCompare.summary.toCheck', { checked: progress.checked, total })
          : t('versionCompare.checklist.progress', { checked: progress.checked, total })}
      </Text>
      <Progress.Root value={total ? (progress.checked / total) * 100 : 0} size="xs" colorPalette="green">
        <Progress.Track
          aria-label={t('versionCompare.checklist.progress', { checked: progress.checked, total })}
        >
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Button
        size="sm"
        variant={mayMark && !progress.complete ? 'solid' : 'outline'}
        onClick={onCompare}
        alignSelf="flex-start"
      >
        <GitCompareArrows />
        {t('versionCompare.open')}
      </Button>
    </Stack>
  );
}
