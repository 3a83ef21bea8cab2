import { Inject, Injectable } from '@nestjs/common';
import {
  ENRICHMENT_CLASSIFICATIONS,
  ENRICHMENT_ERROR_CODES as CODES,
  PICKABLE_TAG_CLASSIFICATIONS,
  freeTagNames,
  freeTagNamesProblem,
  labelIn,
  tagNamedLike,
  type FreeTag,
  type FreeTagRequest,
  type Language,
  type TagOption,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { checkMayTag, refuse } from '../enrichment/enrichment.errors';
import { ENRICHMENT_GATEWAY, namesByLang, type EnrichmentGateway } from '../provider/enrichment.gateway';

/** The tags a user picks from (products and free tags) and the free tags a user creates, with the user's own token. */
@Injectable()
export class TagOptionsService {
  constructor(
    @Inject(ENRICHMENT_GATEWAY)
    private readonly enrichment: Pick<EnrichmentGateway, 'tagsOf' | 'insertTag' | 'tagDetail'>,
  ) {}

  async list(user: AuthUser, lang: Language): Promise<TagOption[]> {
    const items: TagOption[] = [];
    for (const classificationId of PICKABLE_TAG_CLASSIFICATIONS) {
      const tags = await this.enrichment.tagsOf(user.providerToken, classificationId);
      const named = tags.map((tag) => ({
        id: tag.id,
        classificationId,
        names: tag.names,
        parentId: tag.parentId ?? null,
        label: labelIn(tag.names, lang),
      }));
      items.push(...named.sort((a, b) => a.label.localeCompare(b.label, lang)));
    }
    return items;
  }

  /**
   * `POST /api/tags`: a free tag named as the user typed it (SPEC §3 working state, §7
   * itagdefinition/insert then detail). THRON itself refuses only a taken prettyId, so the hub
   * refuses a taken name first, ignoring case, against the same listing the user picks from.
   */
  async create(user: AuthUser, body: FreeTagRequest): Promise<FreeTag> {
    checkMayTag(user);
    const problem = freeTagNamesProblem(body.names);
    if (problem) throw refuse.field(CODES.TAG_NAME_INVALID, problem.field, problem.problem);
    const names = freeTagNames(body.names);
    const classificationId = ENRICHMENT_CLASSIFICATIONS.tags;
    const token = user.providerToken;
    const taken = tagNamedLike(Object.values(names), await this.enrichment.tagsOf(token, classificationId));
    if (taken) throw refuse.tagExists(taken.id);
    const id = await this.enrichment.insertTag(token, classificationId, names);
    const tag = await this.enrichment.tagDetail(token, classificationId, id);
    return { id: tag.id, prettyId: tag.prettyId, classificationId, names: namesByLang(tag.names) };
  }
}
