import { Injectable } from '@nestjs/common';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { byIdOrPrettyId } from './tag-definition.repository';

export interface MetadataEntry {
  key: string;
  value: string;
  lang: string | null;
}

/** Numbers keep value_num filled, so that search's MORE / LESS / BETWEEN find them. */
const NUMERIC = /^-?\d+(\.\d+)?$/;

function metadataRow(contentId: string, classificationId: string, { key, value, lang }: MetadataEntry) {
  return {
    contentId,
    classificationId,
    key,
    value,
    lang,
    valueNum: NUMERIC.test(value) ? Number(value) : null,
  };
}

/** The built-in provider's itags and imetadata on contents (content_tag, content_metadata). */
@Injectable()
export class TaggingRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /** A tag definition by id or prettyId, or null. */
  async tag(
    idOrPrettyId: string,
  ): Promise<{ id: string; prettyId: string | null; classificationId: string } | null> {
    return this.prisma.tagDefinition.findFirst({
      where: byIdOrPrettyId(idOrPrettyId),
      select: { id: true, prettyId: true, classificationId: true },
    });
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
    await this.replaceMetadata([contentId], classificationId, entries);
  }

  /** One (key, lang) value on many contents, replacing theirs: repeating the call changes nothing. */
  async setMetadataOn(contentIds: string[], classificationId: string, entry: MetadataEntry): Promise<void> {
    if (!contentIds.length) return;
    await this.replaceMetadata(contentIds, classificationId, [entry]);
  }

  /**
   * Delete then insert, with the contents' rows locked first: two overlapping writes of one key (a
   * job run twice at once) would each delete nothing and both insert, leaving two values. Locked in
   * id order, so writes over shared contents cannot deadlock; FOR NO KEY UPDATE leaves other
   * inserts that only reference the content (tags, links) free.
   */
  private async replaceMetadata(contentIds: string[], classificationId: string, entries: MetadataEntry[]) {
    const ids = [...new Set(contentIds)].sort();
    await this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`
        SELECT id FROM provider.content WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR NO KEY UPDATE`;
      await tx.contentMetadata.deleteMany({
        where: {
          contentId: { in: ids },
          classificationId,
          OR: entries.map(({ key, lang }) => ({ key, lang })),
        },
      });
      await tx.contentMetadata.createMany({
        data: ids.flatMap((contentId) =>
          entries.map((entry) => metadataRow(contentId, classificationId, entry)),
        ),
      });
    });
  }

  async hasMetadata(contentId: string, classificationId: string, key: string, lang: string | null) {
    return (
      (await this.prisma.contentMetadata.count({ where: { contentId, classificationId, key, lang } })) > 0
    );
  }

  /** One key (in one language, or in all without `lang`) off many contents. */
  async removeMetadataOn(contentIds: string[], classificationId: string, key: string, lang?: string) {
    await this.prisma.contentMetadata.deleteMany({
      where: {
        contentId: { in: contentIds },
        classificationId,
        key,
        ...(lang === undefined ? {} : { lang }),
      },
    });
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
