import type { AssetListResponse, Language } from '@paddock/rules';
import type { ProviderSearchHit } from '../provider/search.gateway';
import { toAssetSummary } from './search.dto';
import type { AssetPage, ContentFacts } from './search.types';

interface WrittenCards {
  lang: Language;
  facts: ReadonlyMap<string, ContentFacts>;
  json: Buffer;
}

/**
 * The cards of each kept page as JSON, by language: a page the listing cache gives again, with the
 * same day's facts, is neither mapped nor serialised again. Under 200 clients that work (the
 * summaries, their JSON and its bytes) was about a seventh of an api process's time
 * (docs/benchmarks.md). A page narrowed for one request (`readable`, the junk's holds) is a new array
 * or facts map, so it is written afresh and dropped with it.
 */
const written = new WeakMap<readonly ProviderSearchHit[], WrittenCards[]>();

/** The listing's answer as the JSON bytes Nest would have written for the same object. */
export function listingBody(
  page: Pick<AssetPage, 'contents' | 'facts'>,
  lang: Language,
  rest: Omit<AssetListResponse, 'items'>,
): Buffer {
  return Buffer.concat([CARDS_OPEN, cardsOf(page, lang), Buffer.from(`,${JSON.stringify(rest).slice(1)}`)]);
}

const CARDS_OPEN = Buffer.from('{"items":');

function cardsOf({ contents, facts }: Pick<AssetPage, 'contents' | 'facts'>, lang: Language): Buffer {
  const kept = written.get(contents) ?? [];
  const hit = kept.find((w) => w.lang === lang && w.facts === facts);
  if (hit) return hit.json;
  const json = Buffer.from(JSON.stringify(contents.map((c) => toAssetSummary(c, lang, facts.get(c.id)))));
  // One entry per language: a new day's facts replace the day before's.
  written.set(contents, [...kept.filter((w) => w.lang !== lang), { lang, facts, json }]);
  return json;
}
