import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  assetLocaleOf,
  folderNameIn,
  nameIn,
  DASHBOARD_PAGE,
  FALLBACK_LANGUAGE,
  type AuditListResponse,
  type AuditRecordSummary,
  type Language,
} from '@paddock/rules';
import { DomainError } from '../common/domain-error';
import { decodeCursor, encodeCursor } from '../common/page-cursor';
import type { JobViewer } from '../jobs/actor';
import { CONTENTS_GATEWAY, type ContentsGateway } from '../provider/contents.gateway';
import { FOLDERS_GATEWAY, type FoldersGateway } from '../provider/folders.gateway';
import { AuditRepository, type AuditFilter, type StoredAuditRecord } from './audit.repository';

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

  /**
   * The rows with the names of their asset and folders, as the administrator's provider account sees
   * them now, so the log reads as sentences. Names are a reading aid: without the provider the rows
   * still show, by id.
   */
  private async named(
    rows: StoredAuditRecord[],
    token: string,
    lang: Language,
  ): Promise<AuditRecordSummary[]> {
    const assetIds = [...new Set(rows.flatMap((r) => (r.assetId ? [r.assetId] : [])))];
    const folderIds = [
      ...new Set(rows.flatMap((r) => [r.fromFolderId, r.toFolderId].filter((id) => id !== null))),
    ];
    const [assets, folders] = await Promise.all([
      this.lookUp('asset', assetIds, async () =>
        (await this.contents.contentsByIds(token, assetIds)).map((c) => [c.id, nameIn(c.locales, lang)]),
      ),
      this.lookUp('folder', folderIds, async () =>
        (await this.folders.foldersByIds(token, folderIds, assetLocaleOf(lang))).map((f) => [
          f.id,
          folderNameIn(f, lang, 'maker'),
        ]),
      ),
    ]);
    const nameOf = (names: Map<string, string>, id: string | null) => (id ? (names.get(id) ?? null) : null);
    return rows.map((r) => ({
      ...r,
      assetName: nameOf(assets, r.assetId),
      fromFolderName: nameOf(folders, r.fromFolderId),
      toFolderName: nameOf(folders, r.toFolderId),
    }));
  }

  /** One kind of names; without them (the provider refused or is away) the rows show ids. */
  private async lookUp(
    kind: string,
    ids: string[],
    read: () => Promise<[string, string][]>,
  ): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    try {
      return new Map(await read());
    } catch (error) {
      this.logger.warn(`Audit ${kind} names not read: ${String(error)}`);
      return new Map();
    }
  }
}
