import { Injectable } from '@nestjs/common';
import { NEAR_DUPLICATE_SEARCH_RADIUS, chunkProbes, chunks16, hammingDistance64 } from '@paddock/rules';
import { HubPrismaService } from '../database/hub-prisma.service';
import type { FoundMatch } from './duplicate-pairs.repository';

export interface Fingerprint {
  contentId: string;
  version: number;
  sha256: string;
  /** The 64-bit perceptual hash of a picture (16 hex digits); null for what is not one. */
  dhash: string | null;
}

/** Matches kept per search, the closest first. */
const MATCHES_MAX = 50;

/** Fingerprints of uploaded versions, and the search of the same bytes and similar pictures among them. */
@Injectable()
export class FingerprintsRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  /**
   * The content's fingerprint is its current version's: an earlier version's row goes, so a file
   * replaced is no longer found as a copy. Written again by a retried job, never doubled.
   */
  async save({ contentId, version, sha256, dhash }: Fingerprint): Promise<void> {
    const [dhash0, dhash1, dhash2, dhash3] = dhash ? chunks16(dhash) : [null, null, null, null];
    const data = { sha256, dhash, dhash0, dhash1, dhash2, dhash3 };
    await this.prisma.$transaction([
      this.prisma.contentFingerprint.deleteMany({ where: { contentId, version: { not: version } } }),
      this.prisma.contentFingerprint.upsert({
        where: { contentId_version: { contentId, version } },
        create: { contentId, version, ...data },
        update: data,
      }),
    ]);
  }

  /**
   * Contents (other than `contentId`) with the same bytes, or a picture within
   * NEAR_DUPLICATE_SEARCH_RADIUS, each once at its closest version (the same bytes first). One
   * query, so a copy saved meanwhile is found as what it is: the four chunk indexes and the SHA-256
   * index find the candidates, the hashes decide. A file the browser did not hash whole (sha256
   * null) is compared by its picture only.
   */
  async matchesOf({
    contentId,
    sha256,
    dhash,
  }: {
    contentId?: string;
    sha256: string | null;
    dhash: string | null;
  }): Promise<FoundMatch[]> {
    const probes = dhash ? chunkProbes(dhash) : [];
    const candidates = [
      ...(sha256 ? [{ sha256 }] : []),
      ...(probes.length
        ? [
            { dhash0: { in: probes[0] } },
            { dhash1: { in: probes[1] } },
            { dhash2: { in: probes[2] } },
            { dhash3: { in: probes[3] } },
          ]
        : []),
    ];
    if (!candidates.length) return [];
    const rows = await this.prisma.contentFingerprint.findMany({
      where: { ...(contentId ? { contentId: { not: contentId } } : {}), OR: candidates },
      select: { contentId: true, sha256: true, dhash: true },
    });
    const closest = new Map<string, FoundMatch>();
    for (const row of rows) {
      const found: FoundMatch | null =
        sha256 && row.sha256 === sha256
          ? { otherId: row.contentId, match: 'exact', distance: 0 }
          : dhash && row.dhash
            ? { otherId: row.contentId, match: 'near', distance: hammingDistance64(dhash, row.dhash) }
            : null;
      if (!found || (found.match === 'near' && found.distance > NEAR_DUPLICATE_SEARCH_RADIUS)) continue;
      const known = closest.get(row.contentId);
      if (!known || found.distance < known.distance || (found.match === 'exact' && known.match === 'near'))
        closest.set(row.contentId, found);
    }
    // The closest first, and no more than a review can take: a blank or flat picture hashes near many others.
    return [...closest.values()]
      .sort((x, y) => (x.match === y.match ? x.distance - y.distance : x.match === 'exact' ? -1 : 1))
      .slice(0, MATCHES_MAX);
  }
}
