import { Injectable } from '@nestjs/common';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';

/** The source a derivatives job works from. */
export interface DerivationSource {
  contentId: string;
  version: number;
  /** The content's current version: an older job finds a newer one and leaves it alone. */
  currentVersion: number;
  contentType: string;
  extension: string;
  blobKey: string;
  fileName: string;
  mimeType: string;
  size: bigint;
}

export interface StoredDerivative {
  kind: string;
  blobKey: string;
  mimeType: string;
  width?: number;
  height?: number;
  size: number;
}

export interface MetadataValue {
  key: string;
  value: string;
  valueNum?: number;
}

export interface DerivationResult {
  contentId: string;
  version: number;
  derivatives: StoredDerivative[];
  metadata: MetadataValue[];
  /** Of the source's bytes, measured as the job read them (a source may have been stored without). */
  sha256: string;
  /** CRC-32 (zlib's), unsigned: what a ZIP entry of the source carries. */
  crc32: number;
  width?: number;
  height?: number;
  durationMs?: number;
  /** FAILED when the derivatives are the typed placeholder of a conversion that failed. */
  state: 'READY' | 'FAILED';
  /** Some derivatives are still to come: the rows of other kinds are kept, not removed. */
  partial?: boolean;
}

/** Classification of the metadata the system extracts (the SPEC §3 keys written by derivatives). */
export const SYSTEM_CLASSIFICATION = 'system';
export const EXTRACTED_KEYS = [
  'size',
  'resolution',
  'dpi',
  'creation_date',
  'duration',
  'fingerprint',
] as const;

export interface ThumbnailSource {
  version: number;
  derivatives: { kind: string; blobKey: string; mimeType: string }[];
}

@Injectable()
export class DerivativesRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  async findSource(contentId: string, version: number): Promise<DerivationSource | null> {
    const source = await this.prisma.contentSource.findUnique({
      where: { contentId_version: { contentId, version } },
      include: { content: { select: { version: true, contentType: true, sourceExtension: true } } },
    });
    if (!source) return null;
    return {
      contentId,
      version,
      currentVersion: source.content.version,
      contentType: source.content.contentType,
      extension: source.content.sourceExtension,
      blobKey: source.blobKey,
      fileName: source.fileName,
      mimeType: source.mimeType,
      size: source.size,
    };
  }

  /** Blob keys of the derivatives of one version (what a re-run may have to delete). */
  async derivativeKeys(contentId: string, version: number): Promise<{ kind: string; blobKey: string }[]> {
    return this.prisma.derivative.findMany({
      where: { contentId, version },
      select: { kind: true, blobKey: true },
    });
  }

  /**
   * Writes a run's outcome at once: derivatives of the version (rows of kinds no longer made go),
   * the extracted metadata (replaced), the source's facts, and the state — the last two only while
   * the version is still the content's current one.
   */
  async saveResult(result: DerivationResult): Promise<void> {
    const { contentId, version } = result;
    await this.prisma.$transaction(async (tx) => {
      const content = await tx.content.findUnique({ where: { id: contentId }, select: { version: true } });
      if (!result.partial)
        await tx.derivative.deleteMany({
          where: { contentId, version, kind: { notIn: result.derivatives.map((d) => d.kind) } },
        });
      for (const d of result.derivatives) {
        const row = {
          blobKey: d.blobKey,
          mimeType: d.mimeType,
          width: d.width ?? null,
          height: d.height ?? null,
          size: BigInt(d.size),
        };
        await tx.derivative.upsert({
          where: { contentId_version_kind: { contentId, version, kind: d.kind } },
          create: { contentId, version, kind: d.kind, ...row },
          update: row,
        });
      }
      await tx.contentSource.update({
        where: { contentId_version: { contentId, version } },
        data: {
          sha256: result.sha256,
          crc32: BigInt(result.crc32),
          width: result.width ?? null,
          height: result.height ?? null,
          durationMs: result.durationMs ?? null,
        },
      });
      if (content?.version !== version) return;
      await tx.contentMetadata.deleteMany({
        where: { contentId, classificationId: SYSTEM_CLASSIFICATION, key: { in: [...EXTRACTED_KEYS] } },
      });
      await tx.contentMetadata.createMany({
        data: result.metadata.map((m) => ({
          contentId,
          classificationId: SYSTEM_CLASSIFICATION,
          key: m.key,
          value: m.value,
          valueNum: m.valueNum ?? null,
        })),
      });
      await tx.content.update({ where: { id: contentId }, data: { state: result.state } });
    });
  }

  /** FAILED, unless a newer version has been uploaded meanwhile (its own job decides). */
  async markFailed(contentId: string, version: number): Promise<void> {
    await this.prisma.content.updateMany({ where: { id: contentId, version }, data: { state: 'FAILED' } });
  }

  /** The current version's image derivatives, for the dynamic thumbnail service. */
  async thumbnailSource(contentId: string): Promise<ThumbnailSource | null> {
    const content = await this.prisma.content.findFirst({
      where: { id: contentId, trashedAt: null },
      select: { version: true },
    });
    if (!content) return null;
    const derivatives = await this.prisma.derivative.findMany({
      where: { contentId, version: content.version, kind: { in: ['preview', 'poster', 'thumb'] } },
      select: { kind: true, blobKey: true, mimeType: true },
    });
    return { version: content.version, derivatives };
  }
}
