import { Injectable } from '@nestjs/common';
import { sameTagName } from '@paddock/rules';
import { mayDefineTag } from '../access/content-rights';
import type { ProviderCaller } from '../access/provider-caller';
import { ThronError, ok } from '../thron.errors';
import type { TagDefinitionInsertRequest, TagDefinitionListRequest } from './tagging.dto';
import { TAGGING_FAILURES } from './tagging.errors';
import { TagDefinitionRepository, type TagDefinitionRow } from './tag-definition.repository';

export interface TagDefinitionItem {
  id: string;
  prettyId: string | null;
  classificationId: string;
  /** SPEC §3 sub-tags (research §4.1): the tag it sits under, and the tags under it. */
  parentId: string | null;
  subNodeIds: string[];
  names: { lang: string; label: string; description: string }[];
  categorized: false;
  createdDate: string;
}

/**
 * THRON's itag definitions (research §4.1, §4.2): whoever may tag somewhere defines free tags, the
 * service account tags of any classification, nobody a reserved workflow prettyId (mayDefineTag).
 * A classification's tags bear distinct names, ignoring case and language (sameTagName): a second
 * "Esterni" is ITAG_ALREADY_DEFINED, as a taken prettyId is.
 */
@Injectable()
export class TagDefinitionService {
  constructor(private readonly definitions: TagDefinitionRepository) {}

  async insert(caller: ProviderCaller, classificationId: string, body: TagDefinitionInsertRequest) {
    const { names, prettyId, parentId } = body.value;
    if (!mayDefineTag(caller, classificationId, prettyId))
      throw new ThronError(TAGGING_FAILURES.accessDenied);
    // A sub-tag sits under a tag of its own classification (research §4.1), never of another.
    if (parentId) {
      const parent = await this.definitions.find(parentId);
      if (!parent || parent.classificationId !== classificationId)
        throw new ThronError(TAGGING_FAILURES.itagNotFound);
    }
    const row = await this.definitions.insertUnlessTaken(
      classificationId,
      {
        prettyId: prettyId ?? null,
        parentId: parentId ?? null,
        names,
        searchText: names
          .map((n) => n.label)
          .join(' ')
          .toLowerCase(),
      },
      (labels) => labels.some((old) => names.some((n) => sameTagName(n.label, old.label))),
    );
    if (!row) throw new ThronError(TAGGING_FAILURES.itagAlreadyDefined);
    return ok({ item: toItem(row) });
  }

  /**
   * itagdefinition/list by ids or prettyIds (the tag fetch by ids; unknown ones are left out), or
   * without ids every tag of the classification, paged. Tag names are no secret: any signed-in caller.
   */
  async list(classificationId: string, body: TagDefinitionListRequest) {
    const { rows, total } = await this.definitions.list(classificationId, body.criteria.ids, {
      take: body.limit,
      skip: body.offset,
    });
    return ok({ items: rows.map(toItem), totalResults: total });
  }

  async detail(classificationId: string, idOrPrettyId: string) {
    const row = await this.definitions.find(idOrPrettyId);
    if (!row) throw new ThronError(TAGGING_FAILURES.itagNotFound);
    if (row.classificationId !== classificationId)
      throw new ThronError(TAGGING_FAILURES.classificationNotFound);
    return ok({ item: toItem(row) });
  }
}

function toItem(row: TagDefinitionRow): TagDefinitionItem {
  return {
    id: row.id,
    prettyId: row.prettyId,
    classificationId: row.classificationId,
    parentId: row.parentId,
    subNodeIds: row.subTags.map((t) => t.id),
    names: row.names as TagDefinitionItem['names'],
    categorized: false,
    createdDate: row.createdAt.toISOString(),
  };
}
