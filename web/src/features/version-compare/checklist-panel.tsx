import { Button, ButtonGroup, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import {
  CHECKLIST_MARKS,
  INTL_LOCALES,
  checklistProgress,
  type ChecklistEntry,
  type ChecklistMark,
  type DrawingRegion,
} from '@paddock/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { formatDateTime } from '../assets/format';
import { markPalette } from './region-markers';

interface ChecklistPanelProps {
  /** The rejected version the regions were drawn on. */
  drawnOn: number;
  regions: readonly DrawingRegion[];
  marks: readonly ChecklistEntry[];
  /** The region shown zoomed in the panes. */
  selected?: number;
  /** Whether this user may set marks; the marks are shown either way. */
  mayMark: boolean;
  /** A mark is being saved: the buttons wait for it. */
  marking: boolean;
  onFocus(region: DrawingRegion): void;
  onMark(region: number, mark: ChecklistMark | null): void;
}

/**
 * The checklist of a carried-over rejection: how far it is, then each region with its number (which
 * shows it in the panes), its mark, and who set it when.
 */
export function ChecklistPanel(props: ChecklistPanelProps) {
  const { drawnOn, regions, marks, selected, mayMark, marking, onFocus, onMark } = props;
  const { t } = useTranslation();
  const [language] = useLanguage();
  const titleId = useId();
  const byRegion = new Map(marks.map((entry) => [entry.region, entry]));
  const progress = checklistProgress(regions.length, marks);
  const notFixed = new Intl.ListFormat(INTL_LOCALES[language], { type: 'conjunction' }).format(
    progress.notFixed.map(String),
  );

  return (
    <Stack as="section" aria-labelledby={titleId} gap="3">
      <Heading as="h3" size="sm" id={titleId}>
        {t('versionCompare.checklist.title', { version: drawnOn })}
      </Heading>
      <Text fontSize="sm" aria-live="polite">
        {t('versionCompare.checklist.progress', { checked: progress.checked, total: regions.length })}
      </Text>
      {progress.notFixed.length ? (
        <Text fontSize="sm" color="fg.error">
          {t('versionCompare.checklist.notFixed', { count: progress.notFixed.length, regions: notFixed })}
        </Text>
      ) : null}
      <Stack as="ul" role="list" gap="0" listStyleType="none">
        {regions.map((region) => {
          const entry = byRegion.get(region.number);
          const label = t('versionCompare.checklist.region', { number: region.number });
          return (
            <Stack as="li" key={region.number} aria-label={label} gap="1" py="2" borderTopWidth="1px">
              <HStack gap="2">
                <Button
                  size="xs"
                  rounded="full"
                  minW="7"
                  colorPalette={markPalette(entry?.mark)}
                  variant={region.number === selected ? 'solid' : 'subtle'}
                  aria-label={t('versionCompare.checklist.show', { number: region.number })}
                  aria-current={region.number === selected ? 'true' : undefined}
                  onClick={() => onFocus(region)}
                >
                  {region.number}
                </Button>
                <ButtonGroup size="xs" variant="outline" attached role="group" aria-label={label}>
                  {CHECKLIST_MARKS.map((mark) => {
                    const pressed = entry?.mark === mark;
                    return (
                      <Button
                        key={mark}
                        aria-pressed={pressed}
                        colorPalette={pressed ? markPalette(mark) : 'gray'}
                        variant={pressed ? 'solid' : 'outline'}
                        disabled={!mayMark || marking}
                        onClick={() => onMark(region.number, pressed ? null : mark)}
                      >
                        {t(`versionCompare.checklist.marks.${mark}`)}
                      </Button>
                    );
                  })}
                </ButtonGroup>
              </HStack>
              <Text fontSize="xs" color="fg.muted">
                {entry
                  ? t('versionCompare.checklist.markedBy', {
                      who: entry.markedBy,
                      when: formatDateTime(entry.markedAt, language),
                    })
                  : t('versionCompare.checklist.unmarked')}
              </Text>
            </Stack>
          );
        })}
      </Stack>
    </Stack>
  );
}
