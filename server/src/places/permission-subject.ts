import {
  restrictionOf,
  sideOfRole,
  type FolderRights,
  type PermissionSubject,
  type Place,
  type ProviderRights,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import type { ProviderContentDetail } from '../provider/contents.gateway';
import { workflowInfoOf } from './workflow-info';

/** Supplier exchange folders read from the side of who looks (SPEC §2). */
export function sideOf(user: Pick<AuthUser, 'primaryRole'>): 'supplier' | 'maker' {
  return sideOfRole(user.primaryRole);
}

/** The user's approval groups include this step of this department (SPEC §6 "approvable asset"). */
export function enabledFor(
  user: Pick<AuthUser, 'approvalSteps'>,
  department: string | null,
  step: number | null,
): boolean {
  if (step === null || !department) return false;
  return user.approvalSteps.some((g) => g.department.toLowerCase() === department && g.step === step);
}

/** What SPEC §6 decides an asset action from, for one user in one place (one definition for every check). */
export function permissionSubject(
  user: Pick<AuthUser, 'roles' | 'approvalSteps' | 'department'>,
  place: Place,
  rights: FolderRights,
  asset: { rejected: boolean; restricted?: boolean; provider?: ProviderRights; ownRecentDelete?: boolean },
): PermissionSubject {
  return {
    roles: user.roles,
    department: user.department,
    place,
    folder: { write: rights.write, share: rights.share, manage: rights.manage },
    asset: {
      enabledForStep: enabledFor(user, place.department, place.step),
      rejected: asset.rejected,
      // SPEC §4 derived flags (restrictionOf), where the caller read the asset's metadata.
      restricted: asset.restricted ?? false,
      // The user's own right on the content at the provider, where the caller read it with their token.
      provider: asset.provider,
      ownRecentDelete: asset.ownRecentDelete ?? false,
    },
  };
}

/** What SPEC §6 reads of a content read with the user's token: its workflow state, restriction and own rights. */
export function contentFacts(
  content: ProviderContentDetail,
  now: Date,
): { rejected: boolean; step: number | null; restricted: boolean; provider: ProviderRights } {
  const { rejected, step } = workflowInfoOf(content);
  return {
    rejected,
    step,
    restricted: restrictionOf(content.imetadata, now).restricted,
    provider: content.userRights,
  };
}
