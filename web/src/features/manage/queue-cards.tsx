import { Badge, Box, Card, HStack, SimpleGrid, Skeleton, Stat, Text } from '@chakra-ui/react';
import { QUEUE_COUNT_STATES } from '@paddock/rules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '../../components/ui/alert-banner';
import { queueStatsQueryOptions } from './manage.queries';
import { enumLabel } from '../../i18n/enum-labels';

/** One card per queue of the catalogue with BullMQ's counts by state. */
export function QueueCards() {
  const { t } = useTranslation();
  const stats = useQuery(queueStatsQueryOptions());
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
