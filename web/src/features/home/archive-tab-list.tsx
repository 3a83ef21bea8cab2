import { Tabs } from '@chakra-ui/react';
import { ARCHIVE_SUB_STATES } from '@paddock/rules';
import { useTranslation } from 'react-i18next';
import { archiveTabIds, type ArchiveTabsProps } from './archive-tabs';

/** The archive's tabs, loaded on demand by `ArchiveTabs`. */
export function ArchiveTabList({ value, onPick }: ArchiveTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs.Root
      value={value}
      onValueChange={({ value: picked }) => {
        const next = ARCHIVE_SUB_STATES.find((candidate) => candidate === picked);
        if (next) onPick(next);
      }}
      variant="enclosed"
      size="sm"
      // Picking a tab closes the open folder and loads another tree: arrows move, Enter picks.
      activationMode="manual"
      ids={archiveTabIds}
    >
      <Tabs.List aria-label={t('home.archive.label')}>
        {ARCHIVE_SUB_STATES.map((candidate) => (
          <Tabs.Trigger key={candidate} value={candidate}>
            {t(`home.archive.tabs.${candidate}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
