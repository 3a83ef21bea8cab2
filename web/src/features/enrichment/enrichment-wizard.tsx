import { Box, Button, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { LIMITS } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Tags } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { enrichmentDefinitionsQueryOptions } from '../../api/enrichment.queries';
import { EmptyState } from '../../components/ui/empty-state';
import { RouterLink } from '../../components/ui/router-link';
import { useLanguage } from '../../i18n/use-language';
import { InlineError } from '../ui/inline-error';
import { CopyrightStep } from './copyright-step';
import { fieldLabel, problemText } from './enrichment-texts';
import { ProductStep } from './product-step';
import { SummaryStep } from './summary-step';
import { TagStep } from './tag-step';
import { useWizard } from './use-wizard';
import { WIZARD_STEPS, stepProblems, type WizardStep } from './validation';

/**
 * The enrichment wizard (SPEC §2): four steps on their own addresses, the selection and working state
 * kept across them; Next shows what the step still lacks, Back and the step list always work.
 */
export function EnrichmentWizard({ step }: { step: WizardStep }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const wizard = useWizard();
  const definitions = useQuery({
    ...enrichmentDefinitionsQueryOptions(),
    enabled: wizard.selection !== null,
  });
  const [tried, setTried] = useState(false);
  const index = WIZARD_STEPS.indexOf(step);

  const heading = (
    <Heading as="h1" size="2xl">
      {t('enrichment.title')}
    </Heading>
  );
  if (wizard.tooMany !== null)
    return (
      <WizardNotice
        heading={heading}
        title={t('enrichment.tooMany.title')}
        description={t('enrichment.tooMany.description', {
          max: LIMITS.taggingMaxAssets,
          count: wizard.tooMany,
        })}
        action={
          <Button variant="outline" onClick={wizard.backToListing}>
            <ArrowLeft />
            {t('enrichment.backToListing')}
          </Button>
        }
      />
    );
  if (!wizard.selection)
    return (
      <WizardNotice
        heading={heading}
        title={t('enrichment.noSelection.title')}
        description={t('enrichment.noSelection.description')}
        action={
          <RouterLink to="/home" search={{ view: 'enrichment' }} fontWeight="semibold">
            {t('enrichment.noSelection.link')}
          </RouterLink>
        }
      />
    );

  const metadata = definitions.data?.metadata ?? [];
  const problems = stepProblems(step, wizard.state, metadata, wizard.assets);
  const label = (field: string) => fieldLabel(t, field, metadata, language);
  // VIN refusals show as typed; the rest once the user tried to go on.
  const errorOf = (field: string) => {
    const problem = tried ? problems.find((p) => p.field === field) : undefined;
    return problem ? problemText(t, problem, label(field)) : undefined;
  };
  const next = () => {
    if (problems.length) {
      setTried(true);
      return;
    }
    setTried(false);
    wizard.goTo(WIZARD_STEPS[index + 1]!);
  };

  return (
    <Stack gap="6">
      <Stack gap="1">
        {heading}
        <Text color="fg.muted">
          {t('enrichment.selected', { count: wizard.selection.contentIds.length })}
        </Text>
      </Stack>
      <Flex as="ol" wrap="wrap" gap="2" listStyle="none" aria-label={t('enrichment.steps')}>
        {WIZARD_STEPS.map((s, i) => (
          <Box as="li" key={s}>
            <RouterLink
              to={`/${s}`}
              search={wizard.search}
              px="3"
              py="1.5"
              rounded="l2"
              borderWidth="1px"
              bg={s === step ? 'brand.muted' : undefined}
              fontWeight={s === step ? 'semibold' : undefined}
            >
              {t('enrichment.stepLabel', { n: i + 1, name: t(`sections.${s}`) })}
            </RouterLink>
          </Box>
        ))}
      </Flex>
      <Box bg="bg" rounded="l3" borderWidth="1px" p={{ base: '4', md: '6' }}>
        {definitions.isError ? (
          <InlineError
            message={t('error.codes.E008')}
            error={definitions.error}
            onRetry={() => void definitions.refetch()}
            retrying={definitions.isFetching}
          />
        ) : definitions.isPending || wizard.restoring ? (
          <Spinner aria-label={t('loading.label')} />
        ) : step === 'product' ? (
          <ProductStep wizard={wizard} />
        ) : step === 'copyright' ? (
          <CopyrightStep wizard={wizard} definitions={metadata} errorOf={errorOf} />
        ) : step === 'tag' ? (
          <TagStep wizard={wizard} definitions={metadata} errorOf={errorOf} />
        ) : (
          <SummaryStep wizard={wizard} definitions={metadata} />
        )}
      </Box>
      {wizard.draftNotSaved ? (
        <Text color="fg.warning" fontSize="sm" aria-live="polite">
          {t('enrichment.draftNotSaved')}
        </Text>
      ) : null}
      {tried && problems.length ? (
        <Text color="fg.error" role="alert">
          {t('enrichment.fixFirst', { count: problems.length })}
        </Text>
      ) : null}
      <HStack justify="space-between">
        <Button
          variant="outline"
          onClick={() => (index === 0 ? wizard.backToListing() : wizard.goTo(WIZARD_STEPS[index - 1]!))}
        >
          <ArrowLeft />
          {index === 0 ? t('enrichment.backToListing') : t('enrichment.back')}
        </Button>
        {step !== 'summary' ? (
          <Button onClick={next} disabled={definitions.isPending}>
            {t('enrichment.next')}
            <ArrowRight />
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

/** The wizard's page when it has no selection to work on: why, and the way back. */
function WizardNotice(props: { heading: ReactNode; title: string; description: string; action: ReactNode }) {
  return (
    <Stack gap="6">
      {props.heading}
      <Box bg="bg" rounded="l3" borderWidth="1px">
        <EmptyState
          icon={<Tags />}
          title={props.title}
          description={props.description}
          action={props.action}
        />
      </Box>
    </Stack>
  );
}
