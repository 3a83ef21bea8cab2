import { Group } from '@chakra-ui/react';
import type { Place } from '@paddock/rules';
import { Check, FolderInput, RotateCcw, Trash2, X, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BarButton } from '../../components/ui/bar-button';
import type { FlowAction } from './use-workflow-flow';
import { flowActionLabelKey } from './workflow-actions';

const ICONS: Record<FlowAction, LucideIcon> = {
  accept: Check,
  reject: X,
  move: FolderInput,
  restore: RotateCcw,
  delete: Trash2,
  'supplier-remove': Trash2,
};
const PALETTES: Partial<Record<FlowAction, string>> = { accept: 'green', reject: 'red' };

interface WorkflowButtonsProps {
  actions: readonly FlowAction[];
  place: Place | undefined;
  disabled: boolean;
  onStart(action: FlowAction): void;
  label: string;
  /** The buttons without their text (a bar too narrow for labels). */
  iconOnly?: boolean;
}

/** The workflow actions allowed here, as one toolbar. */
export function WorkflowButtons({
  actions,
  place,
  disabled,
  onStart,
  label,
  iconOnly,
}: WorkflowButtonsProps) {
  const { t } = useTranslation();
  if (!actions.length) return null;
  return (
    <Group role="toolbar" aria-label={label} gap="2" flexWrap="wrap">
      {actions.map((action) => {
        const Icon = ICONS[action];
        return (
          <BarButton
            key={action}
            variant={PALETTES[action] ? 'solid' : 'outline'}
            colorPalette={PALETTES[action]}
            icon={<Icon />}
            label={t(flowActionLabelKey(action, place))}
            iconOnly={iconOnly}
            disabled={disabled}
            onClick={() => onStart(action)}
          />
        );
      })}
    </Group>
  );
}
