import { Inject, Injectable, Logger } from '@nestjs/common';
import { readsPublishedOnly, type PathFolder } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { ProviderError } from '../common/provider-error';
import type { LookupFailures } from './place-actions';
import { isPublished, type WorkflowFacts } from './workflow-info';
import { WorkflowFolders } from './workflow-folders';

/** What says whether a content shows: its tags (published) and every folder it is linked to. */
type Seen = Pick<WorkflowFacts, 'itags'> & { linkedCategoryIds: readonly string[] };

/**
 * SPEC §4 "Folders": what publishing changes. A reader of a sharing channel or of the shared
 * archive (readsPublishedOnly: roles and place, no folder ACL) lists, opens, downloads and shares
 * only the published contents there; to them an unpublished one is not there at all.
 */
@Injectable()
export class PublishedReaders {
  private readonly logger = new Logger(PublishedReaders.name);

  constructor(
    private readonly folders: WorkflowFolders,
    @Inject(FOLDERS_GATEWAY) private readonly gateway: Pick<FoldersGateway, 'foldersByIds'>,
  ) {}

  /** Whether the user lists only the published contents of this folder. */
  async listsPublishedOnly(
    user: AuthUser,
    folderId: string,
    failures: LookupFailures = {},
  ): Promise<boolean> {
    const path = await this.pathOf(user, folderId, failures);
    return !!path && readsPublishedOnly(path, user);
  }

  /**
   * The folder's path as the service account reads it; when that account cannot, the path the
   * user sees, so that a reader still lists a channel narrowed rather than not at all; when that
   * fails too, the caller's codes say which read failed (SPEC §8).
   */
  private async pathOf(
    user: AuthUser,
    folderId: string,
    failures: LookupFailures,
  ): Promise<PathFolder[] | null> {
    try {
      return await this.folders.pathOf(folderId);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.logger.warn({ code: error.code }, "The folder's path is read with the user's token");
      const [folder] = await this.gateway.foldersByIds(
        user.providerToken,
        [folderId],
        undefined,
        failures.folder,
      );
      if (!folder) return null;
      const seen = await this.gateway.foldersByIds(
        user.providerToken,
        folder.ancestorIds,
        undefined,
        failures.ancestors,
      );
      const ancestors = folder.ancestorIds.flatMap((id) => seen.filter((f) => f.id === id));
      return [...ancestors, folder];
    }
  }

  /**
   * `contents` without those the user may not see: unpublished, and looked at from a folder where
   * the user reads the published only, or, from no folder of theirs, seen through no other folder.
   */
  async visible<C extends Seen>(
    user: AuthUser,
    contents: readonly C[],
    folderId?: string,
    failures: LookupFailures = {},
  ): Promise<C[]> {
    const shown = await Promise.all(contents.map((c) => this.shows(user, c, folderId, failures)));
    return contents.filter((_, i) => shown[i]);
  }

  private async shows(
    user: AuthUser,
    content: Seen,
    folderId: string | undefined,
    failures: LookupFailures,
  ): Promise<boolean> {
    if (isPublished(content)) return true;
    const linked = content.linkedCategoryIds;
    const folders = folderId && linked.includes(folderId) ? [folderId] : linked;
    const narrowed = await Promise.all(folders.map((f) => this.listsPublishedOnly(user, f, failures)));
    if (!narrowed.some(Boolean)) return true;
    const others = folders.filter((_, i) => !narrowed[i]);
    // The provider lists every link of a content; a folder the user cannot see shows them nothing.
    return others.length > 0 && (await this.gateway.foldersByIds(user.providerToken, others)).length > 0;
  }
}
