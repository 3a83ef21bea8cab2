import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, LIMITS, exceedsTaggingLimit, isAssetActionAllowed, restrictionOf } from '@paddock/rules';
import type { AuthUser } from '../auth/auth-user';
import { CLOCK, type Clock } from '../common/clock';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import { permissionSubject, sideOf } from '../workflow/permission-subject';
import { WorkflowFolders } from '../workflow/workflow-folders';
import { workflowInfoOf } from '../workflow/workflow-info';
import { refuse } from './enrichment.errors';

/** What the user asks to tag: the folder acted from and the assets. */
export interface SelectionRequest {
  folderId: string;
  contentIds: string[];
}

/** The selection, once SPEC §6 allowed tagging each asset where the user acts from. */
export interface Selection {
  folderId: string;
  contents: ProviderContentDetail[];
}

/**
 * SPEC §5 and §6 for a tagging selection, with the user's token: at most 200 assets, each in the
 * folder, none of another department, each taggable there. The wizard's confirmation, bulk
 * tagging and the wizard's draft all go through it.
 */
@Injectable()
export class EnrichmentSelection {
  constructor(
    private readonly folders: WorkflowFolders,
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  checkCount(ids: readonly string[]): void {
    if (exceedsTaggingLimit(ids.length)) throw refuse.tooManyAssets(LIMITS.taggingMaxAssets);
  }

  /**
   * The folder as the user sees it and the assets, each of which must be in it; SPEC §6 "tag" for
   * each (enrichment, rejected, supplier views, department-archive subfolders; only in the user's
   * own department) and the user's own write on each at the provider.
   */
  async allowed(user: AuthUser, body: SelectionRequest): Promise<Selection> {
    const token = user.providerToken;
    const placed = await this.folders.placed(token, body.folderId, sideOf(user));
    const found = await this.contents.contentsByIds(
      token,
      body.contentIds,
      E_CODES.CONTENT_LOOKUP_DETAIL_FAILED,
    );
    const byId = new Map(found.map((c) => [c.id, c]));
    const missing = body.contentIds.filter((id) => !byId.get(id)?.linkedCategoryIds.includes(body.folderId));
    if (missing.length) throw refuse.notInFolder(missing);
    const contents = body.contentIds.map((id) => byId.get(id)!);
    const now = this.clock.now();
    const refused = contents.filter(
      (c) =>
        !isAssetActionAllowed(
          'tag',
          permissionSubject(user, placed.place, placed.folder.rights, {
            rejected: workflowInfoOf(c).rejected,
            restricted: restrictionOf(c.imetadata, now).restricted,
            provider: c.userRights,
          }),
        ),
    );
    if (refused.length)
      throw refuse.notAllowed(
        placed.place.view,
        refused.map((c) => c.id),
      );
    return { folderId: body.folderId, contents };
  }
}
