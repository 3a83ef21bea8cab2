import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { FIXED_FOLDER_IDS, FOLDER_CODES } from '@paddock/rules';
import { Prisma } from '../../generated/provider/client';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { folderRightsSql, type AccessScope } from '../access/access.repository';
import { isUuid } from '../uuid';
import type { FolderLocale, FolderOrder, FolderQuery, FolderRecord } from './folder-record';

interface FolderRow {
  id: string;
  pretty_id: string;
  parent_id: string | null;
  category_type: string;
  locales: unknown;
  is_supplier: boolean;
  origin_id: string | null;
  created_at: Date;
  ancestors: string[];
  manage: boolean;
  share: boolean;
  write: boolean;
  contents: number;
  sub: number;
}

/** Sort keys of findByProperties2; the id breaks ties so pages never overlap. */
function orderClause(order: FolderOrder, locale: string): Prisma.Sql {
  const name = Prisma.sql`lower(COALESCE((SELECT l->>'name' FROM jsonb_array_elements(c.locales) l WHERE l->>'locale' = ${locale} LIMIT 1), c.locales->0->>'name'))`;
  switch (order) {
    case 'categoryName_A':
      return Prisma.sql`ORDER BY ${name} ASC, c.id ASC`;
    case 'categoryName_D':
      return Prisma.sql`ORDER BY ${name} DESC, c.id DESC`;
    case 'creationDate_A':
      return Prisma.sql`ORDER BY c.created_at ASC, c.id ASC`;
    case 'creationDate_D':
      return Prisma.sql`ORDER BY c.created_at DESC, c.id DESC`;
  }
}

function toLocales(value: unknown): FolderLocale[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    if (typeof v !== 'object' || v === null) return [];
    const { locale, name, description } = v as Record<string, unknown>;
    if (typeof locale !== 'string' || typeof name !== 'string') return [];
    return [{ locale, name, description: typeof description === 'string' ? description : '' }];
  });
}

function toRecord(row: FolderRow): FolderRecord {
  return {
    id: row.id,
    prettyId: row.pretty_id,
    parentId: row.parent_id,
    ancestorIds: row.ancestors,
    categoryType: row.category_type,
    locales: toLocales(row.locales),
    isSupplier: row.is_supplier,
    originId: row.origin_id,
    createdAt: row.created_at,
    numberOfContents: row.contents,
    numberOfSubCategories: row.sub,
    rights: { show: true, manage: row.manage, share: row.share, write: row.write },
  };
}

/** The built-in provider's folders (THRON categories), their ACL and their content links. */
@Injectable()
export class FolderRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /** A folder's id from its id or prettyId; null when there is no such folder. */
  async resolveId(idOrPrettyId: string): Promise<string | null> {
    const found = await this.prisma.category.findFirst({
      where: isUuid(idOrPrettyId)
        ? { OR: [{ id: idOrPrettyId }, { prettyId: idOrPrettyId }] }
        : { prettyId: idOrPrettyId },
      select: { id: true },
    });
    return found?.id ?? null;
  }

  /** One page of the folders the groups may see, and how many match in all. */
  async find(query: FolderQuery): Promise<{ folders: FolderRecord[]; total: number }> {
    const from = this.visibleFrom(query);
    const [rows, count] = await Promise.all([
      this.prisma.$queryRaw<FolderRow[]>`
        ${from.with}
        SELECT c.id::text AS id, c.pretty_id, c.parent_id::text AS parent_id, c.category_type, c.locales,
               c.is_supplier, c.origin_id::text AS origin_id, c.created_at, t.ancestors::text[] AS ancestors,
               r.manage, r.share, r.write,
               ${
                 query.countContents
                   ? Prisma.sql`(SELECT count(*) FROM provider.content_category cc
                        JOIN provider.content ct ON ct.id = cc.content_id AND ct.trashed_at IS NULL
                       WHERE cc.category_id = c.id)::int`
                   : Prisma.sql`0`
               } AS contents,
               (SELECT count(*) FROM provider.category s
                  JOIN rights rs ON rs.category_id = s.id
                 WHERE s.parent_id = c.id)::int AS sub
        ${from.body}
        ${orderClause(query.orderBy, query.locale)}
        OFFSET ${query.offset} LIMIT ${query.limit}`,
      this.prisma.$queryRaw<{ total: number }[]>`
        ${from.with}
        SELECT count(*)::int AS total ${from.body}`,
    ]);
    return { folders: rows.map(toRecord), total: count[0]?.total ?? 0 };
  }

  async prettyIdTaken(prettyId: string): Promise<boolean> {
    return (await this.prisma.category.count({ where: { prettyId } })) > 0;
  }

  /**
   * Creates a sub-folder that inherits its parent's ACL and supplier flag (THRON's inferred rules),
   * so whoever saw or managed the parent sees or manages the new folder; returns its id.
   */
  async createChild(
    parentId: string,
    locales: FolderLocale[],
    prettyId: string | undefined,
  ): Promise<string> {
    const id = randomUUID();
    await this.prisma.$transaction(async (tx) => {
      const parent = await tx.category.findUniqueOrThrow({
        where: { id: parentId },
        select: { isSupplier: true, acl: true },
      });
      await tx.category.create({
        data: {
          id,
          prettyId: prettyId ?? id,
          parentId,
          isSupplier: parent.isSupplier,
          locales: locales.map((l) => ({ ...l })),
        },
      });
      await tx.categoryAcl.createMany({
        data: parent.acl.map(({ groupId, show, manage, share, write }) => ({
          categoryId: id,
          groupId,
          show,
          manage,
          share,
          write,
        })),
      });
    });
    return id;
  }

  async locales(categoryId: string): Promise<FolderLocale[]> {
    const row = await this.prisma.category.findUniqueOrThrow({
      where: { id: categoryId },
      select: { locales: true },
    });
    return toLocales(row.locales);
  }

  async setLocales(categoryId: string, locales: FolderLocale[]): Promise<void> {
    await this.prisma.category.update({
      where: { id: categoryId },
      data: { locales: locales.map((l) => ({ ...l })) },
    });
  }

  async setPrettyId(categoryId: string, prettyId: string): Promise<void> {
    await this.prisma.category.update({ where: { id: categoryId }, data: { prettyId } });
  }

  /** Whether the folder has no sub-folder and no linked content (trashed ones included: they still point here). */
  async isEmpty(categoryId: string): Promise<boolean> {
    const [children, links] = await Promise.all([
      this.prisma.category.count({ where: { parentId: categoryId } }),
      this.prisma.contentCategory.count({ where: { categoryId } }),
    ]);
    return children === 0 && links === 0;
  }

  async delete(categoryId: string): Promise<void> {
    await this.prisma.category.delete({ where: { id: categoryId } });
  }

  /** The ids among `ids` that name a content not in the trash. */
  async existingContentIds(ids: string[]): Promise<Set<string>> {
    const rows = await this.prisma.content.findMany({
      where: { id: { in: ids.filter(isUuid) }, trashedAt: null },
      select: { id: true },
    });
    return new Set(rows.map((r) => r.id));
  }

  async link(categoryId: string, contentIds: string[]): Promise<void> {
    await this.prisma.contentCategory.createMany({
      data: contentIds.map((contentId) => ({ categoryId, contentId })),
      skipDuplicates: true,
    });
  }

  async unlink(categoryId: string, contentIds: string[]): Promise<void> {
    await this.prisma.contentCategory.deleteMany({ where: { categoryId, contentId: { in: contentIds } } });
  }

  /** The folders a content is linked to that the groups may see. */
  async linkedCategoryIds(contentId: string, scope: AccessScope): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT cc.category_id::text AS id
        FROM provider.content_category cc
        JOIN (${folderRightsSql(scope)}) r ON r.category_id = cc.category_id
       WHERE cc.content_id = ${contentId}::uuid
       ORDER BY cc.linked_at`;
    return rows.map((r) => r.id);
  }

  /**
   * The sharing-folder lookup: the folders the groups may share into, with `share` on it — a
   * department's internal-shared folder (SPEC §3 code arch06) or one below it, and the sharing
   * channels below the organisation's shared archive (SPEC §3 fixed id; not the archive itself,
   * which is no channel).
   */
  async sharingCategoryIds(scope: AccessScope): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      WITH RECURSIVE tree AS (
        SELECT c.id FROM provider.category c
         WHERE c.pretty_id = ${FOLDER_CODES.internalShared} OR c.pretty_id LIKE ${`${FOLDER_CODES.internalShared}-%`}
            OR c.parent_id IN (SELECT a.id FROM provider.category a WHERE a.pretty_id = ${FIXED_FOLDER_IDS.sharedArchive})
        UNION
        SELECT c.id FROM provider.category c JOIN tree t ON c.parent_id = t.id)
      SELECT t.id::text AS id
        FROM tree t
        JOIN (${folderRightsSql(scope)}) r ON r.category_id = t.id
       WHERE r.share
       ORDER BY t.id`;
    return rows.map((r) => r.id);
  }

  /** The shared FROM/WHERE of find: every folder with its ancestors, joined to the groups' rights (only folders they see). */
  private visibleFrom(query: FolderQuery): { with: Prisma.Sql; body: Prisma.Sql } {
    const where: Prisma.Sql[] = [];
    if (query.categoryIds.length > 0)
      where.push(
        Prisma.sql`(c.id::text = ANY(${query.categoryIds}::text[]) OR c.pretty_id = ANY(${query.categoryIds}::text[]))`,
      );
    if (query.childOfId !== undefined) where.push(Prisma.sql`${query.childOfId}::uuid = ANY(t.ancestors)`);
    if (query.maxLevel !== undefined)
      where.push(Prisma.sql`cardinality(t.ancestors) + 1 <= ${query.maxLevel}`);
    if (query.textSearch)
      where.push(Prisma.sql`EXISTS (SELECT 1 FROM jsonb_array_elements(c.locales) l
        WHERE strpos(lower(l->>'name'), lower(${query.textSearch})) > 0
           OR strpos(lower(COALESCE(l->>'description', '')), lower(${query.textSearch})) > 0)`);
    return {
      with: Prisma.sql`
        WITH RECURSIVE tree AS (
          SELECT id, ARRAY[]::uuid[] AS ancestors FROM provider.category WHERE parent_id IS NULL
          UNION ALL
          SELECT c.id, t.ancestors || t.id FROM provider.category c JOIN tree t ON c.parent_id = t.id
        ),
        rights AS (${folderRightsSql(query.scope)})`,
      body: Prisma.sql`
        FROM tree t
        JOIN provider.category c ON c.id = t.id
        JOIN rights r ON r.category_id = c.id
        ${where.length > 0 ? Prisma.sql`WHERE ${Prisma.join(where, ' AND ')}` : Prisma.empty}`,
    };
  }
}
