import { Injectable } from '@nestjs/common';
import { AccessRepository } from '../access/access.repository';
import { PLATE_BOXES_METADATA } from '@paddock/rules';
import { PlateRenditions } from '../plates/plate-renditions';
import { contentRights, mayWriteTagging, type TaggingChange } from '../access/content-rights';
import type { ProviderCaller } from '../access/provider-caller';
import { ThronError, ok, type ThronEnvelope } from '../thron.errors';
import type {
  ImetadataBulkInsertRequest,
  ImetadataBulkRemoveRequest,
  ImetadataMultiTargetsInsertRequest,
  ImetadataMultiTargetsRemoveRequest,
  ImetadataOneRequest,
  ItagBulkRequest,
  ItagMultiTargetsRequest,
} from './tagging.dto';
import { TAGGING_FAILURES } from './tagging.errors';
import { TaggingRepository, type MetadataEntry } from './tagging.repository';

type Target = { id: string; entityType: 'CONTENT' };

export interface MultiTargetsResponse extends ThronEnvelope {
  /** Targets that were not changed: unknown, trashed or not visible to the caller (research §4.5). */
  targetsInIssue: Target[];
}

/**
 * THRON's itag and imetadata services on contents (research §4.4, §4.5). Changing a content's
 * tags or metadata needs `write` on one of the folders it is linked to, as THRON's MODIFY ACL, and
 * the workflow's reserved tags and keys the service account (mayWriteTagging).
 * Inserting a tag already there, or removing one or a key that is absent, is not an error.
 */
@Injectable()
export class TaggingService {
  constructor(
    private readonly repository: TaggingRepository,
    private readonly access: AccessRepository,
    private readonly plates: PlateRenditions,
  ) {}

  insertTag(caller: ProviderCaller, classificationId: string, body: ItagMultiTargetsRequest) {
    return this.changeTag(caller, classificationId, body, (tagId, ids) =>
      this.repository.addTag(tagId, classificationId, ids),
    );
  }

  removeTag(caller: ProviderCaller, classificationId: string, body: ItagMultiTargetsRequest) {
    return this.changeTag(caller, classificationId, body, (tagId, ids) =>
      this.repository.removeTag(tagId, ids),
    );
  }

  async insertMetadata(
    caller: ProviderCaller,
    classificationId: string,
    body: ImetadataBulkInsertRequest,
  ): Promise<ThronEnvelope> {
    const keys = body.value.imetadata.map((m) => m.key);
    const contentId = await this.writableTarget(caller, body.value.target, { metadataKeys: keys });
    // The last value given for a (key, lang) wins, as if the entries were inserted one by one.
    const entries = new Map<string, MetadataEntry>();
    for (const { key, value, lang } of body.value.imetadata)
      entries.set(`${key}\u0000${lang ?? ''}`, { key, value, lang: lang ?? null });
    await this.repository.setMetadata(contentId, classificationId, [...entries.values()]);
    await this.platesChanged(keys, [contentId]);
    return ok({});
  }

  async removeMetadata(
    caller: ProviderCaller,
    classificationId: string,
    body: ImetadataBulkRemoveRequest,
  ): Promise<ThronEnvelope> {
    const keys = body.value.imetadata.map((m) => m.key);
    const contentId = await this.writableTarget(caller, body.value.target, { metadataKeys: keys });
    await this.repository.removeMetadata(contentId, classificationId, body.value.imetadata);
    await this.platesChanged(keys, [contentId]);
    return ok({});
  }

  /** All targets are checked before any is changed: one not writable refuses the whole call. */
  private async changeTag(
    caller: ProviderCaller,
    classificationId: string,
    body: ItagMultiTargetsRequest,
    apply: (tagId: string, contentIds: string[]) => Promise<void>,
  ): Promise<MultiTargetsResponse> {
    const tag = await this.usableTag(
      caller,
      classificationId,
      body.value.tagId?.id ?? body.value.itagId ?? '',
    );
    const { ids, targetsInIssue } = await this.writableTargets(caller, body.value.targets);
    await apply(tag.id, ids);
    return ok({ targetsInIssue });
  }

  /** imetadata/bulkInsertMultiTargets: one key's value set (replaced) on up to 50 contents. */
  async insertMetadataMulti(
    caller: ProviderCaller,
    classificationId: string,
    body: ImetadataMultiTargetsInsertRequest,
  ): Promise<MultiTargetsResponse> {
    const { key, value, lang } = body.value.imetadata;
    if (!mayWriteTagging(caller, { metadataKeys: [key] }))
      throw new ThronError(TAGGING_FAILURES.accessDenied);
    const { ids, targetsInIssue } = await this.writableTargets(caller, body.value.targets);
    await this.repository.setMetadataOn(ids, classificationId, { key, value, lang: lang ?? null });
    await this.platesChanged([key], ids);
    return ok({ targetsInIssue });
  }

  /** imetadata/bulkRemoveMultiTargets: one key removed from up to 50 contents (absent is fine). */
  async removeMetadataMulti(
    caller: ProviderCaller,
    classificationId: string,
    body: ImetadataMultiTargetsRemoveRequest,
  ): Promise<MultiTargetsResponse> {
    const { key, lang } = body.value.imetadata;
    if (!mayWriteTagging(caller, { metadataKeys: [key] }))
      throw new ThronError(TAGGING_FAILURES.accessDenied);
    const { ids, targetsInIssue } = await this.writableTargets(caller, body.value.targets);
    await this.repository.removeMetadataOn(ids, classificationId, key, lang);
    await this.platesChanged([key], ids);
    return ok({ targetsInIssue });
  }

  /** imetadata/insert: KEY_ALREADY_DEFINED when the content has a value for the key (research §4.4). */
  insertMetadataOne(caller: ProviderCaller, classificationId: string, body: ImetadataOneRequest) {
    return this.setMetadataOne(caller, classificationId, body, true);
  }

  /** imetadata/update: the key's value replaced (or set). */
  updateMetadataOne(caller: ProviderCaller, classificationId: string, body: ImetadataOneRequest) {
    return this.setMetadataOne(caller, classificationId, body, false);
  }

  private async setMetadataOne(
    caller: ProviderCaller,
    classificationId: string,
    body: ImetadataOneRequest,
    refuseExisting: boolean,
  ): Promise<ThronEnvelope> {
    const { key, value, lang } = body.imetadata;
    const contentId = await this.writableTarget(caller, body.target, { metadataKeys: [key] });
    if (refuseExisting && (await this.repository.hasMetadata(contentId, classificationId, key, lang ?? null)))
      throw new ThronError(TAGGING_FAILURES.keyAlreadyDefined);
    await this.repository.setMetadata(contentId, classificationId, [{ key, value, lang: lang ?? null }]);
    await this.platesChanged([key], [contentId]);
    return ok({});
  }

  /** itag/bulkInsert: up to 50 tags on one content; every tag is checked before any is added. */
  async insertTagsOnContent(caller: ProviderCaller, classificationId: string, body: ItagBulkRequest) {
    return this.changeTagsOnContent(caller, classificationId, body, (tagId, ids) =>
      this.repository.addTag(tagId, classificationId, ids),
    );
  }

  /** itag/bulkRemove: up to 50 tags off one content. */
  async removeTagsFromContent(caller: ProviderCaller, classificationId: string, body: ItagBulkRequest) {
    return this.changeTagsOnContent(caller, classificationId, body, (tagId, ids) =>
      this.repository.removeTag(tagId, ids),
    );
  }

  private async changeTagsOnContent(
    caller: ProviderCaller,
    classificationId: string,
    body: ItagBulkRequest,
    apply: (tagId: string, contentIds: string[]) => Promise<void>,
  ): Promise<ThronEnvelope> {
    const tags = [];
    for (const { id } of body.value.tagIds) tags.push(await this.usableTag(caller, classificationId, id));
    const contentId = await this.writableTarget(caller, body.value.target, {});
    for (const tag of tags) await apply(tag.id, [contentId]);
    return ok({});
  }

  /**
   * New plate boxes (docs/plates.md): their blurred renditions are rendered now, so a live share
   * is ready again soon; until then its page serves nothing of the image (the old renditions are
   * keyed by the old boxes).
   */
  private async platesChanged(keys: readonly string[], contentIds: readonly string[]): Promise<void> {
    if (!keys.some((k) => k.toLowerCase() === PLATE_BOXES_METADATA)) return;
    for (const plan of (await this.plates.plansOf(contentIds)).values()) await this.plates.requestFor(plan);
  }

  /** A tag of this classification the caller may set (reserved workflow tags: the service account). */
  private async usableTag(caller: ProviderCaller, classificationId: string, idOrPrettyId: string) {
    const tag = await this.repository.tag(idOrPrettyId);
    if (!tag) throw new ThronError(TAGGING_FAILURES.itagNotFound);
    if (tag.classificationId !== classificationId)
      throw new ThronError(TAGGING_FAILURES.classificationNotFound);
    if (!mayWriteTagging(caller, { tagPrettyId: tag.prettyId }))
      throw new ThronError(TAGGING_FAILURES.accessDenied);
    return tag;
  }

  /**
   * The targets the caller sees (the others go back in `targetsInIssue`, THRON's shape); one it
   * sees but may not modify refuses the whole call, so nothing changes.
   */
  private async writableTargets(
    caller: ProviderCaller,
    targets: Target[],
  ): Promise<{ ids: string[]; targetsInIssue: Target[] }> {
    const unique = uniqueById(targets);
    const rights = await this.rightsOf(
      caller,
      unique.map((t) => t.id),
    );
    const visible = unique.filter((t) => rights.get(t.id)?.read);
    if (visible.some((t) => !rights.get(t.id)?.modify)) throw new ThronError(TAGGING_FAILURES.accessDenied);
    return { ids: visible.map((t) => t.id), targetsInIssue: unique.filter((t) => !rights.get(t.id)?.read) };
  }

  private async writableTarget(
    caller: ProviderCaller,
    target: Target,
    change: TaggingChange,
  ): Promise<string> {
    const rights = (await this.rightsOf(caller, [target.id])).get(target.id);
    if (!rights?.read) throw new ThronError(TAGGING_FAILURES.targetNotFound);
    if (!rights.modify || !mayWriteTagging(caller, change))
      throw new ThronError(TAGGING_FAILURES.accessDenied);
    return target.id;
  }

  private async rightsOf(caller: ProviderCaller, ids: string[]) {
    const access = await this.access.contentAccess(caller, ids);
    return new Map([...access].map(([id, a]) => [id, contentRights(a)]));
  }
}

function uniqueById(targets: Target[]): Target[] {
  return [...new Map(targets.map((t) => [t.id, t])).values()];
}
