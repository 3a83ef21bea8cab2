import { Button, Group } from '@chakra-ui/react';
import type { Place } from '@paddock/rules';
import { Check, FolderInput, RotateCcw, Trash2, X, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
}

/** The workflow actions allowed here, as one toolbar. */
export function WorkflowButtons({ actions, place, disabled, onStart, label }: WorkflowButtonsProps) {
  const { t } = useTranslation();
  if (!actions.length) return null;
  return (
    <Group role="toolbar" aria-label={label} gap="2" flexWrap="wrap">
      {actions.map((action) => {
        const Icon = ICONS[action];
        return (
          <Button
            key={action}
            size="sm"
            variant={PALETTES[action] ? 'solid' : 'outline'}
            colorPalette={PALETTES[action]}
            disabled={disabled}
            onClick={() => onStart(action)}
          >
            <Icon />
            {t(flowActionLabelKey(action, place))}
          </Button>
        );
      })}
    </Group>
  );
}
