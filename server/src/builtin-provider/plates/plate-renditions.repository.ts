import { Injectable } from '@nestjs/common';
import { PLATE_BOXES_METADATA } from '@paddock/rules';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { isUuid } from '../uuid';

/** A content as its blurred renditions need it: type, current version, its boxes' metadata, current source (when it has boxes). */
export interface RenditionSubject {
  contentType: string;
  version: number;
  metadata: { key: string; value: string }[];
  source: { blobKey: string; mimeType: string; fileName: string } | null;
}

/** The rows the blurred renditions read (docs/plates.md). */
@Injectable()
export class PlateRenditionsRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /**
   * Every shared picture asks this, so it reads only the boxes' key, and the source only when
   * there are boxes: a picture without boxes costs one small read.
   */
  async subject(contentId: string): Promise<RenditionSubject | null> {
    if (!isUuid(contentId)) return null;
    const row = await this.prisma.content.findFirst({
      where: { id: contentId, trashedAt: null },
      select: {
        contentType: true,
        version: true,
        metadata: { where: { key: PLATE_BOXES_METADATA }, select: { key: true, value: true } },
      },
    });
    if (!row) return null;
    if (!row.metadata.length) return { ...row, source: null };
    const source = await this.prisma.contentSource.findUnique({
      where: { contentId_version: { contentId, version: row.version } },
      select: { blobKey: true, mimeType: true, fileName: true },
    });
    return { contentType: row.contentType, version: row.version, metadata: row.metadata, source };
  }

  /** Those of `contentIds` that carry plate boxes: one read, however many a share holds. */
  async withBoxes(contentIds: readonly string[]): Promise<string[]> {
    const ids = contentIds.filter(isUuid);
    if (!ids.length) return [];
    const rows = await this.prisma.contentMetadata.findMany({
      where: { contentId: { in: ids }, key: PLATE_BOXES_METADATA },
      select: { contentId: true },
      distinct: ['contentId'],
    });
    return rows.map((r) => r.contentId);
  }

  /** Whether a share that may still be opened holds the content (ShareAccessService decides per request). */
  async inLiveShare(contentId: string, now: Date): Promise<boolean> {
    const found = await this.prisma.externalShareContent.findFirst({
      where: {
        contentId,
        share: { status: 'succeded', revokedAt: null, expiredAt: null, expiresAt: { gt: now } },
      },
      select: { shareId: true },
    });
    return found !== null;
  }
}
