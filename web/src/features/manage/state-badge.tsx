import { Badge } from '@chakra-ui/react';
import type { JobState } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../i18n/enum-labels';

const PALETTE: Record<JobState, string> = {
  waiting: 'gray',
  active: 'blue',
  retrying: 'orange',
  completed: 'green',
  failed: 'red',
  cancelled: 'purple',
};

/** A job's state as a coloured word (the word carries the meaning, not the colour). */
export function StateBadge({ state }: { state: JobState }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[state]} variant="subtle">
      {enumLabel(t, 'jobState', state)}
    </Badge>
  );
}
