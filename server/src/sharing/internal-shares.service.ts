import { Inject, Injectable } from '@nestjs/common';
import { FOLDER_CODES, INTERNAL_SHARE_ERROR_CODES, specialCodeOf, type SharingFolder } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { DomainError } from '../common/domain-error';
import { JobName } from '../jobs/job-catalogue';
import { JobsService } from '../jobs/jobs.service';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway, type ProviderFolder } from '../provider/folders.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { SelectionPolicy } from '../places/selection-policy';
import type { InternalShareRequestDto } from './internal-shares.dto';
import { refuseUnreadable } from '../assets/unreadable-contents';
import { shareNotAllowed, shareNotInFolder } from './share-refusals';

/**
 * Internal shares (SPEC §4, §6): where the user may share (the provider's sharing-folder lookup,
 * with the user's token), and every check before the job is enqueued: the assets, SPEC §6 in the
 * folder shared from, the targets, and no target tree that already holds a shared copy.
 */
@Injectable()
export class InternalSharesService {
  constructor(
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    @Inject(FOLDERS_GATEWAY) private readonly folders: FoldersGateway,
    @Inject(SERVICE_SESSION) private readonly service: ServiceSession,
    private readonly policy: SelectionPolicy,
    private readonly jobs: JobsService,
  ) {}

  /** The folders the user may share into, with the names of their visible ancestors. */
  async sharingFolders(user: AuthUser): Promise<SharingFolder[]> {
    const token = user.providerToken;
    const ids = await this.folders.sharingFolderIds(token);
    const found = await this.folders.foldersByIds(token, ids);
    const ancestorIds = [...new Set(found.flatMap((f) => f.ancestorIds))];
    const seen = new Map((await this.folders.foldersByIds(token, ancestorIds)).map((a) => [a.id, a]));
    const place = (f: ProviderFolder) => ({ prettyId: f.prettyId, isSupplier: f.isSupplier, names: f.names });
    return found.map((f) => ({
      id: f.id,
      ...place(f),
      path: f.ancestorIds.flatMap((id) => {
        const a = seen.get(id);
        return a ? [place(a)] : [];
      }),
    }));
  }

  async share(user: AuthUser, body: InternalShareRequestDto): Promise<{ jobId: string }> {
    const contentIds = [...new Set(body.contentIds)];
    const targetIds = [...new Set(body.targetFolderIds)];
    const found = await this.policy.visibleContents(user, contentIds, body.folderId);
    const refused = await this.policy.refused(user, 'share', found, body.folderId, shareNotInFolder);
    if (refused.length) throw shareNotAllowed(refused);
    refuseUnreadable(found);
    const allowed = new Set(await this.folders.sharingFolderIds(user.providerToken));
    const bad = targetIds.filter((id) => !allowed.has(id));
    if (bad.length)
      throw new DomainError(INTERNAL_SHARE_ERROR_CODES.BAD_TARGET, 'Not a folder you may share into', {
        folderIds: bad,
      });
    const targets = await this.service.withToken((token) => this.folders.foldersByIds(token, targetIds));
    const copies = await this.sharedCopies(contentIds, targetIds);
    if (copies.ids.length)
      throw new DomainError(
        INTERNAL_SHARE_ERROR_CODES.ALREADY_SHARED,
        'Already shared there: delete the shared copy first',
        copies,
      );
    const internal = await this.internalShareFolders(targets);
    return this.jobs.submit(
      JobName.InternalShare,
      {
        folderId: body.folderId,
        contentIds,
        targets: targetIds.map((id) => ({ folderId: id, internal: internal.has(id) })),
      },
      user.username,
    );
  }

  /**
   * SPEC §4 "an already shared folder tree cannot be shared again until the shared copy is
   * deleted": the contents linked (service view) to a target or to a folder below it.
   */
  private async sharedCopies(
    contentIds: string[],
    targetIds: string[],
  ): Promise<{ ids: string[]; folderIds: string[] }> {
    return this.service.withToken(async (token) => {
      const contents = await this.contents.contentsByIds(token, contentIds);
      const linkedIds = [...new Set(contents.flatMap((c) => c.linkedCategoryIds))];
      const linked = new Map((await this.folders.foldersByIds(token, linkedIds)).map((f) => [f.id, f]));
      const ids = new Set<string>();
      const folderIds = new Set<string>();
      for (const c of contents)
        for (const folderId of c.linkedCategoryIds) {
          const path = [...(linked.get(folderId)?.ancestorIds ?? []), folderId];
          for (const target of targetIds.filter((t) => path.includes(t))) {
            ids.add(c.id);
            folderIds.add(target);
          }
        }
      return { ids: [...ids], folderIds: [...folderIds] };
    });
  }

  /** The targets that are an internal-shared folder (SPEC §3 code arch06) or lie below one. */
  private async internalShareFolders(targets: ProviderFolder[]): Promise<Set<string>> {
    const ancestorIds = [...new Set(targets.flatMap((t) => t.ancestorIds))];
    const ancestors = await this.service.withToken((token) => this.folders.foldersByIds(token, ancestorIds));
    const isInternal = (f: ProviderFolder) => specialCodeOf(f.prettyId)?.code === FOLDER_CODES.internalShared;
    const internalAncestors = new Set(ancestors.filter(isInternal).map((a) => a.id));
    return new Set(
      targets
        .filter((t) => isInternal(t) || t.ancestorIds.some((a) => internalAncestors.has(a)))
        .map((t) => t.id),
    );
  }
}
