import { Injectable } from '@nestjs/common';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { isUuid } from '../folders/folder.repository';

/** What the caller's groups may do with one content (OR over the folders it is linked to). */
export interface ContentAccess {
  id: string;
  show: boolean;
  write: boolean;
}

export interface MetadataEntry {
  key: string;
  value: string;
  lang: string | null;
}

/** Numbers keep value_num filled, so that search's MORE / LESS / BETWEEN find them. */
const NUMERIC = /^-?\d+(\.\d+)?$/;

/** The built-in provider's itags and imetadata on contents (content_tag, content_metadata). */
@Injectable()
export class TaggingRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /** A tag definition by id or prettyId, or null. */
  async tag(idOrPrettyId: string): Promise<{ id: string; classificationId: string } | null> {
    return this.prisma.tagDefinition.findFirst({
      where: isUuid(idOrPrettyId)
        ? { OR: [{ id: idOrPrettyId }, { prettyId: idOrPrettyId }] }
        : { prettyId: idOrPrettyId },
      select: { id: true, classificationId: true },
    });
  }

  /** The groups' access to each content among `ids` that exists and is not trashed. */
  async access(ids: string[], groupIds: string[]): Promise<Map<string, ContentAccess>> {
    const uuids = ids.filter(isUuid);
    if (!uuids.length) return new Map();
    const rows = await this.prisma.$queryRaw<ContentAccess[]>`
      SELECT c.id::text AS id, COALESCE(bool_or(a.show), false) AS show,
             COALESCE(bool_or(a.show AND a.write), false) AS write
        FROM provider.content c
        LEFT JOIN provider.content_category cc ON cc.content_id = c.id
        LEFT JOIN provider.category_acl a ON a.category_id = cc.category_id
                                          AND a.group_id = ANY(${groupIds}::text[])
       WHERE c.id = ANY(${uuids}::uuid[]) AND c.trashed_at IS NULL
       GROUP BY c.id`;
    return new Map(rows.map((r) => [r.id, r]));
  }

  async addTag(tagId: string, classificationId: string, contentIds: string[]): Promise<void> {
    await this.prisma.contentTag.createMany({
      data: contentIds.map((contentId) => ({ contentId, tagId, classificationId })),
      skipDuplicates: true,
    });
  }

  async removeTag(tagId: string, contentIds: string[]): Promise<void> {
    await this.prisma.contentTag.deleteMany({ where: { tagId, contentId: { in: contentIds } } });
  }

  /** Each (key, lang) holds one value per content and classification: the old one is replaced. */
  async setMetadata(contentId: string, classificationId: string, entries: MetadataEntry[]): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.contentMetadata.deleteMany({
        where: { contentId, classificationId, OR: entries.map(({ key, lang }) => ({ key, lang })) },
      }),
      this.prisma.contentMetadata.createMany({
        data: entries.map(({ key, value, lang }) => ({
          contentId,
          classificationId,
          key,
          value,
          lang,
          valueNum: NUMERIC.test(value) ? Number(value) : null,
        })),
      }),
    ]);
  }

  /** A key without `lang` removes the key's values in every language. */
  async removeMetadata(
    contentId: string,
    classificationId: string,
    keys: { key: string; lang?: string }[],
  ): Promise<void> {
    await this.prisma.contentMetadata.deleteMany({
      where: {
        contentId,
        classificationId,
        OR: keys.map(({ key, lang }) => (lang === undefined ? { key } : { key, lang })),
      },
    });
  }
}
