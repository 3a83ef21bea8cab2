import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  assetLocaleOf,
  folderNameIn,
  labelIn,
  nameIn,
  DASHBOARD_PAGE,
  FALLBACK_LANGUAGE,
  type AuditListResponse,
  type AuditRecordSummary,
  type JobStory,
  type Language,
} from '@paddock/rules';
import { DomainError } from '../common/domain-error';
import { decodeCursor, encodeCursor } from '../common/page-cursor';
import type { JobViewer } from '../jobs/actor';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';
import { ENRICHMENT_GATEWAY, namesByLang, type EnrichmentGateway } from '../provider/enrichment.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { AuditRepository, type AuditFilter, type StoredAuditRecord } from './audit.repository';
import { storyIdsOf, storyOf, type StoryIds, type StoryNames } from './job-story';

/** A search of the audit log as the web asks for it; `cursor` is the previous page's `nextCursor`. */
export type AuditQuery = Omit<AuditFilter, 'before' | 'limit'> & {
  limit?: number;
  cursor?: string;
  lang?: Language;
};

/** The audit log search (administrators only): who did what to which asset, when, and how it ended. */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(
    private readonly records: AuditRepository,
    @Inject(CONTENTS_GATEWAY) private readonly contents: Pick<ContentsGateway, 'contentsByIds'>,
    @Inject(FOLDERS_GATEWAY) private readonly folders: Pick<FoldersGateway, 'foldersByIds'>,
    @Inject(ENRICHMENT_GATEWAY)
    private readonly enrichment: Pick<EnrichmentGateway, 'tagsByIds' | 'metadataDefinitions'>,
  ) {}

  async search(viewer: JobViewer, query: AuditQuery, token: string): Promise<AuditListResponse> {
    if (!viewer.isAdmin) throw DomainError.forbidden('Administrators only');
    if (query.from && query.to && query.from >= query.to)
      throw DomainError.invalid('"from" must be before "to"');
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    // Audit ids are bigints: a cursor carrying anything else was not made here.
    if (before && !/^\d{1,19}$/.test(before.id)) throw DomainError.invalid('Invalid cursor');
    const limit = Math.min(Math.max(query.limit ?? DASHBOARD_PAGE.default, 1), DASHBOARD_PAGE.max);
    const rows = await this.records.search({
      assetId: query.assetId,
      actor: query.actor,
      action: query.action,
      outcome: query.outcome,
      jobId: query.jobId,
      from: query.from,
      to: query.to,
      before,
      limit,
    });
    const items = await this.named(rows, token, query.lang ?? FALLBACK_LANGUAGE);
    const last = items.at(-1);
    const nextCursor =
      items.length === limit && last ? encodeCursor({ at: new Date(last.at), id: last.id }) : null;
    return { items, nextCursor };
  }

  /** What a job is about, named in `lang` as `token`'s user sees the names (the job drawer). */
  async storyOf(
    job: { name: string; payload: unknown; result: unknown },
    token: string,
    lang: Language,
  ): Promise<JobStory> {
    const ids = storyIdsOf(job.name, job.payload);
    return storyOf(ids, job.result, await this.names(token, lang, [], [ids]));
  }

  /**
   * The rows with the names of their asset and folders, and a job's own row with its story, as the
   * administrator's provider account sees them now, so the log reads as sentences. Names are a
   * reading aid: without the provider the rows still show, without them.
   */
  private async named(
    rows: StoredAuditRecord[],
    token: string,
    lang: Language,
  ): Promise<AuditRecordSummary[]> {
    const told = rows.map((r) =>
      r.assetId === null && r.job ? storyIdsOf(r.job.name, r.job.payload) : null,
    );
    const names = await this.names(
      token,
      lang,
      rows,
      told.filter((ids) => ids !== null),
    );
    return rows.map(({ job, ...r }, i) => {
      const ids = told[i];
      return {
        ...r,
        assetName: r.assetId ? names.asset(r.assetId) : null,
        fromFolderName: r.fromFolderId ? names.folder(r.fromFolderId) : null,
        toFolderName: r.toFolderId ? names.folder(r.toFolderId) : null,
        story: ids && job ? storyOf(ids, job.result, names) : null,
      };
    });
  }

  /**
   * The one look-up of names for rows and stories: each kind of name read once for all of them
   * (assets and folders in the language's asset locale, tags and metadata labels in the language).
   */
  private async names(
    token: string,
    lang: Language,
    rows: StoredAuditRecord[],
    stories: StoryIds[],
  ): Promise<StoryNames> {
    const assetIds = unique([...rows.map((r) => r.assetId), ...stories.flatMap((s) => s.assetIds)]);
    const folderIds = unique([
      ...rows.flatMap((r) => [r.fromFolderId, r.toFolderId]),
      ...stories.flatMap((s) => [s.folderId, ...s.targetIds]),
    ]);
    const tags = byClassification(
      stories.flatMap((s) => s.tags.map((t) => [t.classificationId, t.tagId] as const)),
    );
    const keys = byClassification(
      stories.flatMap((s) => s.metadata.map((m) => [m.classificationId, m.key] as const)),
    );
    const [assets, folders, tagNames, keyNames] = await Promise.all([
      this.lookUp('asset', assetIds.length, async () =>
        (await this.contents.contentsByIds(token, assetIds)).map((c) => [c.id, nameIn(c.locales, lang)]),
      ),
      this.lookUp('folder', folderIds.length, async () =>
        (await this.folders.foldersByIds(token, folderIds, assetLocaleOf(lang))).map((f) => [
          f.id,
          folderNameIn(f, lang, 'maker'),
        ]),
      ),
      this.lookUp(
        'tag',
        tags.size,
        async () =>
          (
            await Promise.all(
              [...tags].map(async ([classificationId, ids]) =>
                (await this.enrichment.tagsByIds(token, classificationId, [...ids])).flatMap((tag) => {
                  const label = labelIn(namesByLang(tag.names), lang);
                  const key = (id: string) => `${classificationId}/${id}`;
                  return tag.prettyId
                    ? [
                        [key(tag.id), label],
                        [key(tag.prettyId), label],
                      ]
                    : [[key(tag.id), label]];
                }),
              ),
            )
          ).flat() as [string, string][],
      ),
      this.lookUp('metadata', keys.size, async () =>
        (
          await Promise.all(
            [...keys].map(async ([classificationId, wanted]) =>
              (await this.enrichment.metadataDefinitions(token, classificationId, [...wanted])).map(
                (d): [string, string] => [`${classificationId}/${d.key}`, labelIn(d.names, lang)],
              ),
            ),
          )
        ).flat(),
      ),
    ]);
    const get = (map: Map<string, string>, key: string) => map.get(key) || null;
    return {
      asset: (id) => get(assets, id),
      folder: (id) => get(folders, id),
      tag: (classificationId, id) => get(tagNames, `${classificationId}/${id}`),
      metadata: (classificationId, key) => get(keyNames, `${classificationId}/${key}`),
    };
  }

  /** One kind of names; without them (the provider refused or is away) the rows show none. */
  private async lookUp(
    kind: string,
    wanted: number,
    read: () => Promise<[string, string][]>,
  ): Promise<Map<string, string>> {
    if (!wanted) return new Map();
    try {
      return new Map(await read());
    } catch (error) {
      this.logger.warn(`Audit ${kind} names not read: ${String(error)}`);
      return new Map();
    }
  }
}

const unique = (ids: readonly (string | null)[]) => [
  ...new Set(ids.filter((id): id is string => id !== null)),
];

/** Ids (or keys) grouped by their classification: the provider is asked one classification at a time. */
function byClassification(pairs: readonly (readonly [string, string])[]): Map<string, Set<string>> {
  const grouped = new Map<string, Set<string>>();
  for (const [classificationId, id] of pairs)
    grouped.set(classificationId, (grouped.get(classificationId) ?? new Set()).add(id));
  return grouped;
}
