import { Injectable } from '@nestjs/common';
import { FOLDER_CODES, type ContentFolder, type LinkedGroup, type PathFolder } from '@paddock/rules';
import { Prisma } from '../../generated/provider/client';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { isUuid } from '../uuid';

/** A caller's rights on a folder: the union of their groups' ACL rows on it (SPEC §3). */
export interface FolderRights {
  show: boolean;
  /** Write the folder itself: create sub-folders, rename, delete. */
  manage: boolean;
  /** Share the folder's contents. */
  share: boolean;
  /** Write the folder's contents: link and unlink. */
  write: boolean;
}

/** What the caller's groups may do with one content through the folders it is linked to. */
export interface ContentAccess {
  id: string;
  trashed: boolean;
  /** The union of the caller's rights on the content's folders (all false when none of them shows). */
  folders: Pick<FolderRights, 'show' | 'share' | 'write'>;
  /** Every folder the content is linked to shows to the caller (none is hidden from them). */
  allFoldersShown: boolean;
}

/** Whose folder rights a query reads: the caller's active groups, and whether the junk opens to them. */
export interface AccessScope {
  /** Active groups only (AccessRepository.activeGroups). */
  groupIds: string[];
  /** SPEC §6 "Admin sees the department junk": an admin's, and the hub's service account's (CallerResolver). */
  opensJunk: boolean;
}

/**
 * Per folder the groups may see, their rights on it: (category_id, show, manage, share, write).
 * A row that does not show grants nothing, so a right other than show needs a group that also sees
 * the folder. A department junk (SPEC §3 code `junk`) shows only to a scope that opens it, whatever
 * its ACL says: the provider is a second front door to the junk, and the hub's view rule alone
 * would not close it. Every query that decides what a caller sees embeds this, with the caller's
 * scope (CallerResolver): the one place that reads category_acl.
 */
export function folderRightsSql(scope: AccessScope): Prisma.Sql {
  const junk = scope.opensJunk
    ? Prisma.empty
    : Prisma.sql`AND NOT EXISTS (SELECT 1 FROM provider.category j
                   WHERE j.id = a.category_id
                     AND (j.pretty_id = ${FOLDER_CODES.junk} OR j.pretty_id LIKE ${`${FOLDER_CODES.junk}-%`}))`;
  return Prisma.sql`
    SELECT a.category_id, true AS show, bool_or(a.manage) AS manage, bool_or(a.share) AS share,
           bool_or(a.write) AS write
      FROM provider.category_acl a
     WHERE a.group_id = ANY(${scope.groupIds}::text[]) AND a.show ${junk}
     GROUP BY a.category_id`;
}

/**
 * The generation of every folder's place and rights: provider.access_generation, bumped in the same
 * transaction by any write to category or category_acl (migration 20261129120000). What was computed
 * from them at one generation holds while the generation reads the same (search/folder-scope-cache.ts).
 */
export const ACCESS_GENERATION_SQL = Prisma.sql`SELECT n FROM provider.access_generation WHERE id = 1`;

/**
 * The built-in provider's access questions, one method each: ids in, what the caller may do with
 * each out (the model: immich's AccessRepository). Which groups count is decided once, here.
 */
@Injectable()
export class AccessRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /** The groups whose ACL rows apply to a user: active ones only (a deactivated group grants nothing). */
  async activeGroups(userId: string): Promise<LinkedGroup[]> {
    const rows = await this.prisma.userGroup.findMany({
      where: { userId, group: { active: true } },
      select: { group: { select: { id: true, name: true } } },
    });
    return rows.map((r) => r.group);
  }

  /** The folders among `folderIds` that the scope may see, with their rights on each. */
  async folderRights(scope: AccessScope, folderIds: string[]): Promise<Map<string, FolderRights>> {
    const ids = folderIds.filter(isUuid);
    if (!ids.length || !scope.groupIds.length) return new Map();
    const rows = await this.prisma.$queryRaw<(FolderRights & { id: string })[]>`
      SELECT r.category_id::text AS id, r.show, r.manage, r.share, r.write
        FROM (${folderRightsSql(scope)}) r
       WHERE r.category_id = ANY(${ids}::uuid[])`;
    return new Map(rows.map(({ id, ...rights }) => [id, rights]));
  }

  /**
   * Per content among `contentIds` (trashed ones have none), the folders it is linked to that the
   * groups see, each with its path from the top (read whatever the groups see of it: a folder's
   * place is its structure's, as the hub reads it with its service account) and their rights on it.
   */
  async contentFolders(scope: AccessScope, contentIds: string[]): Promise<Map<string, ContentFolder[]>> {
    const ids = [...new Set(contentIds.filter(isUuid))];
    const folders = new Map<string, ContentFolder[]>();
    if (!ids.length || !scope.groupIds.length) return folders;
    const rows = await this.prisma.$queryRaw<
      { content_id: string; share: boolean; write: boolean; manage: boolean; path: PathFolder[] }[]
    >`
      WITH RECURSIVE up AS (
        SELECT cc.content_id, cc.category_id AS folder_id, f.parent_id, f.pretty_id, f.is_supplier, 0 AS depth
          FROM provider.content_category cc
          JOIN provider.content c ON c.id = cc.content_id AND c.trashed_at IS NULL
          JOIN provider.category f ON f.id = cc.category_id
         WHERE cc.content_id = ANY(${ids}::uuid[])
        UNION ALL
        SELECT up.content_id, up.folder_id, f.parent_id, f.pretty_id, f.is_supplier, up.depth + 1
          FROM up JOIN provider.category f ON f.id = up.parent_id
      )
      SELECT up.content_id::text AS content_id, r.share, r.write, r.manage,
             json_agg(json_build_object('prettyId', up.pretty_id, 'isSupplier', up.is_supplier)
                      ORDER BY up.depth DESC) AS path
        FROM up
        JOIN (${folderRightsSql(scope)}) r ON r.category_id = up.folder_id
       GROUP BY up.content_id, up.folder_id, r.share, r.write, r.manage`;
    for (const { content_id, path, ...rights } of rows)
      folders.set(content_id, [...(folders.get(content_id) ?? []), { path, rights }]);
    return folders;
  }

  /** Each content among `contentIds` that exists (trashed ones too), with the groups' rights through its folders. */
  async contentAccess(scope: AccessScope, contentIds: string[]): Promise<Map<string, ContentAccess>> {
    const ids = [...new Set(contentIds.filter(isUuid))];
    if (!ids.length) return new Map();
    const rows = await this.prisma.$queryRaw<
      {
        id: string;
        trashed: boolean;
        show: boolean;
        share: boolean;
        write: boolean;
        all_shown: boolean;
      }[]
    >`
      SELECT c.id::text AS id, c.trashed_at IS NOT NULL AS trashed,
             COALESCE(bool_or(r.show), false) AS show, COALESCE(bool_or(r.share), false) AS share,
             COALESCE(bool_or(r.write), false) AS write,
             COALESCE(bool_and(r.category_id IS NOT NULL), false) AS all_shown
        FROM provider.content c
        LEFT JOIN provider.content_category cc ON cc.content_id = c.id
        LEFT JOIN (${folderRightsSql(scope)}) r ON r.category_id = cc.category_id
       WHERE c.id = ANY(${ids}::uuid[])
       GROUP BY c.id`;
    return new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          trashed: r.trashed,
          folders: { show: r.show, share: r.share, write: r.write },
          allFoldersShown: r.all_shown,
        },
      ]),
    );
  }
}
