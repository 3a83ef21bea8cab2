import { Inject, Injectable } from '@nestjs/common';
import { PICKABLE_TAG_CLASSIFICATIONS, labelIn, type Language, type TagOption } from '@paddock/rules';
import type { AuthUser } from '../auth/auth-user';
import { ENRICHMENT_GATEWAY, type EnrichmentGateway } from '../provider/enrichment.gateway';

/** The tags a user picks from (products and free tags), read with the user's own token. */
@Injectable()
export class TagOptionsService {
  constructor(@Inject(ENRICHMENT_GATEWAY) private readonly enrichment: Pick<EnrichmentGateway, 'tagsOf'>) {}

  async list(user: AuthUser, lang: Language): Promise<TagOption[]> {
    const items: TagOption[] = [];
    for (const classificationId of PICKABLE_TAG_CLASSIFICATIONS) {
      const tags = await this.enrichment.tagsOf(user.providerToken, classificationId);
      const named = tags.map((tag) => ({
        id: tag.id,
        classificationId,
        names: tag.names,
        label: labelIn(tag.names, lang),
      }));
      items.push(...named.sort((a, b) => a.label.localeCompare(b.label, lang)));
    }
    return items;
  }
}
