import { ENRICHMENT_CLASSIFICATIONS } from '@paddock/rules';

/** The order people read an asset's classifications in: its tags, products, copyright, then the rest. */
const ORDER: readonly string[] = [
  ENRICHMENT_CLASSIFICATIONS.tags,
  ENRICHMENT_CLASSIFICATIONS.products,
  ENRICHMENT_CLASSIFICATIONS.copyright,
  ENRICHMENT_CLASSIFICATIONS.metadata,
];

const rank = (code: string) => {
  const i = ORDER.indexOf(code);
  return i < 0 ? ORDER.length : i;
};

/**
 * SPEC §3: an asset's tags and metadata are grouped by classification code. Groups come in ORDER,
 * codes it does not know after them by code; each group keeps its items' order.
 */
export function byClassification<T extends { classificationId: string }>(
  items: readonly T[],
): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items)
    groups.set(item.classificationId, [...(groups.get(item.classificationId) ?? []), item]);
  return [...groups].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}
