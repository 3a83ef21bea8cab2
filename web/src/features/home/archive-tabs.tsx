import { chakra, Flex, useSlotRecipe } from '@chakra-ui/react';
import { ARCHIVE_SUB_STATES, type ArchiveSubState } from '@paddock/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../ui/on-demand';

/** The ids that tie the tabs, which come on demand, to the panel the page renders at once. */
export const archiveTabIds = {
  trigger: (value: string) => `archive-tab-${value}`,
  content: () => 'archive-tab-panel',
};

export interface ArchiveTabsProps {
  value: ArchiveSubState;
  onPick(next: ArchiveSubState): void;
}

/** The tabs' look, the picked one marked, while their code loads: nothing moves when they come. */
function ArchiveTabsPlaceholder({ value }: ArchiveTabsProps) {
  const { t } = useTranslation();
  const styles = useSlotRecipe({ key: 'tabs' })({ variant: 'enclosed', size: 'sm' });
  return (
    <chakra.div css={styles.root} data-orientation="horizontal" aria-hidden>
      <chakra.div css={styles.list} data-orientation="horizontal">
        {ARCHIVE_SUB_STATES.map((candidate) => (
          <chakra.span
            key={candidate}
            css={styles.trigger}
            data-orientation="horizontal"
            data-selected={candidate === value ? '' : undefined}
          >
            {t(`home.archive.tabs.${candidate}`)}
          </chakra.span>
        ))}
      </chakra.div>
    </chakra.div>
  );
}

/**
 * The archive's sub-state tabs (shared, department, channels, internal sharing). Their code (Ark's
 * tabs and its presence machine) comes just after the first render, which shows their likeness
 * (issue 26); the panel below them is the page's own, so the listing never waits for them.
 */
export const ArchiveTabs = onDemand(
  () => import('./archive-tab-list').then((module) => module.ArchiveTabList),
  (props: ArchiveTabsProps) => <ArchiveTabsPlaceholder {...props} />,
);

/** The picked tab's panel around the listing, as the tabs' own panel would be. */
export function ArchiveTabPanel({ value, children }: { value: ArchiveSubState; children: ReactNode }) {
  return (
    <Flex
      role="tabpanel"
      id={archiveTabIds.content()}
      aria-labelledby={archiveTabIds.trigger(value)}
      tabIndex={0}
      data-orientation="horizontal"
      focusVisibleRing="inside"
      flex="1"
      minH="0"
      direction="column"
    >
      {children}
    </Flex>
  );
}
