import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  E_CODES,
  LIMITS,
  WORKFLOW_ERROR_CODES,
  WORKFLOW_METADATA as META,
  WORKFLOW_TAGS as TAGS,
  stampDrawing,
  type AssetOutcomeKind,
  type ErrorCode,
} from '@paddock/rules';
import { hasTag } from '../places/workflow-info';
import { CLOCK, type Clock } from '../common/clock';
import type { WorkflowPayload } from '../jobs/job-catalogue';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { ProviderError } from '../provider/provider.errors';
import { TAGGING_GATEWAY, type TaggingGateway } from '../provider/tagging.gateway';
import type { WorkflowFolders } from '../places/workflow-folders';

export type PlanItem = WorkflowPayload['plan'][number];

export interface StepResult {
  outcome: AssetOutcomeKind;
  errorCode: ErrorCode | null;
  /** Where the content went (its target, or the junk folder). */
  to: string | null;
}

/** SPEC §8 codes of a failed move, by the kind of move. */
interface MoveCodes {
  /** Linking the target failed (the content then goes to the junk when it can). */
  link: ErrorCode;
  /** Unlinking the source failed (the content, then in both folders, goes to the junk too). */
  unlink: ErrorCode;
}
const APPROVAL_CODES: MoveCodes = { link: E_CODES.ACCEPT_LINK_FAILED, unlink: E_CODES.ACCEPT_UNLINK_FAILED };
const MOVE_CODES: MoveCodes = { link: E_CODES.MOVE_LINK_FAILED, unlink: E_CODES.MOVE_UNLINK_FAILED };

/** A pause between junk link tries, growing a little each time. */
const JUNK_RETRY_PAUSE_MS = 50;

/** How the junk retries wait: a token so a unit test gives a wait that takes no time. */
export const JUNK_RETRY_SLEEP = Symbol('JUNK_RETRY_SLEEP');
export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A provider failure a later try may fix (outage): the whole job retries, every step is idempotent. */
function rethrowTransient(error: unknown): void {
  if (!(error instanceof ProviderError) || error.transient) throw error;
}

/**
 * One content's work within a workflow job, made with the service account's token. Each step
 * first looks at what the content already has and only changes what is missing, in the order
 * tags and metadata → link the target → unlink the source: a crash between steps leaves the
 * content in both folders at worst, and the job's retry completes it.
 */
class Work {
  changed = false;
  readonly linked: Set<string>;
  /** Tags and metadata this work changed: the content as loaded no longer says (a rollback asks). */
  private readonly tagsNow = new Map<string, boolean>();
  private readonly metaNow = new Map<string, string | null>();

  constructor(
    private readonly gateways: AssetSteps,
    readonly token: string,
    readonly content: ProviderContentDetail,
  ) {
    this.linked = new Set(content.linkedCategoryIds);
  }

  has(tag: string): boolean {
    return this.tagsNow.get(tag) ?? hasTag(this.content, tag);
  }

  meta(key: string): string | null {
    const now = this.metaNow.get(key);
    return now !== undefined ? now : (this.content.imetadata.find((m) => m.key === key)?.value ?? null);
  }

  async addTag(tag: string): Promise<void> {
    if (this.has(tag)) return;
    await this.gateways.tagging.addTags(this.token, [this.content.id], [tag], TAGS.classification);
    this.tagsNow.set(tag, true);
    this.changed = true;
  }

  async removeTag(tag: string): Promise<void> {
    if (!this.has(tag)) return;
    await this.gateways.tagging.removeTags(this.token, [this.content.id], [tag], TAGS.classification);
    this.tagsNow.set(tag, false);
    this.changed = true;
  }

  async setMeta(entries: Record<string, string>): Promise<void> {
    const changed = Object.entries(entries)
      .filter(([key, value]) => this.meta(key) !== value)
      .map(([key, value]) => ({ key, value }));
    if (!changed.length) return;
    await this.gateways.tagging.setMetadata(this.token, this.content.id, changed, TAGS.classification);
    for (const { key, value } of changed) this.metaNow.set(key, value);
    this.changed = true;
  }

  async removeMeta(keys: string[]): Promise<void> {
    const present = keys.filter((k) => this.meta(k) !== null);
    if (!present.length) return;
    await this.gateways.tagging.removeMetadata(this.token, this.content.id, present, TAGS.classification);
    for (const key of present) this.metaNow.set(key, null);
    this.changed = true;
  }

  /** True when linked (now or before); false when the provider refused; outages throw. */
  async link(folderId: string): Promise<boolean> {
    if (this.linked.has(folderId)) return true;
    try {
      const { notLinked } = await this.gateways.folders.linkContents(this.token, folderId, [this.content.id]);
      if (notLinked.length) return false;
    } catch (error) {
      rethrowTransient(error);
      return false;
    }
    this.linked.add(folderId);
    this.changed = true;
    return true;
  }

  async unlink(folderId: string | null): Promise<boolean> {
    if (!folderId || !this.linked.has(folderId)) return true;
    try {
      const { notLinked } = await this.gateways.folders.unlinkContents(this.token, folderId, [
        this.content.id,
      ]);
      if (notLinked.length) return false;
    } catch (error) {
      rethrowTransient(error);
      return false;
    }
    this.linked.delete(folderId);
    this.changed = true;
    return true;
  }

  /**
   * Link target, unlink source; a refused link or unlink sends the content to the junk (SPEC §4):
   * after a refused unlink it is in both folders, and must end in the junk only.
   */
  async move(item: PlanItem, junkFolderId: string | null, codes: MoveCodes): Promise<StepResult> {
    const to = item.to!;
    if (!(await this.link(to))) return this.toJunk([item.from], junkFolderId, codes.link);
    if (!(await this.unlink(item.from))) return this.toJunk([item.from, to], junkFolderId, codes.unlink);
    return this.result(to);
  }

  /**
   * Up to LIMITS.junkMoveRetryMax tries to leave the content in the junk only: link the junk, then
   * unlink every folder of `leave`; `code` says which step failed first. What no try achieves is
   * E054, the content wherever the last try left it.
   */
  async toJunk(leave: (string | null)[], junkFolderId: string | null, code: ErrorCode): Promise<StepResult> {
    if (!junkFolderId) return { outcome: 'failed', errorCode: code, to: null };
    for (let attempt = 1; attempt <= LIMITS.junkMoveRetryMax; attempt++) {
      try {
        if (await this.link(junkFolderId)) {
          await this.markDeleted();
          if (await this.unlinkAll(leave)) return { outcome: 'junk', errorCode: code, to: junkFolderId };
        }
      } catch {
        // An outage counts as a failed try here: the content must not stay half-moved.
      }
      await this.gateways.sleep(JUNK_RETRY_PAUSE_MS * attempt);
    }
    const inJunk = this.linked.has(junkFolderId);
    return { outcome: 'failed', errorCode: E_CODES.JUNK_MOVE_RETRY_FAILED, to: inJunk ? junkFolderId : null };
  }

  /** Unlinks each folder, all tried even when one refuses: true when none is left linked. */
  private async unlinkAll(folderIds: (string | null)[]): Promise<boolean> {
    let all = true;
    for (const folderId of folderIds) if (!(await this.unlink(folderId))) all = false;
    return all;
  }

  /**
   * The deletion tag and date of what lands in the junk (SPEC §4), so the 30-day purge finds it
   * however it came; the first date stays, a retry must not push the purge further away.
   */
  async markDeleted(): Promise<void> {
    await this.addTag(TAGS.deleted);
    if (this.meta(META.deletedAt) === null)
      await this.setMeta({ [META.deletedAt]: String(Math.floor(this.gateways.now().getTime() / 1000)) });
  }

  /** The deletion tag and date gone: the content is no longer on its way to the purge. */
  async unmarkDeleted(): Promise<void> {
    await this.removeTag(TAGS.deleted);
    await this.removeMeta([META.deletedAt]);
  }

  result(to: string | null): StepResult {
    return { outcome: this.changed ? 'done' : 'unchanged', errorCode: null, to };
  }
}

/** The per-content work of each workflow action (common.md "the workflow model"). */
@Injectable()
export class AssetSteps {
  constructor(
    @Inject(TAGGING_GATEWAY) readonly tagging: TaggingGateway,
    @Inject(FOLDERS_GATEWAY) readonly folders: FoldersGateway,
    @Inject(CONTENTS_GATEWAY) readonly contents: ContentsGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(JUNK_RETRY_SLEEP) readonly sleep: Sleep = realSleep,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  work(token: string, content: ProviderContentDetail): Work {
    return new Work(this, token, content);
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
    if (p.canvas) await w.setMeta({ [META.canvas]: stampDrawing(p.canvas, w.content.version) });
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
    if (!(await w.link(item.to!))) return w.toJunk([item.from], item.to, E_CODES.JUNK_MOVE_RETRY_FAILED);
    if (await w.unlink(item.from)) return w.result(item.to);
    // The source will not let go: retried as any move to the junk (SPEC §4). Should no try free it,
    // the content leaves the junk again, undeleted, so it ends in one place: its source.
    const retried = await w.toJunk([item.from], item.to, MOVE_CODES.unlink);
    if (retried.outcome === 'junk' || !(await w.unlink(item.to))) return retried;
    await w.unmarkDeleted();
    return { ...retried, to: null };
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

export type { Work };
