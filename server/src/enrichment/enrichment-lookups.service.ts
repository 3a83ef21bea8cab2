import { Inject, Injectable } from '@nestjs/common';
import { ENRICHMENT_CLASSIFICATIONS, type EnrichmentDefinitions, type ProductPage } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { ENRICHMENT_GATEWAY, type EnrichmentGateway } from '../provider/enrichment.gateway';
import { checkMayTag } from './enrichment.errors';

/**
 * What the wizard offers (issue 13): the metadata definitions of steps 2 and 3 (the free tags are the
 * one tag listing's, `GET /api/tags/definitions`), and
 * the product listing of step 1, read with the user's own token (the provider checks it too).
 */
@Injectable()
export class EnrichmentLookupsService {
  constructor(@Inject(ENRICHMENT_GATEWAY) private readonly enrichment: EnrichmentGateway) {}

  async definitions(user: AuthUser): Promise<EnrichmentDefinitions> {
    checkMayTag(user);
    return {
      metadata: await this.enrichment.metadataDefinitions(
        user.providerToken,
        ENRICHMENT_CLASSIFICATIONS.metadata,
      ),
    };
  }

  products(user: AuthUser, cursor?: string): Promise<ProductPage> {
    checkMayTag(user);
    return this.enrichment.products(user.providerToken, cursor);
  }
}
