import { Injectable, Inject, Optional } from '@nestjs/common';
import {
  FOLDER_CODES,
  LIMITS,
  REJECT_VIEWS,
  approvalStepCode,
  carriedRejectionOf,
  checklistProgress,
  isMoveTargetView,
  mayOpenView,
  parseDrawing,
  type AssetAction,
  type ChecklistMarkRequest,
  type ECode,
  type Place,
  type WorkflowAction,
  type WorkflowRequests,
} from '@paddock/rules';
import { refuseUnreadable } from '../assets/unreadable-contents';
import { AuditRepository, type JunkEntry } from '../audit/audit.repository';
import type { AuthUser } from '../common/auth-user';
import { CLOCK, systemClock, type Clock } from '../common/clock';
import { JobName, type WorkflowPayload } from '../jobs/job-catalogue';
import { JobsService } from '../jobs/jobs.service';
import type { ProviderContentDetail } from '../provider/contents.gateway';
import { nullIfNotFound } from '../provider/provider.errors';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { workflowInfoOf } from '../places/workflow-info';
import { enabledFor, sideOf } from '../places/permission-subject';
import {
  SelectionPolicy,
  type CheckOptions,
  type Selection,
  type SelectionRequest,
} from '../places/selection-policy';
import { WorkflowFolders, type PlacedFolder } from '../places/workflow-folders';
import { workflowRefusal as refuse } from './workflow.errors';
import { contentLookupCode } from '../asset-ledger/asset-job-runner';
import { RejectionChecksRepository } from '../rejection-checklist/rejection-checks.repository';
import { HeldContents } from '../legal-hold/held-contents';

/** The job of each action of `POST /api/workflow/{action}`. */
export const JOB_OF_ACTION: Record<WorkflowAction, JobName> = {
  accept: JobName.WorkflowAccept,
  reject: JobName.WorkflowReject,
  move: JobName.WorkflowMove,
  delete: JobName.WorkflowDelete,
  restore: JobName.WorkflowRestore,
  'permanent-delete': JobName.WorkflowPermanentDelete,
  'supplier-remove': JobName.WorkflowSupplierRemove,
};

/** The SPEC §6 column that decides each action. */
const PERMISSION_OF_ACTION: Record<WorkflowAction, AssetAction> = {
  accept: 'accept',
  reject: 'reject',
  move: 'move',
  delete: 'delete',
  restore: 'restore',
  'permanent-delete': 'delete',
  'supplier-remove': 'delete',
};

const SUPPLIER_VIEWS: readonly Place['view'][] = ['supplierSent', 'supplierRecieved', 'supplier'];

/**
 * The submit side of the workflow (SPEC §4, §6): every check is made here with the user's token,
 * before anything is enqueued, and every target is decided here so a retried job does exactly
 * what the user asked. The job then acts with the service account.
 */
@Injectable()
export class WorkflowService {
  constructor(
    private readonly folders: WorkflowFolders,
    private readonly policy: SelectionPolicy,
    private readonly jobs: JobsService,
    private readonly audit: AuditRepository,
    @Inject(SERVICE_SESSION) private readonly service: ServiceSession,
    private readonly checks: RejectionChecksRepository,
    private readonly holds: HeldContents,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  async accept(user: AuthUser, body: WorkflowRequests['accept']): Promise<{ jobId: string }> {
    const source = await this.source(user, body);
    const { step, department } = this.approvalStep(user, 'accept', source);
    refuseUnreadable(source.contents);
    await this.refuseOpenChecklists(source.contents);
    const next = await this.folders.stepFolder(step + 1, department);
    let target = next;
    if (!next) {
      if (!body.enrichmentFolderId) throw refuse.enrichmentRequired();
      const chosen = await this.visibleFolder(user, body.enrichmentFolderId);
      if (!chosen || !(await this.folders.isWithin(chosen, FOLDER_CODES.enrichment, department)))
        throw refuse.enrichmentRequired();
      target = chosen;
    }
    return this.submit(user, 'accept', source, target!.id, {
      lastStep: !next,
      junkFolderId: await this.junkId(department),
      from: await this.stepFolderId(step, department),
    });
  }

  /**
   * One region's mark on the rejection the asset's current version answers (issue 27 point 3):
   * whoever may accept the asset here may check it, as the accept itself requires.
   */
  async markChecklist(user: AuthUser, body: ChecklistMarkRequest): Promise<void> {
    const source = await this.source(user, { contentIds: [body.contentId], folderId: body.folderId });
    this.approvalStep(user, 'accept', source);
    const [content] = source.contents;
    const carried = content ? carriedRejectionOf(workflowInfoOf(content), content.version) : null;
    if (!content || !carried || content.version !== body.version || body.region > carried.regions.length)
      throw refuse.checklistStale();
    await this.checks.set(
      {
        assetId: content.id,
        version: content.version,
        drawnOn: carried.drawnOn,
        region: body.region,
        mark: body.mark,
      },
      user.username,
    );
  }

  /** A new version is accepted only once every region of the rejection it answers is fixed or n/a. */
  private async refuseOpenChecklists(contents: readonly ProviderContentDetail[]): Promise<void> {
    const carrying = contents.flatMap((c) => {
      const rejection = carriedRejectionOf(workflowInfoOf(c), c.version);
      return rejection ? [{ content: c, regions: rejection.regions.length }] : [];
    });
    if (!carrying.length) return;
    const marks = await this.checks.marksOfMany(
      carrying.map(({ content }) => ({ assetId: content.id, version: content.version })),
    );
    const open = carrying
      .filter(({ content, regions }) => !checklistProgress(regions, marks.get(content.id) ?? []).complete)
      .map(({ content }) => content.id);
    if (open.length) throw refuse.checklistOpen(open);
  }

  async reject(user: AuthUser, body: WorkflowRequests['reject']): Promise<{ jobId: string }> {
    if (!body.note.trim()) throw refuse.noteRequired();
    if (body.canvas !== undefined && body.canvas !== '' && !parseDrawing(body.canvas))
      throw refuse.badCanvas();
    const source = await this.source(user, body, contentLookupCode('reject'));
    const { step, department } = this.approvalStep(user, 'reject', source);
    // From the supplier view the delivery goes back to the supplier work folder (SPEC §4).
    const code =
      source.placed.place.view === 'supplierRecieved' ? FOLDER_CODES.supplierWork : FOLDER_CODES.rejected;
    const target = await this.folders.special(code, department);
    if (!target) throw refuse.noWorkflowFolder(code);
    return this.submit(user, 'reject', source, target.id, {
      junkFolderId: await this.junkId(department),
      from: await this.stepFolderId(step, department),
      note: body.note.trim(),
      ...(body.canvas ? { canvas: body.canvas } : {}),
    });
  }

  async move(user: AuthUser, body: WorkflowRequests['move']): Promise<{ jobId: string }> {
    const source = await this.source(user, body);
    this.check(user, 'move', source);
    const target = await this.writableTarget(user, body.toFolderId);
    return this.submit(user, 'move', source, target.folder.id, {
      junkFolderId: source.department ? await this.junkId(source.department) : null,
    });
  }

  async delete(user: AuthUser, body: WorkflowRequests['delete']): Promise<{ jobId: string }> {
    const source = await this.source(user, body);
    // In the junk the delete is the permanent one, asked for by its own action after confirmation.
    if (source.placed.place.view === 'departmentJunk')
      throw refuse.notAllowed('delete', source.placed.place.view);
    this.check(user, 'delete', source);
    if (!source.department) throw refuse.noWorkflowFolder(FOLDER_CODES.junk);
    const junk = await this.junkId(source.department);
    if (!junk) throw refuse.noWorkflowFolder(FOLDER_CODES.junk);
    return this.submit(user, 'delete', source, junk, { junkFolderId: junk });
  }

  async restore(user: AuthUser, body: WorkflowRequests['restore']): Promise<{ jobId: string }> {
    const entries = await this.audit.junkEntries(body.folderId, body.contentIds);
    const source = await this.restoreSource(user, body, entries);
    const junkFolderId = source.placed.folder.id;
    this.check(user, 'restore', source, {
      ownRecentDeletes: this.ownRecentDeletes(user, entries, body.toFolderId),
    });
    if (body.toFolderId !== undefined) {
      const target = await this.writableTarget(user, body.toFolderId);
      return this.submit(user, 'restore', source, target.folder.id, { junkFolderId });
    }
    const targets = await this.origins(user, entries, source.contents);
    return this.submit(user, 'restore', source, null, { junkFolderId, targets });
  }

  /**
   * Where a restore reads from. The provider shows the junk to admins only (SPEC §6): what the
   * hub's audit shows this user sent to this junk with their own delete is read as the service
   * account, and check() then leaves them only its Undo. Anything else is the user's own look, in
   * which the junk does not exist (404).
   */
  private async restoreSource(
    user: AuthUser,
    body: WorkflowRequests['restore'],
    entries: ReadonlyMap<string, JunkEntry>,
  ): Promise<Selection> {
    const ownDeletes = body.contentIds.every((id) => {
      const entry = entries.get(id);
      return entry?.actor === user.username && entry.action === ('delete' satisfies WorkflowAction);
    });
    if (ownDeletes && !mayOpenView(user.roles, 'departmentJunk')) {
      // Not the junk, or not there: the user's own look answers for it.
      const source = await this.service
        .withToken((token) => this.source(user, body, undefined, token))
        .catch(nullIfNotFound);
      if (source?.placed.place.view === 'departmentJunk') return source;
    }
    return this.source(user, body);
  }

  /**
   * The contents this user sent to the junk with their own delete within LIMITS.junkUndoWindowMs,
   * restored back where they came from: the Undo left to those who may not open the junk (SPEC §6),
   * read from the hub's own audit rows, never from the request.
   */
  private ownRecentDeletes(
    user: AuthUser,
    entries: ReadonlyMap<string, JunkEntry>,
    toFolderId: string | undefined,
  ): ReadonlySet<string> {
    const since = this.clock.now().getTime() - LIMITS.junkUndoWindowMs;
    return new Set(
      [...entries]
        .filter(
          ([, e]) =>
            e.actor === user.username &&
            e.action === ('delete' satisfies WorkflowAction) &&
            e.at.getTime() >= since &&
            (toFolderId === undefined || toFolderId === e.fromFolderId),
        )
        .map(([contentId]) => contentId),
    );
  }

  /**
   * Each content's way back: the folder it was sent to the junk from, if the user may still put it
   * there; otherwise nothing is enqueued and the user chooses a folder.
   */
  private async origins(
    user: AuthUser,
    entries: ReadonlyMap<string, JunkEntry>,
    contents: readonly ProviderContentDetail[],
  ): Promise<Map<string, string>> {
    const ids = contents.map((c) => c.id);
    const origins = new Map([...entries].map(([id, e]) => [id, e.fromFolderId]));
    const usable = new Map<string, boolean>();
    for (const folderId of new Set(origins.values())) {
      usable.set(
        folderId,
        await this.writableTarget(user, folderId).then(
          () => true,
          () => false,
        ),
      );
    }
    const unavailable = ids.filter((id) => !usable.get(origins.get(id) ?? ''));
    if (unavailable.length) throw refuse.originUnavailable(unavailable);
    return origins;
  }

  async permanentDelete(
    user: AuthUser,
    body: WorkflowRequests['permanent-delete'],
  ): Promise<{ jobId: string }> {
    const source = await this.source(user, body);
    if (source.placed.place.view !== 'departmentJunk')
      throw refuse.notAllowed('permanent-delete', source.placed.place.view);
    this.check(user, 'permanent-delete', source);
    // A legal hold keeps the whole selection here (the job asks again when it runs).
    await this.holds.refuse(
      source.contents.map((c) => c.id),
      'permanent-delete',
    );
    // One look at every folder of the selection, not two provider calls per content.
    const channels = new Set(
      await this.folders.sharingChannels([...new Set(source.contents.flatMap((c) => c.linkedCategoryIds))]),
    );
    const shared = source.contents
      .filter((c) => c.linkedCategoryIds.filter((id) => channels.has(id)).length > 1)
      .map((c) => c.id);
    if (shared.length) throw refuse.sharedInChannels(shared);
    return this.submit(user, 'permanent-delete', source, null, { junkFolderId: source.placed.folder.id });
  }

  async supplierRemove(
    user: AuthUser,
    body: WorkflowRequests['supplier-remove'],
  ): Promise<{ jobId: string }> {
    const source = await this.source(user, body);
    const { view, isSuppliersRoot } = source.placed.place;
    if (!SUPPLIER_VIEWS.includes(view) || isSuppliersRoot) throw refuse.notAllowed('supplier-remove', view);
    this.check(user, 'supplier-remove', source);
    return this.submit(user, 'supplier-remove', source, null, { junkFolderId: null });
  }

  /** Accept and reject: one approval step for all, and the user enabled for it (SPEC §4, §6). */
  private approvalStep(
    user: AuthUser,
    action: 'accept' | 'reject',
    source: Selection,
  ): { step: number; department: string } {
    const { place } = source.placed;
    const views = action === 'reject' ? REJECT_VIEWS : ['approver'];
    if (!views.includes(place.view)) throw refuse.notAllowed(action, place.view);
    const steps = new Set(source.contents.map((c) => workflowInfoOf(c).step));
    if (steps.size > 1) throw refuse.mixedSteps();
    const step = place.step ?? [...steps][0] ?? null;
    const department = source.department;
    if (step === null || !department) throw refuse.notAllowed(action, place.view);
    if (!enabledFor(user, department, step)) throw refuse.notEnabled(step);
    this.check(user, action, source, { place: { ...place, step } });
    return { step, department };
  }

  /** SPEC §6 for every content, in the place of the folder it is acted on from (the policy's one check). */
  private check(user: AuthUser, action: WorkflowAction, source: Selection, options: CheckOptions = {}): void {
    this.policy.check(
      user,
      PERMISSION_OF_ACTION[action],
      source,
      { notAllowed: (view) => refuse.notAllowed(action, view) },
      {
        ...options,
        // Removing the supplier's copy unlinks only the supplier folder acted from, the supplier's
        // own record: the content, which the maker may hold elsewhere, is not changed.
        withoutProviderRight: action === 'supplier-remove',
      },
    );
  }

  /** The folder (as the user sees it), its place, and the contents, each of which must be in it. */
  private source(
    user: AuthUser,
    body: SelectionRequest,
    lookupFailed?: ECode,
    token?: string,
  ): Promise<Selection> {
    return this.policy.read(user, body, refuse, { lookupFailed, token });
  }

  /** The target of a move or restore: writable, and not a folder only the workflow fills. */
  private async writableTarget(user: AuthUser, folderId: string): Promise<PlacedFolder> {
    const target = await this.folders.placed(user.providerToken, folderId, sideOf(user));
    if (!isMoveTargetView(target.place.view)) throw refuse.targetNotAllowed(target.place.view);
    if (!target.folder.rights.write) throw refuse.targetNotWritable();
    return target;
  }

  private async visibleFolder(user: AuthUser, folderId: string) {
    try {
      return (await this.folders.placed(user.providerToken, folderId, sideOf(user))).folder;
    } catch {
      return null;
    }
  }

  private async junkId(department: string): Promise<string | null> {
    return (await this.folders.junkFolder(department))?.id ?? null;
  }

  private async stepFolderId(step: number, department: string): Promise<string> {
    const folder = await this.folders.stepFolder(step, department);
    if (!folder) throw refuse.noWorkflowFolder(approvalStepCode(step));
    return folder.id;
  }

  private submit(
    user: AuthUser,
    action: WorkflowAction,
    source: Selection,
    to: string | null,
    extra: Partial<WorkflowPayload> & {
      from?: string;
      junkFolderId: string | null;
      /** A target per content, where they differ (a restore to each content's origin). */
      targets?: ReadonlyMap<string, string>;
    },
  ): Promise<{ jobId: string }> {
    const { from = source.placed.folder.id, targets, ...rest } = extra;
    const payload: WorkflowPayload = {
      folderId: source.placed.folder.id,
      plan: source.contents.map((c) => ({ contentId: c.id, from, to: targets?.get(c.id) ?? to })),
      ...rest,
    };
    return this.jobs.submit(JOB_OF_ACTION[action], payload, user.username);
  }
}
