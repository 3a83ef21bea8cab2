import { Injectable } from '@nestjs/common';
import { E_CODES, LIMITS, exceedsTaggingLimit } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import type { ProviderContentDetail } from '../provider/contents.gateway';
import { SelectionPolicy, type SelectionRefusals, type SelectionRequest } from '../places/selection-policy';
import { refuse } from './enrichment.errors';

/** The enrichment codes of the selection policy's refusals. */
const TAGGING_REFUSALS: SelectionRefusals = {
  notInFolder: refuse.notInFolder,
  notAllowed: refuse.notAllowed,
};

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
  constructor(private readonly policy: SelectionPolicy) {}

  checkCount(ids: readonly string[]): void {
    if (exceedsTaggingLimit(ids.length)) throw refuse.tooManyAssets(LIMITS.taggingMaxAssets);
  }

  /**
   * The folder as the user sees it and the assets, each of which must be in it; SPEC §6 "tag" for
   * each (enrichment, rejected, supplier views, department-archive subfolders; only in the user's
   * own department) and the user's own write on each at the provider.
   */
  async allowed(user: AuthUser, body: SelectionRequest): Promise<Selection> {
    const { contents } = await this.policy.require(user, 'tag', body, TAGGING_REFUSALS, {
      lookupFailed: E_CODES.CONTENT_LOOKUP_DETAIL_FAILED,
    });
    return { folderId: body.folderId, contents };
  }
}
