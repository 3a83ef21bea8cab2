import { Box, Heading, Stack } from '@chakra-ui/react';
import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';

export type Section = 'product' | 'copyright' | 'tag' | 'summary';

/** A detail section whose content is still to come: its heading and an honest empty state. */
export function SectionPage({ section }: { section: Section }) {
  const { t } = useTranslation();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t(`sections.${section}`)}
      </Heading>
      <Box bg="bg" rounded="l3" borderWidth="1px">
        <EmptyState
          icon={<Construction />}
          title={t('sections.emptyTitle')}
          description={t('sections.emptyDescription')}
        />
      </Box>
    </Stack>
  );
}
