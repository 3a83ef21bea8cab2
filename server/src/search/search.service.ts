import { Inject, Injectable } from '@nestjs/common';
import { ERROR_CODES, LIMITS, departmentFolderPrettyId, type ErrorCode, type View } from '@paddock/rules';
import type { AuthUser } from '../auth/auth-user';
import { DomainError } from '../common/domain-error';
import { ProviderError } from '../provider/provider.errors';
import { COUNTS_FAILED, SEARCH_FAILED, SEARCH_GATEWAY, type SearchGateway } from '../provider/search.gateway';
import { SUMMARY_THUMB_SIZE } from './search.dto';
import { COUNTED_VIEW_FOLDERS, type AssetListFilter, type AssetPage } from './search.types';

/** SPEC §7: the provider search reads and returns the IT locale first. */
const SEARCH_LOCALE = 'IT';

/** Listing, search and counts of assets, through the provider with the user's own token (its ACLs apply). */
@Injectable()
export class SearchService {
  constructor(@Inject(SEARCH_GATEWAY) private readonly gateway: SearchGateway) {}

  /**
   * One page and its hit count, capped at LIMITS.searchCountCap or this page's end (whichever is
   * further), so that "more" is always known for the next page while counting stays cheap.
   */
  async list(user: AuthUser, filter: AssetListFilter): Promise<AssetPage> {
    const page = await this.gateway
      .findContents(
        user.providerToken,
        {
          folderIds: filter.folderId ? [filter.folderId] : undefined,
          cascade: filter.subfolders,
          text: filter.text,
          types: filter.types,
          extensions: filter.extensions,
          metadata: filter.metadata,
        },
        {
          sort: filter.sort,
          descending: filter.descending,
          offset: filter.offset,
          limit: filter.limit,
          locale: SEARCH_LOCALE,
          divArea: SUMMARY_THUMB_SIZE,
        },
      )
      .catch((e: unknown) => rethrow(e, SEARCH_FAILED, 'The search could not be performed. Try later'));
    const countedTo = Math.max(LIMITS.searchCountCap, filter.offset + filter.limit);
    return {
      contents: page.contents,
      totalResults: Math.min(page.totalResults, countedTo),
      totalIsCapped: page.totalResults > countedTo,
    };
  }

  /**
   * Assets per view, for the `user` role only (SPEC §6 "Asset counts per view are loaded for the
   * user role only"): any other primary role, or a user without a department, gets `{}` rather
   * than an error, so the web can always ask and show no badge.
   */
  async counts(user: AuthUser): Promise<Partial<Record<View, number>>> {
    const department = user.department;
    if (user.primaryRole !== 'user' || !department) return {};
    const views = Object.entries(COUNTED_VIEW_FOLDERS) as [View, string][];
    const counted = await Promise.all(
      views.map(([view, code]) =>
        this.gateway
          .countContents(user.providerToken, {
            folderIds: [departmentFolderPrettyId(code, department)],
            cascade: true,
          })
          .then((n) => [view, n] as const),
      ),
    ).catch((e: unknown) => rethrow(e, COUNTS_FAILED, 'The asset counts could not be loaded. Try later'));
    return Object.fromEntries(counted);
  }
}

/**
 * A provider failure as the hub answers it: an ended provider session signs the user out (401),
 * anything else is the situation's SPEC §8 code (E002, E015), 503 when worth retrying.
 */
function rethrow(error: unknown, code: ErrorCode, message: string): never {
  if (!(error instanceof ProviderError)) throw error;
  if (error.code === ERROR_CODES.UNAUTHENTICATED) throw DomainError.unauthenticated();
  throw new DomainError(code, error.transient ? 'unavailable' : 'internal', message);
}
