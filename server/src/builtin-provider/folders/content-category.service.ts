import { Inject, Injectable } from '@nestjs/common';
import { LIMITS } from '@paddock/rules';
import { AccessRepository } from '../access/access.repository';
import type { ProviderCaller } from '../access/provider-caller';
import { ThronError, ok, type ThronEnvelope } from '../thron.errors';
import type { ContentCategoryLinkRequest, GetLinkedCategoryQuery } from './category.dto';
import { FOLDER_FAILURES } from './folder.errors';
import { FolderRepository } from './folder.repository';

type Folders = Pick<
  FolderRepository,
  'resolveId' | 'existingContentIds' | 'link' | 'unlink' | 'linkedCategoryIds'
>;
type Access = Pick<AccessRepository, 'folderRights'>;

export interface ContentCategoryLinkResponse extends ThronEnvelope {
  /** THRON's name for the ids that were not linked (research §3.1). */
  itemsInIssue: string[];
  /** The same ids under SPEC §7's name. */
  notLinked: string[];
}

/** THRON's contentcategory service: which folders hold a content; linking needs `write` on the folder. */
@Injectable()
export class ContentCategoryService {
  constructor(
    @Inject(FolderRepository) private readonly folders: Folders,
    @Inject(AccessRepository) private readonly access: Access,
  ) {}

  link(caller: ProviderCaller, body: ContentCategoryLinkRequest) {
    return this.change(caller, body, (categoryId, ids) => this.folders.link(categoryId, ids));
  }

  unlink(caller: ProviderCaller, body: ContentCategoryLinkRequest) {
    return this.change(caller, body, (categoryId, ids) => this.folders.unlink(categoryId, ids));
  }

  async getLinkedCategory(
    caller: ProviderCaller,
    query: GetLinkedCategoryQuery,
  ): Promise<ThronEnvelope & { linkedCategory: string[] }> {
    if (!(await this.folders.existingContentIds([query.contentId])).has(query.contentId))
      throw new ThronError(FOLDER_FAILURES.contentNotExists);
    return ok({ linkedCategory: await this.folders.linkedCategoryIds(query.contentId, caller.groupIds) });
  }

  /** Links or unlinks at most 50 contents; unknown or trashed ids are reported, the others applied. */
  private async change(
    caller: ProviderCaller,
    body: ContentCategoryLinkRequest,
    apply: (categoryId: string, contentIds: string[]) => Promise<void>,
  ): Promise<ContentCategoryLinkResponse> {
    const ids = [...new Set(body.items.ids)];
    if (ids.length > LIMITS.idChunkSize) throw new ThronError(FOLDER_FAILURES.tooManyItems);
    const categoryId = await this.folders.resolveId(body.categoryId);
    const rights =
      categoryId === null
        ? undefined
        : (await this.access.folderRights(caller.groupIds, [categoryId])).get(categoryId);
    if (categoryId === null || rights === undefined) throw new ThronError(FOLDER_FAILURES.notExists);
    if (!rights.write) throw new ThronError(FOLDER_FAILURES.accessDenied);
    const existing = await this.folders.existingContentIds(ids);
    const notLinked = ids.filter((id) => !existing.has(id));
    await apply(
      categoryId,
      ids.filter((id) => existing.has(id)),
    );
    return ok({ itemsInIssue: notLinked, notLinked });
  }
}
