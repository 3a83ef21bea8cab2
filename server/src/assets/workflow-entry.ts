import { Inject, Injectable } from '@nestjs/common';
import { E_CODES, FOLDER_CODES, specialCodeOf } from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import type { AfterPreflight } from '../jobs/job-catalogue';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { workflowInfoOf } from '../places/workflow-info';
import { WorkflowFolders } from '../places/workflow-folders';
import { departmentOfContent } from '../places/content-department';

function codeOf(prettyId: string | null | undefined): string | null {
  return specialCodeOf(prettyId ?? null)?.code ?? null;
}

/**
 * How uploads enter the approval workflow (docs/workflow.md): a supplier delivery starts at
 * step 1, a new version of a rejected content goes back to it — each only once its pre-flight
 * lets it, so this decides where and the pre-flight job acts, with the service account (the
 * supplier has no right on the approval folders).
 */
@Injectable()
export class WorkflowEntry {
  constructor(
    private readonly folders: WorkflowFolders,
    @Inject(FOLDERS_GATEWAY) private readonly gateway: FoldersGateway,
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    @Inject(SERVICE_SESSION) private readonly service: ServiceSession,
  ) {}

  /**
   * A content just inserted into `folderId`: in the supplier work folder (or below) it enters
   * approval step 1 once its pre-flight lets it; elsewhere it stays out of the workflow (null).
   */
  async afterInsert(user: AuthUser, folderId: string): Promise<AfterPreflight> {
    const folder = await this.gateway.folder(user.providerToken, folderId);
    // The supplier work folder is a supplier exchange folder: others need no look at the path.
    if (!folder.isSupplier) return null;
    const placed = await this.folders.placeOf(folder, 'supplier');
    if (!placed.path.some((f) => codeOf(f.prettyId) === FOLDER_CODES.supplierWork)) return null;
    const department = this.folders.departmentOf(placed, user.department);
    const step1 = department ? await this.folders.stepFolder(1, department) : null;
    return step1 ? { kind: 'enterStep1', folderId: step1.id } : null;
  }

  /**
   * A new version was stored. Once its pre-flight lets it, a rejected content (in the rejected
   * folder, or refused while only in the supplier work folder) goes back to step 1 by the resubmit
   * job, and a delivery still outside approval (its earlier version was blocked) enters step 1.
   */
  async afterNewVersion(user: AuthUser, contentId: string): Promise<AfterPreflight> {
    // As the uploader sees it first: only a content in supplier work folders or the rejected
    // folder can re-enter approval; only then are all its folders read with the service account.
    const [seen] = await this.contents.contentsByIds(
      user.providerToken,
      [contentId],
      E_CODES.CONTENT_LOOKUP_ACCEPT_FAILED,
    );
    if (!seen || !(workflowInfoOf(seen).rejected || this.inRejectedFolder(seen) || this.onlyDelivered(seen)))
      return null;
    const [content] = await this.service.withToken((token) =>
      this.contents.contentsByIds(token, [contentId], E_CODES.CONTENT_LOOKUP_ACCEPT_FAILED),
    );
    if (!content) return null;
    const department = departmentOfContent(content, user.department);
    const step1 = department ? await this.folders.stepFolder(1, department) : null;
    if (!department || !step1) return null;
    if (!this.isRejected(content))
      return this.onlyDelivered(content) ? { kind: 'enterStep1', folderId: step1.id } : null;
    const rejected = content.linkedCategories.find((f) => codeOf(f.prettyId) === FOLDER_CODES.rejected);
    const junk = await this.folders.junkFolder(department);
    const from = rejected?.id ?? null;
    return {
      kind: 'resubmit',
      payload: {
        folderId: from ?? step1.id,
        plan: [{ contentId, from, to: step1.id }],
        junkFolderId: junk?.id ?? null,
      },
    };
  }

  /** A delivery not refused and in no folder but supplier work folders: it never entered approval. */
  private onlyDelivered(content: ProviderContentDetail): boolean {
    const codes = content.linkedCategories.map((f) => codeOf(f.prettyId));
    return (
      !workflowInfoOf(content).rejected &&
      codes.length > 0 &&
      codes.every((c) => c === FOLDER_CODES.supplierWork)
    );
  }

  /**
   * A refused content elsewhere (moved on from the rejected folder by staff) keeps its place: only
   * one in the rejected folder, or a delivery refused and in no other folder, re-enters approval.
   */
  private isRejected(content: ProviderContentDetail): boolean {
    if (this.inRejectedFolder(content)) return true;
    const codes = content.linkedCategories.map((f) => codeOf(f.prettyId));
    return workflowInfoOf(content).rejected && codes.every((c) => c === FOLDER_CODES.supplierWork);
  }

  private inRejectedFolder(content: ProviderContentDetail): boolean {
    return content.linkedCategories.some((f) => codeOf(f.prettyId) === FOLDER_CODES.rejected);
  }
}
