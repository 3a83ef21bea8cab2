import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  E_CODES,
  WORKFLOW_ERROR_CODES,
  WORKFLOW_METADATA as META,
  WORKFLOW_TAGS as TAGS,
  stampDrawing,
} from '@paddock/rules';
import {
  APPROVAL_CODES,
  ContentWorks,
  JUNK_RETRY_SLEEP,
  MOVE_CODES,
  rethrowTransient,
  type PlanItem,
  type Sleep,
  type StepResult,
  type Work,
} from '../asset-ledger/content-work';
import { CLOCK, type Clock } from '../common/clock';
import type { WorkflowPayload } from '../jobs/job-catalogue';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { TAGGING_GATEWAY, type TaggingGateway } from '../provider/tagging.gateway';
import type { WorkflowFolders } from '../places/workflow-folders';

/** The per-content work of each workflow action (common.md "the workflow model"). */
@Injectable()
export class AssetSteps extends ContentWorks {
  constructor(
    @Inject(TAGGING_GATEWAY) tagging: TaggingGateway,
    @Inject(FOLDERS_GATEWAY) folders: FoldersGateway,
    @Inject(CONTENTS_GATEWAY) readonly contents: ContentsGateway,
    @Inject(CLOCK) clock: Clock,
    @Optional() @Inject(JUNK_RETRY_SLEEP) sleep?: Sleep,
  ) {
    super(tagging, folders, clock, sleep);
  }

  /** Where a content must be for the action to apply: in its source, or already where it goes. */
  private misplaced(w: Work, item: PlanItem, junkFolderId: string | null): StepResult | null {
    if (item.from && w.linked.has(item.from)) return null;
    if (item.to && w.linked.has(item.to)) return null;
    // Sent to the junk by an earlier try whose outcome was never recorded.
    if (junkFolderId && w.linked.has(junkFolderId) && item.to !== junkFolderId)
      return { outcome: 'junk', errorCode: null, to: junkFolderId };
    return { outcome: 'failed', errorCode: WORKFLOW_ERROR_CODES.NOT_IN_FOLDER, to: null };
  }

  async accept(w: Work, item: PlanItem, p: WorkflowPayload, actor: string): Promise<StepResult> {
    const off = this.misplaced(w, item, p.junkFolderId);
    if (off) return off;
    await w.addTag(TAGS.accepted);
    await w.removeTag(TAGS.refused);
    await w.setMeta({ [META.acceptedBy]: actor });
    if (p.lastStep) await w.removeMeta([META.note, META.canvas]);
    return w.move(item, p.junkFolderId, APPROVAL_CODES);
  }

  async reject(w: Work, item: PlanItem, p: WorkflowPayload, actor: string): Promise<StepResult> {
    const off = this.misplaced(w, item, p.junkFolderId);
    if (off) return off;
    // The drawing first (SPEC §4): the note refers to it. Stamped with the version it was drawn on,
    // read from the content itself, so a bulk reject and a retried job write the same per content.
    // Without a drawing, an earlier rejection's goes: it would be read as this one's on the next version.
    if (p.canvas) await w.setMeta({ [META.canvas]: stampDrawing(p.canvas, w.content.version) });
    else await w.removeMeta([META.canvas]);
    await w.addTag(TAGS.refused);
    await w.removeTag(TAGS.accepted);
    await w.setMeta({ [META.note]: p.note ?? '', [META.rejectedBy]: actor });
    return w.move(item, p.junkFolderId, APPROVAL_CODES);
  }

  /** A new version of a rejected content: back to step 1, note and drawing kept until the next decision. */
  async resubmit(w: Work, item: PlanItem, p: WorkflowPayload): Promise<StepResult> {
    await w.removeTag(TAGS.refused);
    return w.move(item, p.junkFolderId, APPROVAL_CODES);
  }

  async move(w: Work, item: PlanItem, p: WorkflowPayload): Promise<StepResult> {
    const off = this.misplaced(w, item, p.junkFolderId);
    if (off) return off;
    return w.move(item, p.junkFolderId, MOVE_CODES);
  }

  async delete(w: Work, item: PlanItem): Promise<StepResult> {
    const off = this.misplaced(w, item, null);
    if (off) return off;
    await w.markDeleted();
    if ((await w.link(item.to!)) && (await w.unlink(item.from))) return w.result(item.to);
    // Retried as any move to the junk (SPEC §4); in the junk at a later try, it is deleted as asked.
    const retried = await w.toJunk([item.from], item.to, E_CODES.JUNK_MOVE_RETRY_FAILED);
    return retried.outcome === 'junk' ? w.result(item.to) : retried;
  }

  async restore(w: Work, item: PlanItem): Promise<StepResult> {
    const off = this.misplaced(w, item, null);
    if (off) return off;
    await w.unmarkDeleted();
    // Already in the junk: a refused link leaves it there, with the move failure's code.
    if (!(await w.link(item.to!))) return { outcome: 'failed', errorCode: MOVE_CODES.link, to: null };
    if (!(await w.unlink(item.from))) return { outcome: 'failed', errorCode: MOVE_CODES.unlink, to: item.to };
    return w.result(item.to);
  }

  /** Trash (SPEC §4 permanent delete); refused when shared in more than one channel. */
  async permanentDelete(w: Work, folders: WorkflowFolders): Promise<StepResult> {
    if ((await folders.sharingChannels([...w.linked])).length > 1)
      return { outcome: 'failed', errorCode: WORKFLOW_ERROR_CODES.SHARED_IN_CHANNELS, to: null };
    try {
      const inIssue = await this.contents.trash(w.token, [w.content.id]);
      if (inIssue.length) return { outcome: 'failed', errorCode: E_CODES.TRASH_FAILED, to: null };
    } catch (error) {
      rethrowTransient(error);
      return { outcome: 'failed', errorCode: E_CODES.TRASH_FAILED, to: null };
    }
    w.changed = true;
    return w.result(null);
  }

  /** The supplier's copy goes; the content stays wherever else it is linked. */
  async supplierRemove(w: Work, item: PlanItem): Promise<StepResult> {
    if (!(await w.unlink(item.from)))
      return { outcome: 'failed', errorCode: E_CODES.SUPPLIER_REMOVAL_FAILED, to: null };
    return w.result(null);
  }
}
