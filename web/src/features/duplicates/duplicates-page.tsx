import { Box, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { DUPLICATE_REVIEW_STATES, mayReviewDuplicates } from '@paddock/rules';
import { getRouteApi } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { useSession } from '../session/use-session';
import { DuplicateGroups } from './duplicate-groups';

const route = getRouteApi('/_authenticated/duplicates');

/**
 * "Possible duplicates" (/duplicates, issue 27 point 2): pairs of assets with the same file or a
 * similar picture, each decided once; the Ignored tab lists the pairs where both were kept, with Undo.
 */
export function DuplicatesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const state = route.useSearch().state ?? 'open';
  const navigate = route.useNavigate();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('sections.duplicates')}
      </Heading>
      {mayReviewDuplicates(session.roles) ? (
        <Stack gap="4">
          <Text color="fg.muted">{t('duplicates.intro')}</Text>
          <Tabs.Root
            value={state}
            onValueChange={(details) =>
              void navigate({ search: { state: details.value === 'ignored' ? 'ignored' : undefined } })
            }
            variant="line"
            lazyMount
            unmountOnExit
          >
            <Tabs.List>
              {DUPLICATE_REVIEW_STATES.map((tab) => (
                <Tabs.Trigger key={tab} value={tab}>
                  {t(`duplicates.tabs.${tab}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {DUPLICATE_REVIEW_STATES.map((tab) => (
              <Tabs.Content key={tab} value={tab}>
                <DuplicateGroups state={tab} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Stack>
      ) : (
        // The hub refuses the review's calls anyway (403); this says so before any is made.
        <Box bg="bg" rounded="l3" borderWidth="1px" data-testid="duplicates-not-allowed">
          <EmptyState
            icon={<ShieldAlert />}
            title={t('duplicates.notAllowed.title')}
            description={t('duplicates.notAllowed.description')}
          />
        </Box>
      )}
    </Stack>
  );
}
