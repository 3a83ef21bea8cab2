import { Injectable } from '@nestjs/common';
import { BuiltinProviderPrismaService } from '../builtin-provider-prisma.service';
import { IDENTITY_USER_FIELDS } from '../identity/user-directory.repository';
import type { IdentityUser } from '../identity/identity-user';
import { isUuid } from '../uuid';

export interface ShareRow {
  id: string;
  ownerId: string;
  type: string;
  name: string;
  message: string;
  disclaimer: string;
  language: string;
  contentDownload: boolean;
  passwordHash: string;
  status: string;
  failure: string | null;
  createdAt: Date;
  expiresAt: Date;
  expiredAt: Date | null;
  revokedAt: Date | null;
}

export interface LinkRow {
  id: string;
  shareId: string;
  email: string | null;
  tokenNonce: string;
  revokedAt: Date | null;
  sentAt: Date | null;
}

export interface NewShare {
  ownerId: string;
  type: string;
  name: string;
  message: string;
  disclaimer: string;
  language: string;
  contentDownload: boolean;
  passwordHash: string;
  requestKey: string | null;
  expiresAt: Date;
  contentIds: string[];
  links: { email: string | null; tokenSha256: string; nonce: string }[];
}

export type ShareEvent = 'open' | 'download' | 'zip';

export interface LinkStats {
  views: number;
  downloads: number;
  lastOpenedAt: Date | null;
}

const SHARE_FIELDS = {
  id: true,
  ownerId: true,
  type: true,
  name: true,
  message: true,
  disclaimer: true,
  language: true,
  contentDownload: true,
  passwordHash: true,
  status: true,
  failure: true,
  createdAt: true,
  expiresAt: true,
  expiredAt: true,
  revokedAt: true,
} as const;

const LINK_FIELDS = {
  id: true,
  shareId: true,
  email: true,
  tokenNonce: true,
  revokedAt: true,
  sentAt: true,
} as const;

/** Rows of the external shares: the share, its contents, its links and their access log. */
@Injectable()
export class ShareRepository {
  constructor(private readonly prisma: BuiltinProviderPrismaService) {}

  /** Creates the share with its contents and links in one transaction; answers its id. */
  async create(share: NewShare, status: string): Promise<string> {
    const { contentIds, links, ...fields } = share;
    const row = await this.prisma.externalShare.create({
      data: {
        ...fields,
        status,
        contents: { create: contentIds.map((contentId, position) => ({ contentId, position })) },
        recipients: {
          create: links.map((l) => ({ email: l.email, tokenSha256: l.tokenSha256, tokenNonce: l.nonce })),
        },
      },
      select: { id: true },
    });
    return row.id;
  }

  findByRequestKey(ownerId: string, requestKey: string): Promise<{ id: string } | null> {
    return this.prisma.externalShare.findUnique({
      where: { ownerId_requestKey: { ownerId, requestKey } },
      select: { id: true },
    });
  }

  find(id: string): Promise<ShareRow | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.prisma.externalShare.findUnique({ where: { id }, select: SHARE_FIELDS });
  }

  /** The link a token hash names, with its share. */
  async findLink(tokenSha256: string): Promise<{ link: LinkRow; share: ShareRow } | null> {
    const row = await this.prisma.externalShareRecipient.findUnique({
      where: { tokenSha256 },
      select: { ...LINK_FIELDS, share: { select: SHARE_FIELDS } },
    });
    if (!row) return null;
    const { share, ...link } = row;
    return { link, share };
  }

  links(shareIds: string[]): Promise<LinkRow[]> {
    return this.prisma.externalShareRecipient.findMany({
      where: { shareId: { in: shareIds } },
      select: LINK_FIELDS,
      orderBy: [{ email: 'asc' }],
    });
  }

  async contentIds(shareId: string): Promise<string[]> {
    const rows = await this.prisma.externalShareContent.findMany({
      where: { shareId },
      select: { contentId: true },
      orderBy: { position: 'asc' },
    });
    return rows.map((r) => r.contentId);
  }

  async contentCounts(shareIds: string[]): Promise<Map<string, number>> {
    const rows = await this.prisma.externalShareContent.groupBy({
      by: ['shareId'],
      where: { shareId: { in: shareIds } },
      _count: { _all: true },
    });
    return new Map(rows.map((r) => [r.shareId, r._count._all]));
  }

  /**
   * A shared content's metadata rows (what restrictionOf reads), or null when the content is not
   * part of the share: the one read a recipient's picture needs besides the owner's rights.
   */
  async sharedContentMetadata(
    shareId: string,
    contentId: string,
  ): Promise<{ key: string; value: string }[] | null> {
    if (!isUuid(contentId)) return null;
    const [shared, metadata] = await Promise.all([
      this.prisma.externalShareContent.findUnique({
        where: { shareId_contentId: { shareId, contentId } },
        select: { contentId: true },
      }),
      this.prisma.contentMetadata.findMany({ where: { contentId }, select: { key: true, value: true } }),
    ]);
    return shared ? metadata : null;
  }

  /** A user's shares, newest first (ids break ties), from just after `after` when given. */
  byOwner(ownerId: string, limit: number, after?: { at: Date; id: string }): Promise<ShareRow[]> {
    return this.prisma.externalShare.findMany({
      where: {
        ownerId,
        ...(after
          ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] }
          : {}),
      },
      select: SHARE_FIELDS,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
  }

  /** Views (page opens) and downloads (an asset or the ZIP) per link. */
  async stats(linkIds: string[]): Promise<Map<string, LinkStats>> {
    const stats = new Map<string, LinkStats>();
    if (!linkIds.length) return stats;
    const rows = await this.prisma.externalShareEvent.groupBy({
      by: ['recipientId', 'event'],
      where: { recipientId: { in: linkIds } },
      _count: { _all: true },
      _max: { at: true },
    });
    for (const r of rows) {
      const s = stats.get(r.recipientId) ?? { views: 0, downloads: 0, lastOpenedAt: null };
      if (r.event === 'open') {
        s.views += r._count._all;
        s.lastOpenedAt = r._max.at;
      } else s.downloads += r._count._all;
      stats.set(r.recipientId, s);
    }
    return stats;
  }

  /** The newest `limit` events of a share's links. */
  events(shareId: string, limit: number) {
    return this.prisma.externalShareEvent.findMany({
      where: { recipient: { shareId } },
      select: {
        recipientId: true,
        event: true,
        contentId: true,
        at: true,
        recipient: { select: { email: true } },
      },
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      take: limit,
    });
  }

  async record(linkId: string, event: ShareEvent, contentId: string | null, ipPrefix: string): Promise<void> {
    await this.prisma.externalShareEvent.create({
      data: { recipientId: linkId, event, contentId, ipPrefix },
    });
  }

  /** Revokes a live share; false when it was revoked already. */
  async revoke(id: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.externalShare.updateMany({
      where: { id, revokedAt: null },
      data: { revokedAt: at },
    });
    return count === 1;
  }

  async revokeLink(shareId: string, linkId: string, at: Date): Promise<boolean> {
    if (!isUuid(linkId)) return false;
    const { count } = await this.prisma.externalShareRecipient.updateMany({
      where: { id: linkId, shareId, revokedAt: null },
      data: { revokedAt: at },
    });
    return count === 1;
  }

  async markSent(shareId: string, linkIds: string[], at: Date): Promise<void> {
    await this.prisma.externalShareRecipient.updateMany({
      where: { shareId, id: { in: linkIds.filter(isUuid) }, sentAt: null },
      data: { sentAt: at },
    });
  }

  async markFailed(shareId: string, failure: string): Promise<void> {
    await this.prisma.externalShare.update({ where: { id: shareId }, data: { status: 'failed', failure } });
  }

  /**
   * Marks every share whose validity has passed at `now` and is not marked yet: one conditional
   * UPDATE, so two workers running it together mark each share once and a second run marks none.
   */
  async markExpired(now: Date): Promise<number> {
    const { count } = await this.prisma.externalShare.updateMany({
      where: { expiresAt: { lte: now }, expiredAt: null },
      data: { expiredAt: now },
    });
    return count;
  }

  userById(id: string): Promise<IdentityUser | null> {
    return this.prisma.user.findUnique({ where: { id }, select: IDENTITY_USER_FIELDS });
  }

  userByUsername(username: string): Promise<IdentityUser | null> {
    return this.prisma.user.findUnique({ where: { username }, select: IDENTITY_USER_FIELDS });
  }
}
