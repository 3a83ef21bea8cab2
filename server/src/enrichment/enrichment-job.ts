import { Inject, Injectable, type Type } from '@nestjs/common';
import { E_CODES, ERROR_CODES, type AuditAction } from '@paddock/rules';
import { AssetLedger } from '../asset-ledger/asset-ledger';
import { snapshotOf } from '../asset-ledger/asset-snapshot';
import { AuditRepository } from '../audit/audit.repository';
import {
  JobName,
  type EnrichmentOp,
  type EnrichmentPayload,
  type EnrichmentResult,
} from '../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import { DRAFTS_GATEWAY, type DraftsGateway } from '../provider/drafts.gateway';
import {
  ENRICHMENT_GATEWAY,
  type EnrichmentGateway,
  type TagDefinitionSummary,
} from '../provider/enrichment.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { withChanges } from './enrichment-effects';

/** An enrichment's audit rows keep the metadata it sets and clears beside folders and tags. */
const ENRICHED_PARTS = { metadata: true };

/**
 * Runs an enrichment or bulk tag job: reads its contents once, makes each change of the plan over
 * them, 50 a provider call (SPEC §7), then writes one audit row per content with its outcome and its
 * state before and after (the state read, with the changes the provider took), 50 rows a transaction.
 *
 * Resuming after a crash: every change is idempotent at the provider (a value set replaces the
 * old one, a tag already there is not added twice, a key or tag already absent is fine), so the
 * changes of contents without an outcome are simply made again; contents an earlier try already
 * recorded are left alone. A content ends fully enriched or failed with its code.
 */
@Injectable()
export class EnrichmentJobRunner {
  constructor(
    @Inject(SERVICE_SESSION) private readonly session: ServiceSession,
    @Inject(CONTENTS_GATEWAY) private readonly contents: ContentsGateway,
    @Inject(ENRICHMENT_GATEWAY) private readonly enrichment: EnrichmentGateway,
    @Inject(DRAFTS_GATEWAY) private readonly drafts: DraftsGateway,
    private readonly audit: AuditRepository,
  ) {}

  /** `clearsDrafts`: the wizard's confirmation, whose draft (EnrichmentDraftService) it spends. */
  async run(
    action: AuditAction,
    payload: EnrichmentPayload,
    context: JobContext,
    clearsDrafts: boolean,
  ): Promise<EnrichmentResult> {
    const ledger = await new AssetLedger(this.audit, action, context).resume();
    const open = payload.contentIds.filter((id) => !ledger.recordedEarlier(id));
    const failures = new Map<string, string>();
    /** The changes the provider took, by content, for its state after them. */
    const taken = new Map<string, EnrichmentOp[]>(open.map((id) => [id, []]));
    let providerCalls = 0;
    if (open.length) {
      const [before, tags] = await Promise.all([this.details(open), this.tagsAdded(payload.ops)]);
      const isOpen = new Set(open);
      for (const [i, op] of payload.ops.entries()) {
        const targets = (op.contentIds ?? payload.contentIds).filter(
          (id) => isOpen.has(id) && !failures.has(id),
        );
        if (targets.length) {
          const answer = await this.session.withToken((token) =>
            op.kind === 'tag'
              ? this.enrichment.tagMany(token, op.action, op.tagId, op.classificationId, targets)
              : this.enrichment.metadataMany(
                  token,
                  op.action,
                  op.action === 'set' ? { key: op.key, value: op.value ?? '' } : { key: op.key },
                  op.classificationId,
                  targets,
                ),
          );
          providerCalls += answer.calls;
          for (const id of answer.leftOut) failures.set(id, ERROR_CODES.NOT_FOUND);
          for (const { ids, code } of answer.refused) for (const id of ids) failures.set(id, code);
          for (const id of targets) if (!failures.has(id)) taken.get(id)!.push(op);
        }
        // 100 only when the record says completed.
        await context.progress(Math.min(99, ((i + 1) / payload.ops.length) * 95));
      }
      // One transaction for the whole selection: the provider's changes are made by now, so batches
      // would add round trips without making a crash cheaper (a resumed job redoes what is unrecorded).
      await ledger.recordMany(
        open.map((contentId) => {
          const content = before.get(contentId);
          const errorCode = failures.get(contentId) ?? (content ? null : ERROR_CODES.NOT_FOUND);
          const after =
            content && errorCode !== ERROR_CODES.NOT_FOUND
              ? withChanges(content, taken.get(contentId)!, tags)
              : undefined;
          return {
            outcome: {
              contentId,
              outcome: errorCode ? 'failed' : 'done',
              fromFolderId: payload.folderId,
              toFolderId: null,
              errorCode,
            },
            before: snapshotOf(content, ENRICHED_PARTS),
            after: snapshotOf(after, ENRICHED_PARTS),
          };
        }),
      );
    }
    if (clearsDrafts) await this.clearDrafts(payload.contentIds, ledger, context.actor);
    return ledger.close({ ...ledger.tally(payload.contentIds), providerCalls });
  }

  /**
   * The actor's drafts on the contents now enriched are spent; a failed content keeps its draft,
   * so the wizard opened again on the same selection finds the working state. Clearing is
   * idempotent, so a retry after a crash simply clears again.
   */
  private async clearDrafts(ids: string[], ledger: AssetLedger, actor: string): Promise<void> {
    const done = ids.filter((id) => {
      const outcome = ledger.outcomeOf(id);
      return outcome !== undefined && outcome !== 'failed';
    });
    if (done.length) await this.session.withToken((token) => this.drafts.save(token, done, null, actor));
  }

  /** The definitions of the tags the job adds (one lookup per classification), by id and prettyId. */
  private async tagsAdded(ops: readonly EnrichmentOp[]): Promise<Map<string, TagDefinitionSummary>> {
    const byClass = new Map<string, string[]>();
    for (const op of ops)
      if (op.kind === 'tag' && op.action === 'add')
        byClass.set(op.classificationId, [...(byClass.get(op.classificationId) ?? []), op.tagId]);
    const tags = new Map<string, TagDefinitionSummary>();
    for (const [classificationId, ids] of byClass) {
      const found = await this.session.withToken((token) =>
        this.enrichment.tagsByIds(token, classificationId, ids),
      );
      for (const tag of found) for (const key of [tag.id, tag.prettyId]) if (key) tags.set(key, tag);
    }
    return tags;
  }

  private async details(ids: string[]): Promise<Map<string, ProviderContentDetail>> {
    const found = await this.session.withToken((token) =>
      this.contents.contentsByIds(token, ids, E_CODES.CONTENT_LOOKUP_DETAIL_FAILED),
    );
    return new Map(found.map((c) => [c.id, c]));
  }
}

/** The audit action of each enrichment job. */
export const ENRICHMENT_ACTIONS = {
  [JobName.Enrichment]: 'enrichment',
  [JobName.TagsBulk]: 'tags-bulk',
} as const;

function enrichmentHandler(name: keyof typeof ENRICHMENT_ACTIONS): Type<JobHandler> {
  @JobHandlerFor(name)
  @Injectable()
  class EnrichmentHandler implements JobHandler {
    constructor(private readonly runner: EnrichmentJobRunner) {}

    handle(p: EnrichmentPayload, c: JobContext): Promise<EnrichmentResult> {
      return this.runner.run(ENRICHMENT_ACTIONS[name], p, c, name === JobName.Enrichment);
    }
  }
  Object.defineProperty(EnrichmentHandler, 'name', { value: `${name}-handler` });
  return EnrichmentHandler;
}

export const ENRICHMENT_HANDLERS = (
  Object.keys(ENRICHMENT_ACTIONS) as (keyof typeof ENRICHMENT_ACTIONS)[]
).map(enrichmentHandler);
