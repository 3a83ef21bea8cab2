import { Inject, Injectable } from '@nestjs/common';
import { ENRICHMENT_CLASSIFICATIONS, LIMITS, isMandatory, type ListingOnlyFilter } from '@paddock/rules';
import { ENRICHMENT_GATEWAY, type EnrichmentGateway } from '../provider/enrichment.gateway';
import { DuplicatePairsRepository } from '../preflight/duplicate-pairs.repository';
import { PreflightRepository } from '../preflight/preflight.repository';

/** The `only` filters the hub answers from its own records, as the content ids they keep to. */
export type IdNarrowing = Exclude<ListingOnlyFilter, 'rightsEnding' | 'missingMandatory'>;

export function isIdNarrowing(only: ListingOnlyFilter | undefined): only is IdNarrowing {
  return only === 'possibleDuplicates' || only === 'preflightFailed';
}

/**
 * The contents a listing's `only` keeps to when the hub, not the provider, knows them (the built-in
 * saved searches, docs/saved-searches.md): the undecided duplicate pairs, the blocked pre-flights.
 * At most LIMITS.collectionItemsMax, the ids one provider search takes; the newest first.
 */
@Injectable()
export class ListingNarrowing {
  constructor(
    @Inject(DuplicatePairsRepository)
    private readonly pairs: Pick<DuplicatePairsRepository, 'undecidedContentIds'>,
    @Inject(PreflightRepository) private readonly preflights: Pick<PreflightRepository, 'failedContentIds'>,
    @Inject(ENRICHMENT_GATEWAY) private readonly enrichment: Pick<EnrichmentGateway, 'metadataDefinitions'>,
  ) {}

  /**
   * The metadata keys SPEC §5 makes mandatory (the definitions' constraint, isMandatory), as the
   * caller's token reads the definitions: `only=missingMandatory` finds the contents without one.
   */
  async mandatoryKeys(token: string): Promise<string[]> {
    const definitions = await this.enrichment.metadataDefinitions(token, ENRICHMENT_CLASSIFICATIONS.metadata);
    return definitions.filter(isMandatory).map((d) => d.key);
  }

  idsOf(only: IdNarrowing): Promise<string[]> {
    return only === 'possibleDuplicates'
      ? this.pairs.undecidedContentIds(LIMITS.collectionItemsMax)
      : this.preflights.failedContentIds(LIMITS.collectionItemsMax);
  }
}
