import { Inject, Injectable } from '@nestjs/common';
import { inGroupsOf, VIN_PLATE_KEYS } from '@paddock/rules';
import { SEARCH_GATEWAY, type MetadataFilter, type SearchGateway } from '../provider/search.gateway';

/** SPEC §3 keys that carry a VIN (vin-N of the enrichment, and the older `vin`) and a booking event. */
const VIN_KEYS = ['vin', ...VIN_PLATE_KEYS.filter((k) => k.startsWith('vin-'))];
const EVENT_KEY = 'booking-event-id';
/** Assets read per filter at most: people are many fewer, and a search is not an export. */
const MAX_ASSETS = 500;
/** Clauses of one metadata filter (the built-in provider's bound; THRON's is lower still). */
const MAX_CLAUSES = 20;

/** Who owns the assets that carry some values: how the user search narrows by VIN or booking event. */
export interface AssetPeopleLookup {
  /** Owners of the assets `token`'s user sees that carry the values; null when none is asked. */
  ownersOf(token: string, filter: { vins?: string[]; sfEventIds?: string[] }): Promise<Set<string> | null>;
}

export const ASSET_PEOPLE = Symbol('ASSET_PEOPLE');

/**
 * Looks the values up in the provider's metadata with the searching user's token, so nobody learns
 * of assets they cannot see: each given filter narrows, so VINs and events together mean both.
 */
@Injectable()
export class ProviderAssetPeople implements AssetPeopleLookup {
  constructor(@Inject(SEARCH_GATEWAY) private readonly search: SearchGateway) {}

  async ownersOf(
    token: string,
    filter: { vins?: string[]; sfEventIds?: string[] },
  ): Promise<Set<string> | null> {
    const sets: Set<string>[] = [];
    if (filter.vins?.length) sets.push(await this.owners(token, VIN_KEYS, filter.vins));
    if (filter.sfEventIds?.length) sets.push(await this.owners(token, [EVENT_KEY], filter.sfEventIds));
    if (!sets.length) return null;
    return sets.reduce((a, b) => new Set([...a].filter((u) => b.has(u))));
  }

  private async owners(token: string, keys: string[], values: string[]): Promise<Set<string>> {
    const owners = new Set<string>();
    const clauses = keys.flatMap((key) =>
      values.map((value) => ({ key, operator: 'EQUAL' as const, value })),
    );
    // One search per group of clauses, their owners together.
    for (const group of inGroupsOf(clauses, MAX_CLAUSES)) {
      const metadata: MetadataFilter[] = [{ combinator: 'AT_LEAST_ONE', clauses: group }];
      const hits = await this.search.findContents(
        token,
        { metadata },
        { sort: 'creationDate', descending: true, offset: 0, limit: MAX_ASSETS, locale: 'IT' },
      );
      for (const hit of hits) if (hit.ownerUsername) owners.add(hit.ownerUsername);
    }
    return owners;
  }
}
