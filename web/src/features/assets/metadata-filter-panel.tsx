import { type MetadataFilter } from '@paddock/rules';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountedIconButton } from '../../components/ui/counted-icon-button';
import { onDemand } from '../ui/on-demand';

// The dialog's form is fetched when first opened: the archive's first screen carries the button only.
const MetadataFilterDialog = onDemand(() =>
  import('./metadata-filter-dialog').then((module) => module.MetadataFilterDialog),
);

interface MetadataFilterPanelProps {
  value: readonly MetadataFilter[];
  onChange(next: MetadataFilter[]): void;
}

/** The metadata search of SPEC §3 behind one toolbar button, which counts the conditions applied. */
export function MetadataFilterPanel({ value, onChange }: MetadataFilterPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const active = value.reduce((sum, group) => sum + group.clauses.length, 0);
  const label = active ? t('assets.metadata.openActive', { count: active }) : t('assets.metadata.open');
  return (
    <>
      <CountedIconButton
        count={active}
        label={label}
        icon={<SlidersHorizontal />}
        onClick={() => setOpen(true)}
      />
      {open ? (
        <MetadataFilterDialog value={value} onChange={onChange} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
