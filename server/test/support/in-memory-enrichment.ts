import {
  ENRICHMENT_CLASSIFICATIONS,
  ENRICHMENT_ERROR_CODES,
  ERROR_CODES,
  LIMITS,
  RESERVED_METADATA_KEYS,
  RESERVED_TAGS,
  mayTagSomewhere,
  sameTagName,
  type ErrorCode,
  type MetadataDefinitionSummary,
  type ProductPage,
  type ProductSummary,
  type TagSummary,
} from '@paddock/rules';
import {
  ENRICHMENT_LOOKUP_CODES,
  manyTargets,
  type EnrichmentGateway,
  type ManyTargetsResult,
  type TagDefinitionSummary,
} from '../../src/provider/enrichment.gateway';
import { TAGGING_FAILURE_CODES } from '../../src/provider/tagging.gateway';
import type { ContentRecord, InMemoryProvider } from './in-memory-provider';

/** A tag definition: names by lower-case language, as the web's labelIn reads them. */
export interface TagRecord {
  id: string;
  prettyId: string | null;
  classificationId: string;
  names: Record<string, string>;
}

/**
 * The in-memory provider's enrichment (the built-in provider's tagging and tag-definition services):
 * a tag change needs a tag of that classification, reserved workflow tags and keys the service
 * account, and `write` on a folder of each content the caller sees; contents it does not see are
 * left out, one it sees but may not modify refuses its whole chunk, which is reported, not thrown
 * (ManyTargetsResult). Setting a tag or a value twice, or removing one absent, changes nothing.
 */
export class InMemoryEnrichment implements EnrichmentGateway {
  readonly tags = new Map<string, TagRecord>();
  readonly definitions: MetadataDefinitionSummary[] = [];
  /** The product listing (SPEC §7), in its order. */
  readonly catalogue: ProductSummary[] = [];
  /** Content id → the ids of the products it is linked to (the product-content links, apart from its tags). */
  readonly productLinks = new Map<string, string[]>();

  constructor(private readonly model: InMemoryProvider) {}

  /** A tag of the classification (test set-up, not a provider call); its id. */
  defineTag(
    classificationId: string,
    prettyId: string | null,
    names: Record<string, string> = { en: prettyId ?? 'tag' },
  ): string {
    const id = this.model.id('tag');
    this.tags.set(id, { id, prettyId, classificationId, names });
    return id;
  }

  tagMany(
    token: string,
    action: 'add' | 'remove',
    tagId: string,
    classificationId: string,
    contentIds: string[],
  ): Promise<ManyTargetsResult> {
    return this.many('tagMany', [token, action, tagId, classificationId], contentIds, (ids) => {
      const tag = this.tagOf(classificationId, tagId, TAGGING_FAILURE_CODES.tagsMany);
      if (tag.prettyId && RESERVED_TAGS.includes(tag.prettyId.toLowerCase()))
        this.serviceOnly(token, TAGGING_FAILURE_CODES.tagsMany);
      const targets = this.writableTargets(token, ids, TAGGING_FAILURE_CODES.tagsMany);
      for (const content of targets.contents)
        if (action === 'remove') content.itags = content.itags.filter((t) => t.id !== tag.id);
        else if (!content.itags.some((t) => t.id === tag.id))
          content.itags.push({ id: tag.id, classificationId });
      return targets.leftOut;
    });
  }

  metadataMany(
    token: string,
    action: 'set' | 'remove',
    entry: { key: string; value?: string },
    classificationId: string,
    contentIds: string[],
  ): Promise<ManyTargetsResult> {
    return this.many('metadataMany', [token, action, entry, classificationId], contentIds, (ids) => {
      if (RESERVED_METADATA_KEYS.includes(entry.key.toLowerCase()))
        this.serviceOnly(token, TAGGING_FAILURE_CODES.metadataMany);
      const targets = this.writableTargets(token, ids, TAGGING_FAILURE_CODES.metadataMany);
      for (const content of targets.contents) {
        const others = content.imetadata.filter(
          (m) => !(m.key === entry.key && m.classificationId === classificationId),
        );
        content.imetadata =
          action === 'set'
            ? [...others, { key: entry.key, value: entry.value ?? '', classificationId }]
            : others;
      }
      return targets.leftOut;
    });
  }

  async metadataDefinitions(
    token: string,
    classificationId: string,
    keys?: string[],
  ): Promise<MetadataDefinitionSummary[]> {
    this.model.enter('metadataDefinitions', [token, classificationId, keys]);
    return this.definitions.filter(
      (d) => d.classificationId === classificationId && (!keys || keys.includes(d.key)),
    );
  }

  /** Who may tag somewhere defines free tags, the service account any; a name taken (any case) is TAG_EXISTS. */
  async insertTag(
    token: string,
    classificationId: string,
    names: Readonly<Record<string, string>>,
  ): Promise<string> {
    this.model.enter('insertTag', [token, classificationId, names]);
    const mayDefine =
      this.model.isServiceAccount(token) ||
      (mayTagSomewhere(this.model.rolesOf(token)) && classificationId === ENRICHMENT_CLASSIFICATIONS.tags);
    if (!mayDefine) throw this.model.refusal(ERROR_CODES.FORBIDDEN);
    const taken = [...this.tags.values()].some(
      (t) =>
        t.classificationId === classificationId &&
        Object.values(t.names).some((old) => Object.values(names).some((n) => sameTagName(n, old))),
    );
    if (taken) throw this.model.refusal(ENRICHMENT_ERROR_CODES.TAG_EXISTS);
    return this.defineTag(classificationId, null, { ...names });
  }

  async tagDetail(token: string, classificationId: string, id: string): Promise<TagDefinitionSummary> {
    this.model.enter('tagDetail', [token, classificationId, id]);
    return toDefinition(this.tagOf(classificationId, id, ENRICHMENT_LOOKUP_CODES.tags));
  }

  async tagsByIds(token: string, classificationId: string, ids: string[]): Promise<TagDefinitionSummary[]> {
    this.model.enter('tagsByIds', [token, classificationId, ids]);
    return [...this.tags.values()]
      .filter(
        (t) =>
          t.classificationId === classificationId &&
          (ids.includes(t.id) || (t.prettyId !== null && ids.includes(t.prettyId))),
      )
      .map(toDefinition);
  }

  async tagsOf(token: string, classificationId: string): Promise<TagSummary[]> {
    this.model.enter('tagsOf', [token, classificationId]);
    return [...this.tags.values()]
      .filter((t) => t.classificationId === classificationId)
      .map((t) => ({ id: t.id, classificationId, names: { ...t.names } }));
  }

  /** A page of LIMITS.idChunkSize; the cursor is where the next page starts. */
  async products(token: string, cursor?: string): Promise<ProductPage> {
    this.model.enter('products', [token, cursor]);
    const from = Number(cursor ?? 0);
    const to = from + LIMITS.idChunkSize;
    return { items: this.catalogue.slice(from, to), next: to < this.catalogue.length ? String(to) : null };
  }

  /** The linked products the listing has (a link to one it no longer lists is left out). */
  async productsOfContent(token: string, contentId: string): Promise<ProductSummary[]> {
    this.model.enter('productsOfContent', [token, contentId]);
    const linked = this.productLinks.get(contentId) ?? [];
    return this.catalogue.filter((p) => linked.includes(p.id));
  }

  /** A provider call per chunk, as the HTTP gateway makes them; the chunk's refusals (scripted or the model's) reported. */
  private many(
    call: 'tagMany' | 'metadataMany',
    args: unknown[],
    contentIds: string[],
    change: (ids: string[]) => string[],
  ): Promise<ManyTargetsResult> {
    return manyTargets(contentIds, async (part) => {
      this.model.enter(call, [...args, part]);
      return change(part);
    });
  }

  /** By id or prettyId; unknown, or of another classification, is the call's refusal. */
  private tagOf(classificationId: string, idOrPrettyId: string, failure: ErrorCode): TagRecord {
    const tag = [...this.tags.values()].find((t) => t.id === idOrPrettyId || t.prettyId === idOrPrettyId);
    if (!tag || tag.classificationId !== classificationId) throw this.model.refusal(failure);
    return tag;
  }

  private serviceOnly(token: string, failure: ErrorCode): void {
    if (!this.model.isServiceAccount(token)) throw this.model.refusal(failure);
  }

  /** Every target checked before any changes: those not seen are left out, one not writable refuses all. */
  private writableTargets(
    token: string,
    ids: string[],
    failure: ErrorCode,
  ): { contents: ContentRecord[]; leftOut: string[] } {
    const unique = [...new Set(ids)];
    const seen = unique.filter((id) => this.model.rightsOf(token, id).read);
    if (seen.some((id) => !this.model.rightsOf(token, id).modify)) throw this.model.refusal(failure);
    return {
      contents: seen.map((id) => this.model.contents.get(id)!),
      leftOut: unique.filter((id) => !seen.includes(id)),
    };
  }
}

function toDefinition(t: TagRecord): TagDefinitionSummary {
  return {
    id: t.id,
    prettyId: t.prettyId,
    classificationId: t.classificationId,
    names: Object.entries(t.names).map(([lang, label]) => ({ lang: lang.toUpperCase(), label })),
  };
}
