import { Badge, Box, Card, HStack, SimpleGrid, Skeleton, Stat, Text } from '@chakra-ui/react';
import { failureRate, QUEUE_COUNT_STATES, queueDepth, type QueueOutcomes } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../components/ui/alert-banner';
import { queueOutcomesQueryOptions, queueStatsQueryOptions } from './manage.queries';
import { enumLabel } from '../../i18n/enum-labels';

/** The failed share of the last hour's finished jobs, with the counts it comes from; a dash before any. */
function FailureRate({ outcomes }: { outcomes: QueueOutcomes | undefined }) {
  const { t, i18n } = useTranslation();
  const rate = outcomes && failureRate(outcomes);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <Stat.Root size="sm">
      <Stat.Label>{t('manage.jobs.failureRate')}</Stat.Label>
      <Stat.ValueText>{rate === null || rate === undefined ? '—' : percent.format(rate)}</Stat.ValueText>
      <Stat.HelpText>
        {outcomes && rate !== null
          ? t('manage.jobs.failedOfFinished', {
              failed: outcomes.failed,
              finished: outcomes.completed + outcomes.failed,
            })
          : t('manage.jobs.noneFinished')}
      </Stat.HelpText>
    </Stat.Root>
  );
}

/**
 * One card per queue of the catalogue: its depth and the last hour's failure rate first, then
 * BullMQ's counts by state.
 */
export function QueueCards() {
  const { t } = useTranslation();
  const stats = useQuery(queueStatsQueryOptions());
  const outcomes = useQuery(queueOutcomesQueryOptions());
  if (stats.isPending) return <Skeleton height="28" rounded="l3" />;
  if (stats.isError) return <AlertBanner>{t('manage.errors.queues')}</AlertBanner>;
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" as="ul" aria-label={t('manage.jobs.queues')}>
      {stats.data.items.map((queue) => (
        <Card.Root as="li" key={queue.queue} size="sm" data-testid={`queue-${queue.queue}`}>
          <Card.Header>
            <HStack justify="space-between">
              <Card.Title>{enumLabel(t, 'queue', queue.queue)}</Card.Title>
              {queue.paused ? <Badge colorPalette="orange">{t('manage.jobs.paused')}</Badge> : null}
            </HStack>
          </Card.Header>
          <Card.Body>
            <SimpleGrid columns={2} gap="3" mb="3">
              <Stat.Root size="sm">
                <Stat.Label>{t('manage.jobs.depth')}</Stat.Label>
                <Stat.ValueText>{queueDepth(queue.counts)}</Stat.ValueText>
                <Stat.HelpText>{t('manage.jobs.depthHelp')}</Stat.HelpText>
              </Stat.Root>
              <FailureRate outcomes={outcomes.data?.items.find((o) => o.queue === queue.queue)} />
            </SimpleGrid>
            <SimpleGrid columns={3} gap="3">
              {QUEUE_COUNT_STATES.map((state) => (
                <Stat.Root key={state} size="sm">
                  <Stat.Label>{enumLabel(t, 'queueCount', state)}</Stat.Label>
                  <Stat.ValueText>{queue.counts[state]}</Stat.ValueText>
                </Stat.Root>
              ))}
            </SimpleGrid>
          </Card.Body>
        </Card.Root>
      ))}
      {stats.data.items.length === 0 ? (
        <Box>
          <Text>{t('manage.jobs.noQueues')}</Text>
        </Box>
      ) : null}
    </SimpleGrid>
  );
}
