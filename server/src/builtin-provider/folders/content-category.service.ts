import { Inject, Injectable } from '@nestjs/common';
import { LIMITS } from '@paddock/rules';
import { ThronError, ok, type ThronEnvelope } from '../thron.errors';
import type { ContentCategoryLinkRequest, GetLinkedCategoryQuery } from './category.dto';
import { FolderCallerService } from './folder-caller.service';
import { FOLDER_FAILURES } from './folder.errors';
import { FolderRepository } from './folder.repository';

type Folders = Pick<
  FolderRepository,
  'resolveId' | 'rightsOn' | 'existingContentIds' | 'link' | 'unlink' | 'linkedCategoryIds'
>;

export interface ContentCategoryLinkResponse extends ThronEnvelope {
  /** THRON's name for the ids that were not linked (research §3.1). */
  itemsInIssue: string[];
  /** The same ids under SPEC §7's name. */
  notLinked: string[];
}

type Callers = Pick<FolderCallerService, 'resolve'>;

/** THRON's contentcategory service: which folders hold a content; linking needs `write` on the folder. */
@Injectable()
export class ContentCategoryService {
  constructor(
    @Inject(FolderRepository) private readonly folders: Folders,
    @Inject(FolderCallerService) private readonly callers: Callers,
  ) {}

  link(clientId: string, body: ContentCategoryLinkRequest, token: string | undefined) {
    return this.change(clientId, body, token, (categoryId, ids) => this.folders.link(categoryId, ids));
  }

  unlink(clientId: string, body: ContentCategoryLinkRequest, token: string | undefined) {
    return this.change(clientId, body, token, (categoryId, ids) => this.folders.unlink(categoryId, ids));
  }

  async getLinkedCategory(
    query: GetLinkedCategoryQuery,
    token: string | undefined,
  ): Promise<ThronEnvelope & { linkedCategory: string[] }> {
    const caller = await this.callers.resolve(query.clientId, token);
    if (!(await this.folders.existingContentIds([query.contentId])).has(query.contentId))
      throw new ThronError(FOLDER_FAILURES.contentNotExists);
    return ok({ linkedCategory: await this.folders.linkedCategoryIds(query.contentId, caller.groupIds) });
  }

  /** Links or unlinks at most 50 contents; unknown or trashed ids are reported, the others applied. */
  private async change(
    clientId: string,
    body: ContentCategoryLinkRequest,
    token: string | undefined,
    apply: (categoryId: string, contentIds: string[]) => Promise<void>,
  ): Promise<ContentCategoryLinkResponse> {
    const caller = await this.callers.resolve(clientId, token);
    const ids = [...new Set(body.items.ids)];
    if (ids.length > LIMITS.idChunkSize) throw new ThronError(FOLDER_FAILURES.tooManyItems);
    const categoryId = await this.folders.resolveId(body.categoryId);
    const rights = categoryId === null ? null : await this.folders.rightsOn(categoryId, caller.groupIds);
    if (categoryId === null || rights === null) throw new ThronError(FOLDER_FAILURES.notExists);
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
