import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  E_CODES,
  LIMITS,
  WORKFLOW_METADATA as META,
  WORKFLOW_TAGS as TAGS,
  type AssetOutcomeKind,
  type ErrorCode,
} from '@paddock/rules';
import { CLOCK, type Clock } from '../common/clock';
import type { WorkflowPayload } from '../jobs/job-catalogue';
import type { ProviderContentDetail } from '../provider/contents.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { ProviderError } from '../common/provider-error';
import { TAGGING_GATEWAY, type TaggingGateway } from '../provider/tagging.gateway';
import { hasTag } from '../places/workflow-info';

export type PlanItem = WorkflowPayload['plan'][number];

export interface StepResult {
  outcome: AssetOutcomeKind;
  errorCode: ErrorCode | null;
  /** Where the content went (its target, or the junk folder). */
  to: string | null;
}

/** SPEC §8 codes of a failed move, by the kind of move. */
export interface MoveCodes {
  /** Linking the target failed (the content then goes to the junk when it can). */
  link: ErrorCode;
  /** Unlinking the source failed (the content, then in both folders, goes to the junk too). */
  unlink: ErrorCode;
}
export const APPROVAL_CODES: MoveCodes = {
  link: E_CODES.ACCEPT_LINK_FAILED,
  unlink: E_CODES.ACCEPT_UNLINK_FAILED,
};
export const MOVE_CODES: MoveCodes = { link: E_CODES.MOVE_LINK_FAILED, unlink: E_CODES.MOVE_UNLINK_FAILED };

/** A pause between junk link tries, growing a little each time. */
const JUNK_RETRY_PAUSE_MS = 50;

/** How the junk retries wait: a token so a unit test gives a wait that takes no time. */
export const JUNK_RETRY_SLEEP = Symbol('JUNK_RETRY_SLEEP');
export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A provider failure a later try may fix (outage): the whole job retries, every step is idempotent. */
export function rethrowTransient(error: unknown): void {
  if (!(error instanceof ProviderError) || error.transient) throw error;
}

/**
 * One content's work within a workflow job, made with the service account's token. Each step
 * first looks at what the content already has and only changes what is missing, in the order
 * tags and metadata → link the target → unlink the source: a crash between steps leaves the
 * content in both folders at worst, and the job's retry completes it.
 */
export class Work {
  changed = false;
  readonly linked: Set<string>;
  /** Tags and metadata this work changed: the content as loaded no longer says (a rollback asks). */
  private readonly tagsNow = new Map<string, boolean>();
  private readonly metaNow = new Map<string, string | null>();

  constructor(
    private readonly gateways: ContentWorks,
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
   * unlink every folder of `leave`; `code` says which step failed first. When no try achieves it,
   * E054: the content leaves the junk again, undeleted, so it stays where it was.
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
    const failed = { outcome: 'failed', errorCode: E_CODES.JUNK_MOVE_RETRY_FAILED } as const;
    // The junk will not let go either: the deletion mark stays, safe as the purge trashes nothing
    // linked outside the junk, and needed should the other folder let go later (undated, never purged).
    if (!(await this.unlink(junkFolderId))) return { ...failed, to: junkFolderId };
    await this.unmarkDeleted();
    return { ...failed, to: null };
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

/**
 * Makes the Work of one content with the service account's token: what every handler that works
 * content by content (the workflow's actions, the internal share) changes a content through.
 */
@Injectable()
export class ContentWorks {
  constructor(
    @Inject(TAGGING_GATEWAY) readonly tagging: TaggingGateway,
    @Inject(FOLDERS_GATEWAY) readonly folders: FoldersGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(JUNK_RETRY_SLEEP) readonly sleep: Sleep = realSleep,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  work(token: string, content: ProviderContentDetail): Work {
    return new Work(this, token, content);
  }
}
