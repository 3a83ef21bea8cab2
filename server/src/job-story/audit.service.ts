import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
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
import type { AuthUser } from '../common/auth-user';
import { CLOCK, type Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import { decodeCursor, encodeCursor } from '../common/page-cursor';
import { RecentCache } from '../common/recent-cache';
import type { JobViewer } from '../jobs/actor';
import { TERMINAL_JOB_STATES, type JobView } from '../jobs/job-record';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';
import { ENRICHMENT_GATEWAY, namesByLang, type EnrichmentGateway } from '../provider/enrichment.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { AuditRepository, type AuditFilter, type StoredAuditRecord } from '../audit/audit.repository';
import { PersonNames } from '../users/person-names';
import { storyIdsOf, storyOf, type StoryIds, type StoryNames } from './job-story';

/** A search of the audit log as the web asks for it; `cursor` is the previous page's `nextCursor`. */
export type AuditQuery = Omit<AuditFilter, 'before' | 'limit'> & {
  limit?: number;
  cursor?: string;
  lang?: Language;
};

/** A job as its story is told from it: what it was asked, what it answered, and its record's version. */
export type StoryJob = Pick<JobView, 'id' | 'name' | 'payload' | 'result' | 'state' | 'updatedAt'>;

/**
 * How many ended jobs' stories one process keeps, and for how long. The time bounds how long a story
 * shows an asset's old name after a rename, or a name its viewer may no longer see.
 */
const ENDED_STORIES = { capacity: 1_000, ttlMs: 5 * 60_000 };

/** Names read for rows and stories; `complete` false when some kind could not be read. */
interface ReadNames {
  names: StoryNames;
  complete: boolean;
}

/** The audit log search (administrators only): who did what to which asset, when, and how it ended. */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);
  private readonly endedStories: RecentCache<JobStory>;

  constructor(
    @Inject(AuditRepository) private readonly records: Pick<AuditRepository, 'search'>,
    @Inject(CONTENTS_GATEWAY) private readonly contents: Pick<ContentsGateway, 'contentsByIds'>,
    @Inject(FOLDERS_GATEWAY) private readonly folders: Pick<FoldersGateway, 'foldersByIds'>,
    @Inject(ENRICHMENT_GATEWAY)
    private readonly enrichment: Pick<EnrichmentGateway, 'tagsByIds' | 'metadataDefinitions'>,
    @Inject(CLOCK) clock: Clock,
    @Optional() private readonly people?: PersonNames,
  ) {
    this.endedStories = new RecentCache(ENDED_STORIES.capacity, ENDED_STORIES.ttlMs, clock);
  }

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

  /**
   * What a job is about, named in `lang` as `viewer` sees the names (the job drawer, which asks
   * every few seconds while the job runs and again each time it is opened).
   *
   * An ended job's story is kept a while in this process: its payload and result no longer change,
   * so only the names could, and reading them costs up to four provider look-ups a call. Kept in
   * memory rather than stored with the job because a story is a view, not a fact of the job: names
   * as one viewer sees them (an administrator may see folders the submitter may not) in one
   * language, so the key holds the viewer and the language, and the record's version (`updatedAt`)
   * so that a failed job retried and ended again is told anew. A miss only costs the look-ups, so
   * replicas need not share it. A running job is told afresh each time, and a story whose names
   * could not all be read (the provider away) is not kept.
   */
  async storyOf(
    job: StoryJob,
    viewer: Pick<AuthUser, 'username' | 'providerToken'>,
    lang: Language,
  ): Promise<JobStory> {
    const key = TERMINAL_JOB_STATES.has(job.state)
      ? [job.id, job.updatedAt.toISOString(), viewer.username, lang].join(' ')
      : null;
    const kept = key === null ? undefined : this.endedStories.get(key);
    if (kept) return kept;
    const ids = storyIdsOf(job.name, job.payload);
    const { names, complete } = await this.names(viewer.providerToken, lang, [], [ids]);
    const story = storyOf(ids, job.result, names);
    if (key !== null && complete) this.endedStories.set(key, story);
    return story;
  }

  /** The stories of a page of jobs, their names read once for all of them. */
  async storiesOf(
    jobs: readonly StoryJob[],
    viewer: Pick<AuthUser, 'providerToken'>,
    lang: Language,
  ): Promise<JobStory[]> {
    const told = jobs.map((job) => storyIdsOf(job.name, job.payload));
    const { names } = await this.names(viewer.providerToken, lang, [], told);
    return told.map((ids, i) => storyOf(ids, jobs[i]!.result, names));
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
    const [{ names }, people] = await Promise.all([
      this.names(
        token,
        lang,
        rows,
        told.filter((ids) => ids !== null),
      ),
      this.people?.of(rows.map((r) => r.actor)),
    ]);
    return rows.map(({ job, ...r }, i) => {
      const ids = told[i];
      return {
        ...r,
        actorName: people?.get(r.actor) ?? r.actor,
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
  ): Promise<ReadNames> {
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
    const get = (map: Map<string, string> | null, key: string) => map?.get(key) || null;
    return {
      names: {
        asset: (id) => get(assets, id),
        folder: (id) => get(folders, id),
        tag: (classificationId, id) => get(tagNames, `${classificationId}/${id}`),
        metadata: (classificationId, key) => get(keyNames, `${classificationId}/${key}`),
      },
      complete: [assets, folders, tagNames, keyNames].every((read) => read !== null),
    };
  }

  /** One kind of names; null when they could not be read (the provider refused or is away): none show. */
  private async lookUp(
    kind: string,
    wanted: number,
    read: () => Promise<[string, string][]>,
  ): Promise<Map<string, string> | null> {
    if (!wanted) return new Map();
    try {
      return new Map(await read());
    } catch (error) {
      this.logger.warn(`Audit ${kind} names not read: ${String(error)}`);
      return null;
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
