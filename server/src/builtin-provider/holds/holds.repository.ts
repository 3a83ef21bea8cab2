import { Injectable } from '@nestjs/common';
import { departmentOfPath, type HoldSubject } from '@paddock/rules';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { isUuid } from '../uuid';

/** What holds a content, read from the provider's own folders: each linked folder and those above it. */
@Injectable()
export class HoldSubjectsRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /** The subject of each content among `contentIds` (trashed ones too: they are in no folder). */
  async subjectsOf(contentIds: readonly string[]): Promise<HoldSubject[]> {
    const ids = [...new Set(contentIds.filter(isUuid))];
    if (!ids.length) return [];
    const rows = await this.prisma.$queryRaw<
      { content_id: string; path: { id: string; prettyId: string }[] }[]
    >`
      WITH RECURSIVE up AS (
        SELECT cc.content_id, cc.category_id AS folder_id, f.id, f.parent_id, f.pretty_id, 0 AS depth
          FROM provider.content_category cc
          JOIN provider.category f ON f.id = cc.category_id
         WHERE cc.content_id = ANY(${ids}::uuid[])
        UNION ALL
        SELECT up.content_id, up.folder_id, f.id, f.parent_id, f.pretty_id, up.depth + 1
          FROM up JOIN provider.category f ON f.id = up.parent_id
      )
      SELECT up.content_id::text AS content_id,
             json_agg(json_build_object('id', up.id::text, 'prettyId', up.pretty_id) ORDER BY up.depth DESC) AS path
        FROM up
       GROUP BY up.content_id, up.folder_id`;
    const paths = new Map<string, { id: string; prettyId: string }[][]>();
    for (const row of rows) paths.set(row.content_id, [...(paths.get(row.content_id) ?? []), row.path]);
    return ids.map((id) => {
      const mine = paths.get(id) ?? [];
      return {
        id,
        folderIds: [...new Set(mine.flatMap((path) => path.map((f) => f.id)))],
        departments: [...new Set(mine.flatMap((path) => departmentOfPath(path) ?? []))],
      };
    });
  }
}
