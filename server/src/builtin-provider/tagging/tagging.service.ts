import { Injectable } from '@nestjs/common';
import { AccessRepository } from '../access/access.repository';
import { contentRights, mayWriteTagging, type TaggingChange } from '../access/content-rights';
import type { ProviderCaller } from '../access/provider-caller';
import { ThronError, ok, type ThronEnvelope } from '../thron.errors';
import type {
  ImetadataBulkInsertRequest,
  ImetadataBulkRemoveRequest,
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
    return ok({});
  }

  /** All targets are checked before any is changed: one not writable refuses the whole call. */
  private async changeTag(
    caller: ProviderCaller,
    classificationId: string,
    body: ItagMultiTargetsRequest,
    apply: (tagId: string, contentIds: string[]) => Promise<void>,
  ): Promise<MultiTargetsResponse> {
    const tag = await this.repository.tag(body.value.tagId?.id ?? body.value.itagId ?? '');
    if (!tag) throw new ThronError(TAGGING_FAILURES.itagNotFound);
    if (tag.classificationId !== classificationId)
      throw new ThronError(TAGGING_FAILURES.classificationNotFound);
    if (!mayWriteTagging(caller, { tagPrettyId: tag.prettyId }))
      throw new ThronError(TAGGING_FAILURES.accessDenied);
    const targets = uniqueById(body.value.targets);
    const rights = await this.rightsOf(
      caller,
      targets.map((t) => t.id),
    );
    const visible = targets.filter((t) => rights.get(t.id)?.read);
    if (visible.some((t) => !rights.get(t.id)?.modify)) throw new ThronError(TAGGING_FAILURES.accessDenied);
    await apply(
      tag.id,
      visible.map((t) => t.id),
    );
    return ok({ targetsInIssue: targets.filter((t) => !rights.get(t.id)?.read) });
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
    const access = await this.access.contentAccess(caller.groupIds, ids);
    return new Map([...access].map(([id, a]) => [id, contentRights(a)]));
  }
}

function uniqueById(targets: Target[]): Target[] {
  return [...new Map(targets.map((t) => [t.id, t])).values()];
}
