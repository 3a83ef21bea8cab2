import { Injectable } from '@nestjs/common';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { isUuid } from '../uuid';

export interface NewContent {
  id: string;
  contentType: string;
  sourceExtension: string;
  ownerUsername: string;
  ownerFullName: string;
  locales: { locale: string; name: string; description: string }[];
  categoryIds: string[];
  source: NewSource;
}

export interface NewSource {
  version: number;
  blobKey: string;
  fileName: string;
  mimeType: string;
  size: bigint;
  /** null until the derivatives job has read the source (an upload taken by rename is not read). */
  sha256: string | null;
  crc32: bigint | null;
  createdBy: string;
}

const detailInclude = {
  locales: true,
  categories: {
    include: { category: { select: { id: true, prettyId: true, locales: true, isSupplier: true } } },
  },
  sources: { orderBy: { version: 'desc' as const } },
  derivatives: true,
  metadata: true,
  tags: { include: { tag: { select: { id: true, prettyId: true, names: true } } } },
};

/** A hub-facing provider content row with everything a detail shows (a Prisma payload type stays here). */
export type ContentRow = Awaited<ReturnType<ContentRepository['findManyWithDetail']>>[number];

/** The built-in provider's contents: rows of content, content_locale, content_category, content_source. */
@Injectable()
export class ContentRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /** The folders among `ids` that exist, whoever may see them (the ACL is AccessRepository's). */
  async existingFolders(ids: string[]): Promise<{ id: string; prettyId: string }[]> {
    return this.prisma.category.findMany({
      where: { id: { in: ids.filter(isUuid) } },
      select: { id: true, prettyId: true },
    });
  }

  async create(content: NewContent): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.content.create({
        data: {
          id: content.id,
          contentType: content.contentType,
          sourceExtension: content.sourceExtension,
          ownerUsername: content.ownerUsername,
          ownerFullName: content.ownerFullName,
          version: content.source.version,
        },
      }),
      this.prisma.contentLocale.createMany({
        data: content.locales.map((l) => ({ contentId: content.id, ...l })),
      }),
      this.prisma.contentSource.create({ data: { contentId: content.id, ...content.source } }),
      this.prisma.contentCategory.createMany({
        data: content.categoryIds.map((categoryId) => ({ categoryId, contentId: content.id })),
      }),
    ]);
  }

  /**
   * Adds version `source.version` when the content is still at the version before it (two
   * concurrent new versions: the second one fails instead of overwriting); false when it lost.
   */
  async addVersion(
    contentId: string,
    source: NewSource,
    extension: string,
    versionMetadata: { classificationId: string; key: string },
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const bumped = await tx.content.updateMany({
        where: { id: contentId, version: source.version - 1 },
        data: { version: source.version, sourceExtension: extension, state: 'PROCESSING' },
      });
      if (bumped.count !== 1) return false;
      await tx.contentSource.create({ data: { contentId, ...source } });
      await tx.contentMetadata.deleteMany({ where: { contentId, key: versionMetadata.key } });
      await tx.contentMetadata.create({
        data: {
          contentId,
          classificationId: versionMetadata.classificationId,
          key: versionMetadata.key,
          value: String(source.version),
          valueNum: source.version,
        },
      });
      return true;
    });
  }

  async findManyWithDetail(ids: string[]) {
    return this.prisma.content.findMany({
      where: { id: { in: ids }, trashedAt: null },
      include: detailInclude,
    });
  }

  /** A content's type and current version, trashed or not; null when it does not exist. */
  async findSummary(id: string): Promise<{ contentType: string; version: number } | null> {
    return this.prisma.content.findUnique({ where: { id }, select: { contentType: true, version: true } });
  }

  async hasLocale(contentId: string, locale: string): Promise<boolean> {
    return (await this.prisma.contentLocale.count({ where: { contentId, locale } })) > 0;
  }

  async addLocale(contentId: string, locale: string, name: string, description: string): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.contentLocale.create({ data: { contentId, locale, name, description } }),
      this.prisma.content.update({ where: { id: contentId }, data: { updatedAt: new Date() } }),
    ]);
  }

  async updateLocale(contentId: string, locale: string, name: string, description: string): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.contentLocale.update({
        where: { contentId_locale: { contentId, locale } },
        data: { name, description },
      }),
      this.prisma.content.update({ where: { id: contentId }, data: { updatedAt: new Date() } }),
    ]);
  }

  /** THRON's trash: the content leaves every folder and is marked trashed. */
  async trash(contentId: string, at: Date): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.contentCategory.deleteMany({ where: { contentId } }),
      this.prisma.content.update({ where: { id: contentId }, data: { trashedAt: at } }),
    ]);
  }

  /** Deletes the content and its rows; returns the blob keys it referenced. */
  async remove(contentId: string): Promise<string[]> {
    return this.prisma.$transaction(async (tx) => {
      const sources = await tx.contentSource.findMany({ where: { contentId }, select: { blobKey: true } });
      const derivatives = await tx.derivative.findMany({ where: { contentId }, select: { blobKey: true } });
      await tx.content.delete({ where: { id: contentId } });
      return [...sources, ...derivatives].map((r) => r.blobKey);
    });
  }

  async source(contentId: string, version: number) {
    return this.prisma.contentSource.findUnique({ where: { contentId_version: { contentId, version } } });
  }

  async derivative(contentId: string, version: number, kind: string) {
    return this.prisma.derivative.findUnique({
      where: { contentId_version_kind: { contentId, version, kind } },
    });
  }

  /** Which of `keys` a content version's source names. */
  async referencedBlobKeys(keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.prisma.contentSource.findMany({
      where: { blobKey: { in: keys } },
      select: { blobKey: true },
    });
    return new Set(rows.map((r) => r.blobKey));
  }
}
