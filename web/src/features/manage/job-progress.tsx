import { HStack, Progress, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A job's progress as a bar with its percentage, named for screen readers. */
export function JobProgress({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <HStack gap="2" minW="28">
      <Progress.Root value={value} size="sm" flex="1" aria-label={t('manage.jobs.progress')}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text textStyle="xs" minW="9" textAlign="end">
        {value}%
      </Text>
    </HStack>
  );
}
