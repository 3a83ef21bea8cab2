import { Inject, Injectable } from '@nestjs/common';
import {
  COPYRIGHT_KEYS,
  COPYRIGHT_NOTES_KEY,
  COPYRIGHT_TAGS,
  ENRICHMENT_CLASSIFICATIONS,
  ENRICHMENT_ERROR_CODES as CODES,
  LIMITS,
  NATION_KEY,
  RESERVED_TAGS,
  STATE_KEY,
  VIN_PLATE_KEYS,
  checkMetadataValue,
  copyrightKey,
  copyrightMetadata,
  copyrightTagsOf,
  copyrightProblem,
  isLatin1,
  isMandatory,
  normalizePlate,
  normalizeVin,
  plateKey,
  vinKey,
  vinPlateProblem,
  type CopyrightOption,
  type EnrichmentRequest,
  type KeyValue,
  type MetadataDefinitionSummary,
  type TagRef,
  type TagsBulkRequest,
} from '@paddock/rules';
import type { AuthUser } from '../common/auth-user';
import { JobName, type EnrichmentOp } from '../jobs/job-catalogue';
import { JobsService } from '../jobs/jobs.service';
import type { ProviderContentDetail } from '../provider/contents.gateway';
import { ENRICHMENT_GATEWAY, type EnrichmentGateway } from '../provider/enrichment.gateway';
import { EnrichmentSelection, type Selection } from './enrichment-selection';
import { refuse } from './enrichment.errors';

const METADATA = ENRICHMENT_CLASSIFICATIONS.metadata;

/** Which contents a metadata value goes to: all, or (overwrite off) those without a value for the key. */
function targetsOf(
  contents: readonly ProviderContentDetail[],
  key: string,
  overwrite: boolean,
): string[] | undefined {
  if (overwrite) return undefined;
  return contents
    .filter(
      (c) => !c.imetadata.some((m) => m.classificationId === METADATA && m.key === key && m.value !== ''),
    )
    .map((c) => c.id);
}

/**
 * The submit side of enrichment (issue 13): every SPEC §5 and §6 check is made here with the user's
 * token before anything is enqueued, and each change is decided here (including which assets an
 * overwrite flag spares), so a retried job does exactly the same. The job acts with the service
 * account, which is why reserved workflow tags and keys are refused here.
 */
@Injectable()
export class EnrichmentService {
  constructor(
    private readonly selection: EnrichmentSelection,
    @Inject(ENRICHMENT_GATEWAY) private readonly enrichment: EnrichmentGateway,
    private readonly jobs: JobsService,
  ) {}

  /** `POST /api/enrichment`: the wizard's confirmation. */
  async enrich(user: AuthUser, body: EnrichmentRequest): Promise<{ jobId: string }> {
    const pairs = body.vinTarga ?? [];
    const copyright = body.copyright ?? [];
    this.selection.checkCount(body.contentIds);
    if (pairs.length > LIMITS.vinPlatePairsMax) throw refuse.tooManyPairs(LIMITS.vinPlatePairsMax);
    if (copyright.length > LIMITS.copyrightOptionsMax)
      throw refuse.tooManyCopyright(LIMITS.copyrightOptionsMax);
    pairs.forEach((pair, i) => {
      const problem = vinPlateProblem(pair, i + 1);
      if (problem) throw refuse.field(problem.code, problem.field, problem.problem);
    });
    copyright.forEach((option, i) => {
      const problem = copyrightProblem(option);
      if (problem) throw refuse.field(problem.code, `copyright-${i + 1}`, problem.problem);
    });
    if (body.copyrightNotes !== undefined && !isLatin1(body.copyrightNotes))
      throw refuse.field(CODES.NOT_LATIN1, COPYRIGHT_NOTES_KEY);

    const source = await this.selection.allowed(user, body);
    const overwrite = { vinTarga: true, copyright: true, metadata: true, ...body.overwrite };
    const ops: EnrichmentOp[] = [...(await this.tagOps(user, body.tags?.add ?? [], 'add'))];
    ops.push(...(await this.tagOps(user, body.tags?.remove ?? [], 'remove')));

    const definitions = await this.definitions(user);
    const values = this.checkedValues(definitions, body.metadata ?? []);
    this.checkMandatory(definitions, values, source.contents);
    const set = (entries: KeyValue[], overwriteBlock: boolean) =>
      entries.map((e): EnrichmentOp => ({
        kind: 'metadata',
        action: 'set',
        key: e.key,
        value: e.value,
        classificationId: METADATA,
        contentIds: targetsOf(source.contents, e.key, overwriteBlock),
      }));
    const remove = (keys: string[]) =>
      keys.map((key): EnrichmentOp => ({
        kind: 'metadata',
        action: 'remove',
        key,
        classificationId: METADATA,
      }));
    ops.push(...set(values, overwrite.metadata));
    // SPEC §5: a nation other than united-states clears the state info.
    const nation = values.find((v) => v.key === NATION_KEY);
    if (nation && nation.value !== 'united-states' && !values.some((v) => v.key === STATE_KEY))
      ops.push(...remove([STATE_KEY]));

    if (pairs.length) {
      const entries = pairs.flatMap((p, i) => [
        { key: vinKey(i + 1), value: normalizeVin(p.vin) },
        { key: plateKey(i + 1), value: normalizePlate(p.targa) },
      ]);
      const given = entries.filter((e) => e.value !== '');
      ops.push(...set(given, overwrite.vinTarga));
      // Overwriting replaces the list: pairs beyond it, or left empty, are cleared.
      if (overwrite.vinTarga)
        ops.push(...remove(VIN_PLATE_KEYS.filter((k) => !given.some((e) => e.key === k))));
    }
    if (copyright.length) {
      const entries = copyrightMetadata(copyright);
      ops.push(...set(entries, overwrite.copyright));
      if (overwrite.copyright)
        ops.push(...remove(COPYRIGHT_KEYS.filter((k) => !entries.some((e) => e.key === k))));
      ops.push(...(await this.copyrightTagOps(user, source.contents, copyright, overwrite.copyright)));
    }
    if (body.copyrightNotes?.trim())
      ops.push(
        ...set([{ key: COPYRIGHT_NOTES_KEY, value: body.copyrightNotes.trim() }], overwrite.copyright),
      );
    return this.submit(JobName.Enrichment, user, source, ops);
  }

  /** `POST /api/tags/bulk`: the smart bar's bulk add or remove (SPEC §5). */
  async bulk(user: AuthUser, body: TagsBulkRequest): Promise<{ jobId: string }> {
    this.selection.checkCount(body.contentIds);
    const source = await this.selection.allowed(user, body);
    const ops = await this.tagOps(user, body.tags ?? [], body.action);
    const metadata = body.metadata ?? [];
    if (metadata.length) {
      const definitions = await this.definitions(user);
      if (body.action === 'add') {
        // SPEC §5: bulk add needs key and value.
        const missing = metadata.find((m) => !m.value?.trim());
        if (missing) throw refuse.field(CODES.BAD_METADATA_VALUE, missing.key, 'valueRequired');
        for (const v of this.checkedValues(definitions, metadata as KeyValue[]))
          ops.push({
            kind: 'metadata',
            action: 'set',
            key: v.key,
            value: v.value,
            classificationId: METADATA,
          });
      } else
        for (const { key } of metadata) {
          if (!definitions.has(key)) throw refuse.field(CODES.UNKNOWN_METADATA_KEY, key);
          ops.push({ kind: 'metadata', action: 'remove', key, classificationId: METADATA });
        }
    }
    return this.submit(JobName.TagsBulk, user, source, ops);
  }

  /**
   * "The same, its metadata merged" (issue 27 point 2): what `from` carries that the target lacks —
   * its tags but the workflow's, its values of defined keys the target has none of — checked now as
   * the bulk add it is (the user may tag the target there), submitted by the function answered once
   * the rest of the decision is accepted; null when there is nothing to copy.
   */
  async copyOnto(
    user: AuthUser,
    target: { contentId: string; folderId: string },
    from: ProviderContentDetail,
  ): Promise<(() => Promise<{ jobId: string }>) | null> {
    const source = await this.selection.allowed(user, {
      contentIds: [target.contentId],
      folderId: target.folderId,
    });
    const [kept] = source.contents;
    if (!kept) return null;
    const ops: EnrichmentOp[] = from.itags
      .filter((tag) => !(tag.prettyId && RESERVED_TAGS.includes(tag.prettyId.toLowerCase())))
      .filter(
        (tag) => !kept.itags.some((k) => k.id === tag.id && k.classificationId === tag.classificationId),
      )
      .map((tag) => ({ kind: 'tag', action: 'add', tagId: tag.id, classificationId: tag.classificationId }));
    const definitions = await this.definitions(user);
    const has = (key: string) =>
      kept.imetadata.some((m) => m.classificationId === METADATA && m.key === key && m.value !== '');
    for (const m of from.imetadata)
      if (m.classificationId === METADATA && m.value !== '' && definitions.has(m.key) && !has(m.key))
        ops.push({ kind: 'metadata', action: 'set', key: m.key, value: m.value, classificationId: METADATA });
    return ops.length ? () => this.submit(JobName.TagsBulk, user, source, ops) : null;
  }

  /** Tags must exist in their classification; the workflow's reserved tags are the hub's own. */
  private async tagOps(user: AuthUser, tags: TagRef[], action: 'add' | 'remove'): Promise<EnrichmentOp[]> {
    const byClass = new Map<string, string[]>();
    for (const t of tags) byClass.set(t.classificationId, [...(byClass.get(t.classificationId) ?? []), t.id]);
    const ops: EnrichmentOp[] = [];
    for (const [classificationId, ids] of byClass) {
      const found = await this.enrichment.tagsByIds(user.providerToken, classificationId, ids);
      for (const id of new Set(ids)) {
        const tag = found.find((f) => f.id === id || f.prettyId === id);
        if (!tag) throw refuse.field(CODES.UNKNOWN_TAG, id);
        if (tag.prettyId && RESERVED_TAGS.includes(tag.prettyId.toLowerCase()))
          throw refuse.notAllowed('reservedTag');
        ops.push({ kind: 'tag', action, tagId: tag.id, classificationId });
      }
    }
    return ops;
  }

  /**
   * SPEC §3 copyright tags with the options: each kind's tag and the copyright tag where its
   * options go; overwriting takes off those the new options no longer call for.
   */
  private async copyrightTagOps(
    user: AuthUser,
    contents: readonly ProviderContentDetail[],
    options: CopyrightOption[],
    overwrite: boolean,
  ): Promise<EnrichmentOp[]> {
    const wanted = copyrightTagsOf(options, (kind) =>
      targetsOf(contents, copyrightKey(kind, 'state', 1), overwrite),
    );
    const classificationId = ENRICHMENT_CLASSIFICATIONS.copyright;
    const ref = (id: string): TagRef => ({ id, classificationId });
    const added = await this.tagOps(
      user,
      wanted.map((w) => ref(w.prettyId)),
      'add',
    );
    const ops = added.map((op, i) => ({ ...op, contentIds: wanted[i]!.contentIds }));
    if (!overwrite) return ops;
    const stale = Object.values(COPYRIGHT_TAGS).filter((tag) => !wanted.some((w) => w.prettyId === tag));
    return [...ops, ...(await this.tagOps(user, stale.map(ref), 'remove'))];
  }

  private async definitions(user: AuthUser): Promise<Map<string, MetadataDefinitionSummary>> {
    const all = await this.enrichment.metadataDefinitions(user.providerToken, METADATA);
    return new Map(all.map((d) => [d.key, d]));
  }

  /**
   * Values checked against their definitions (an unknown key or a value the type refuses is an
   * error); SPEC §5: a value null or empty is not saved. The last value of a key wins.
   */
  private checkedValues(
    definitions: Map<string, MetadataDefinitionSummary>,
    entries: KeyValue[],
  ): KeyValue[] {
    const out = new Map<string, string>();
    for (const { key, value } of entries) {
      const def = definitions.get(key);
      if (!def) throw refuse.field(CODES.UNKNOWN_METADATA_KEY, key);
      if (value === null || value === undefined || value.trim() === '') continue;
      const checked = checkMetadataValue(def, value.trim());
      if (!checked.ok) throw refuse.field(checked.code, checked.field);
      out.set(key, checked.value);
    }
    return [...out].map(([key, value]) => ({ key, value }));
  }

  /** Each mandatory definition (SPEC §5) is given, or already set on every selected asset. */
  private checkMandatory(
    definitions: Map<string, MetadataDefinitionSummary>,
    values: KeyValue[],
    contents: ProviderContentDetail[],
  ): void {
    for (const def of definitions.values()) {
      if (!isMandatory(def) || values.some((v) => v.key === def.key)) continue;
      const everywhere = contents.every((c) =>
        c.imetadata.some((m) => m.classificationId === METADATA && m.key === def.key && m.value !== ''),
      );
      if (!everywhere) throw refuse.field(CODES.MANDATORY_MISSING, def.key);
    }
  }

  private submit(
    name: JobName.Enrichment | JobName.TagsBulk,
    user: AuthUser,
    source: Selection,
    ops: EnrichmentOp[],
  ): Promise<{ jobId: string }> {
    // An overwrite flag may leave an op without any asset to change.
    const useful = ops.filter((op) => op.contentIds === undefined || op.contentIds.length > 0);
    if (!useful.length) throw refuse.nothingToDo();
    return this.jobs.submit(
      name,
      { folderId: source.folderId, contentIds: source.contents.map((c) => c.id), ops: useful },
      user.username,
    );
  }
}
