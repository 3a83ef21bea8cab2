import { Inject, Injectable } from '@nestjs/common';
import { LIMITS } from '@paddock/rules';
import { AccessRepository } from '../access/access.repository';
import { contentRights } from '../access/content-rights';
import type { ProviderCaller } from '../access/provider-caller';
import { ThronError, ok, type ThronEnvelope } from '../thron.errors';
import type { ContentCategoryLinkRequest, GetLinkedCategoryQuery } from './category.dto';
import { FOLDER_FAILURES } from './folder.errors';
import { FolderRepository } from './folder.repository';

type Folders = Pick<
  FolderRepository,
  'resolveId' | 'existingContentIds' | 'link' | 'unlink' | 'linkedCategoryIds' | 'sharingCategoryIds'
>;
type Access = Pick<AccessRepository, 'folderRights' | 'contentAccess'>;

export interface ContentCategoryLinkResponse extends ThronEnvelope {
  /** THRON's name for the ids that were not linked (research §3.1). */
  itemsInIssue: string[];
  /** The same ids under SPEC §7's name. */
  notLinked: string[];
}

/**
 * THRON's contentcategory service: which folders hold a content. Linking or unlinking needs `write`
 * on the folder and MODIFY on each content (contentRights): linking a content one may only read
 * into a folder one writes would grant oneself write on it (issue 11, cross-department theft).
 */
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
    return ok({ linkedCategory: await this.folders.linkedCategoryIds(query.contentId, caller) });
  }

  /** SPEC §7 sharing-folder lookup: where the caller may share contents into (SPEC §4 internal share). */
  async getSharingCategory(caller: ProviderCaller): Promise<ThronEnvelope & { linkedCategory: string[] }> {
    return ok({ linkedCategory: await this.folders.sharingCategoryIds(caller) });
  }

  /**
   * Links or unlinks at most 50 contents. Ids the caller cannot read (unknown, trashed, in no folder
   * of theirs) are reported, as THRON reports unknown ones; one readable but not modifiable refuses
   * the whole call before anything changes.
   */
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
        : (await this.access.folderRights(caller, [categoryId])).get(categoryId);
    if (categoryId === null || rights === undefined) throw new ThronError(FOLDER_FAILURES.notExists);
    if (!rights.write) throw new ThronError(FOLDER_FAILURES.accessDenied);
    const access = await this.access.contentAccess(caller, ids);
    const rightsOf = (id: string) => {
      const a = access.get(id);
      return a ? contentRights(a) : undefined;
    };
    const readable = ids.filter((id) => rightsOf(id)?.read);
    if (readable.some((id) => !rightsOf(id)?.modify)) throw new ThronError(FOLDER_FAILURES.accessDenied);
    const notLinked = ids.filter((id) => !rightsOf(id)?.read);
    await apply(categoryId, readable);
    return ok({ itemsInIssue: notLinked, notLinked });
  }
}
