import { Badge } from '@chakra-ui/react';
import type { AssetWorkflowState } from '@paddock/rules';
import { useTranslation } from 'react-i18next';

/** The chip of SPEC §4's states on a card or row: where the asset stands in the workflow. */
const STATE_PALETTE: Record<AssetWorkflowState['kind'], string> = {
  waiting: 'orange',
  accepted: 'green',
  rejected: 'red',
  junk: 'gray',
};

export function StateChip({
  state,
  overlay = false,
}: {
  state: AssetWorkflowState | null;
  overlay?: boolean;
}) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Badge
      size="sm"
      variant={overlay ? 'solid' : 'subtle'}
      colorPalette={STATE_PALETTE[state.kind]}
      flexShrink={0}
      shadow={overlay ? 'sm' : undefined}
      data-testid="state-chip"
    >
      {state.kind === 'waiting'
        ? t('assets.card.state.waiting', { step: state.step })
        : t(`assets.card.state.${state.kind}`)}
    </Badge>
  );
}
