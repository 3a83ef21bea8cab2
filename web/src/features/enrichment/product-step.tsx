import { Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { LIMITS } from '@paddock/rules';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { productsQueryOptions } from '../../api/enrichment.queries';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { InlineError } from '../ui/inline-error';
import { TagChecklist } from './tag-checklist';
import type { Wizard } from './use-wizard';
import { VinPlateRow } from './vin-plate-row';
import { productsOnAssets } from './working-state';

/**
 * Step 1 (SPEC §2): products (the car models) to add, those already on the selected assets to
 * remove, and up to 3 VIN and plate pairs.
 */
export function ProductStep({ wizard }: { wizard: Wizard }) {
  const { t } = useTranslation();
  const { state, update } = wizard;
  const present = productsOnAssets(wizard.assets);
  const products = useInfiniteQuery(productsQueryOptions());
  const listed = products.data?.pages.flatMap((p) => p.items) ?? [];
  const pairs = state.vinTarga;

  return (
    <Stack gap="8">
      {products.isError ? (
        <InlineError
          message={t('error.codes.E005')}
          error={products.error}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      ) : products.isPending ? (
        <Spinner aria-label={t('loading.label')} />
      ) : (
        <Stack gap="3">
          <TagChecklist
            legend={t('enrichment.product.products')}
            empty={t('enrichment.product.noProducts')}
            tags={listed}
            selected={state.products}
            onChange={(chosen) => update((s) => ({ ...s, products: chosen }))}
          />
          <LoadMoreButton alignSelf="start" label={t('enrichment.product.more')} pages={products} />
        </Stack>
      )}
      {present.length ? (
        <Stack gap="1">
          <TagChecklist
            legend={t('enrichment.product.present')}
            empty=""
            tags={present}
            selected={state.removedProducts}
            onChange={(chosen) => update((s) => ({ ...s, removedProducts: chosen }))}
          />
          <Text color="fg.muted" fontSize="sm">
            {t('enrichment.product.presentHint')}
          </Text>
        </Stack>
      ) : null}
      <Stack gap="4" as="section" aria-labelledby="vin-heading">
        <Heading as="h2" size="md" id="vin-heading">
          {t('enrichment.product.vinTitle')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('enrichment.product.vinHint', { max: LIMITS.vinPlatePairsMax })}
        </Text>
        {pairs.map((pair, i) => (
          <VinPlateRow
            key={i}
            n={i + 1}
            pair={pair}
            onChange={(next) =>
              update((s) => ({ ...s, vinTarga: s.vinTarga.map((p, j) => (j === i ? next : p)) }))
            }
            onRemove={
              pairs.length > 1
                ? () => update((s) => ({ ...s, vinTarga: s.vinTarga.filter((_, j) => j !== i) }))
                : undefined
            }
          />
        ))}
        <Button
          alignSelf="start"
          variant="outline"
          size="sm"
          disabled={pairs.length >= LIMITS.vinPlatePairsMax}
          onClick={() => update((s) => ({ ...s, vinTarga: [...s.vinTarga, { vin: '', targa: '' }] }))}
        >
          <Plus />
          {t('enrichment.product.addPair')}
        </Button>
      </Stack>
    </Stack>
  );
}
