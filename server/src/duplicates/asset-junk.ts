import type { WorkflowRequests } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';

/**
 * How the review sends the asset not kept to the junk: the workflow's delete, with every check it
 * makes. The app root provides it (DuplicatesApiModule.sendingToJunkWith): no feature builds on
 * the workflow (import-graph.spec), the workflow is plugged in where the modules are composed.
 */
export interface AssetJunk {
  delete(user: AuthUser, body: WorkflowRequests['delete']): Promise<{ jobId: string }>;
}

export const ASSET_JUNK = Symbol('ASSET_JUNK');
