import { Injectable } from '@nestjs/common';
import { FolderCallerService } from '../folders/folder-caller.service';
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
 * tags or metadata needs `write` on one of the folders it is linked to, as THRON's MODIFY ACL.
 * Inserting a tag already there, or removing one or a key that is absent, is not an error.
 */
@Injectable()
export class TaggingService {
  constructor(
    private readonly repository: TaggingRepository,
    private readonly callers: FolderCallerService,
  ) {}

  insertTag(clientId: string, classificationId: string, body: ItagMultiTargetsRequest, token?: string) {
    return this.changeTag(clientId, classificationId, body, token, (tagId, ids) =>
      this.repository.addTag(tagId, classificationId, ids),
    );
  }

  removeTag(clientId: string, classificationId: string, body: ItagMultiTargetsRequest, token?: string) {
    return this.changeTag(clientId, classificationId, body, token, (tagId, ids) =>
      this.repository.removeTag(tagId, ids),
    );
  }

  async insertMetadata(
    clientId: string,
    classificationId: string,
    body: ImetadataBulkInsertRequest,
    token?: string,
  ): Promise<ThronEnvelope> {
    const contentId = await this.writableTarget(clientId, body.value.target, token);
    // The last value given for a (key, lang) wins, as if the entries were inserted one by one.
    const entries = new Map<string, MetadataEntry>();
    for (const { key, value, lang } of body.value.imetadata)
      entries.set(`${key}\u0000${lang ?? ''}`, { key, value, lang: lang ?? null });
    await this.repository.setMetadata(contentId, classificationId, [...entries.values()]);
    return ok({});
  }

  async removeMetadata(
    clientId: string,
    classificationId: string,
    body: ImetadataBulkRemoveRequest,
    token?: string,
  ): Promise<ThronEnvelope> {
    const contentId = await this.writableTarget(clientId, body.value.target, token);
    await this.repository.removeMetadata(contentId, classificationId, body.value.imetadata);
    return ok({});
  }

  private async groupsOf(clientId: string, token: string | undefined): Promise<string[]> {
    return (await this.callers.resolve(clientId, token)).groupIds;
  }

  /** All targets are checked before any is changed: one not writable refuses the whole call. */
  private async changeTag(
    clientId: string,
    classificationId: string,
    body: ItagMultiTargetsRequest,
    token: string | undefined,
    apply: (tagId: string, contentIds: string[]) => Promise<void>,
  ): Promise<MultiTargetsResponse> {
    const groupIds = await this.groupsOf(clientId, token);
    const tag = await this.repository.tag(body.value.tagId?.id ?? body.value.itagId ?? '');
    if (!tag) throw new ThronError(TAGGING_FAILURES.itagNotFound);
    if (tag.classificationId !== classificationId)
      throw new ThronError(TAGGING_FAILURES.classificationNotFound);
    const targets = uniqueById(body.value.targets);
    const access = await this.repository.access(
      targets.map((t) => t.id),
      groupIds,
    );
    const visible = targets.filter((t) => access.get(t.id)?.show);
    if (visible.some((t) => !access.get(t.id)?.write)) throw new ThronError(TAGGING_FAILURES.accessDenied);
    await apply(
      tag.id,
      visible.map((t) => t.id),
    );
    return ok({ targetsInIssue: targets.filter((t) => !access.get(t.id)?.show) });
  }

  private async writableTarget(clientId: string, target: Target, token: string | undefined): Promise<string> {
    const groupIds = await this.groupsOf(clientId, token);
    const access = (await this.repository.access([target.id], groupIds)).get(target.id);
    if (!access?.show) throw new ThronError(TAGGING_FAILURES.targetNotFound);
    if (!access.write) throw new ThronError(TAGGING_FAILURES.accessDenied);
    return access.id;
  }
}

function uniqueById(targets: Target[]): Target[] {
  return [...new Map(targets.map((t) => [t.id, t])).values()];
}
