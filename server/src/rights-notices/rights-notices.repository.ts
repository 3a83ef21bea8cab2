import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { NoticeRecipient, RightsEvent, WebhookDeliveryState } from '@paddock/rules';
import { HubPrismaService } from '../database/hub-prisma.service';
import { Prisma } from '../generated/hub/client';

/** How a notice goes out: a mail of its own, the recipient's daily digest, or a webhook delivery. */
export type NoticeChannel = 'mail' | 'digest' | 'webhook';

/** What a mail notice tells and to whom (kept in the row, so a later send needs nothing else). */
export interface MailNoticePayload {
  to: string;
  language: 'it' | 'en' | 'fr';
  assetName: string;
}

/** A notice to claim: its unique key, its channel and what it says. */
export interface NoticeClaim {
  assetId: string;
  recipient: NoticeRecipient;
  event: RightsEvent;
  window: string;
  channel: NoticeChannel;
  payload: MailNoticePayload | { endpointId: string; assetName: string };
  jobId: string;
  /** For a webhook: the body to deliver, given the notice's id (its idempotency key). */
  webhookBody?: (noticeId: string) => string;
}

export interface StoredNotice {
  id: string;
  assetId: string;
  recipient: string;
  event: RightsEvent;
  window: string;
  channel: NoticeChannel;
  payload: MailNoticePayload;
  batch: string | null;
  claimedAt: Date;
}

/** A rights_notice row as read, before its checked columns get their types. */
type NoticeRow = Omit<StoredNotice, 'event' | 'channel' | 'payload'> & {
  event: string;
  channel: string;
  payload: unknown;
};

/** Who received which assets: internal sharers by asset, and the external shares of each asset. */
export interface SharedAssets {
  sharers: Map<string, Set<string>>;
  shares: Map<string, Set<string>>;
}

export interface WebhookEndpointRecord {
  id: string;
  url: string;
  secret: string;
  department: string | null;
  description: string;
  active: boolean;
  createdBy: string;
  createdAt: Date;
}

export interface WebhookDeliveryRecord {
  id: string;
  endpointId: string;
  noticeId: string | null;
  event: string;
  assetId: string | null;
  body: string;
  state: WebhookDeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function add(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key) ?? new Set<string>();
  set.add(value);
  map.set(key, set);
}

/**
 * The rights notices' tables (hub.rights_notice, webhook_endpoint, webhook_delivery) and the two
 * records that say who received an asset: the internal shares' audit rows and the external
 * share jobs' records.
 */
@Injectable()
export class RightsNoticesRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  /**
   * Every asset shared so far: by internal share (its audit row per asset, the sharer its actor)
   * and by external share (the finished job's contents and the share it made).
   */
  async sharedAssets(): Promise<SharedAssets> {
    const [internal, external] = await Promise.all([
      this.prisma.auditRecord.findMany({
        where: { action: 'internal-share', outcome: 'success', assetId: { not: null } },
        select: { assetId: true, actor: true },
        distinct: ['assetId', 'actor'],
      }),
      this.prisma.jobRecord.findMany({
        where: { name: 'external-share', state: 'completed' },
        select: { payload: true, result: true },
      }),
    ]);
    const out: SharedAssets = { sharers: new Map(), shares: new Map() };
    for (const row of internal) if (row.assetId) add(out.sharers, row.assetId, row.actor);
    for (const row of external) {
      const shareId = isRecord(row.result) ? row.result.shareId : undefined;
      const ids = isRecord(row.payload) ? row.payload.contentIds : undefined;
      if (typeof shareId !== 'string' || !Array.isArray(ids)) continue;
      for (const id of ids) if (typeof id === 'string') add(out.shares, id, shareId);
    }
    return out;
  }

  /**
   * Claims a notice: its row written under the unique (asset, recipient, event, window), with a
   * webhook's delivery in the same transaction. Answers the new row's id, or null when it was
   * claimed before (by this job's earlier try, another run or another worker).
   */
  async claim(c: NoticeClaim): Promise<string | null> {
    const id = randomUUID();
    return this.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO "hub"."rights_notice" ("id", "asset_id", "recipient", "event", "window_id", "channel", "payload", "job_id")
        VALUES (${id}::uuid, ${c.assetId}, ${c.recipient}, ${c.event}, ${c.window}, ${c.channel}, ${JSON.stringify(c.payload)}::jsonb, ${c.jobId})
        ON CONFLICT ("asset_id", "recipient", "event", "window_id") DO NOTHING
        RETURNING "id"::text AS "id"`;
      if (!rows.length) return null;
      if (c.channel === 'webhook' && 'endpointId' in c.payload && c.webhookBody)
        await tx.webhookDelivery.create({
          data: {
            id: randomUUID(),
            endpointId: c.payload.endpointId,
            noticeId: id,
            event: c.event,
            assetId: c.assetId,
            body: c.webhookBody(id),
          },
        });
      return id;
    });
  }

  /**
   * Mail notices claimed and not marked sent (this run's, or an earlier one's that died before the
   * mark): the candidates a run then leases one by one (`leaseMail`).
   */
  async unsentMails(): Promise<StoredNotice[]> {
    return (
      await this.prisma.rightsNotice.findMany({
        where: { channel: 'mail', sentAt: null },
        orderBy: { claimedAt: 'asc' },
      })
    ).map((r) => this.noticeOf(r));
  }

  /**
   * Takes the lease on mail notice `id` for run `holder` for `leaseMs`: the notice when it is unsent
   * and nobody holds an unexpired lease on it, null otherwise. One conditional UPDATE: when two runs
   * race, PostgreSQL makes the second wait for the first's row and re-checks the condition, so only
   * one of them gets the row. The database's clock decides expiry, the same for every worker.
   */
  async leaseMail(id: string, holder: string, leaseMs: number): Promise<StoredNotice | null> {
    const [row] = await this.lease(Prisma.sql`"channel" = 'mail' AND "id" = ${id}::uuid`, holder, leaseMs);
    return row ?? null;
  }

  /** Takes the lease on the unsent rows of digest `batch`, as `leaseMail`: its notices, or none. */
  async leaseDigest(batch: string, holder: string, leaseMs: number): Promise<StoredNotice[]> {
    const rows = await this.lease(Prisma.sql`"channel" = 'digest' AND "batch" = ${batch}`, holder, leaseMs);
    return rows.sort((a, b) => a.claimedAt.getTime() - b.claimedAt.getTime());
  }

  /** Gives back the leases `holder` still has on unsent notices (its send failed): the retry need not wait. */
  async releaseLeases(holder: string): Promise<void> {
    await this.prisma.rightsNotice.updateMany({
      where: { sendingBy: holder, sentAt: null },
      data: { sendingBy: null, sendingUntil: null },
    });
  }

  /**
   * Marks sent the notices `holder` leased: a run whose lease expired and was taken by another marks
   * nothing (the new holder marks them after its own send).
   */
  async markSent(ids: readonly string[], holder: string, at: Date): Promise<void> {
    if (ids.length)
      await this.prisma.rightsNotice.updateMany({
        where: { id: { in: [...ids] }, sentAt: null, sendingBy: holder },
        data: { sentAt: at },
      });
  }

  /**
   * Gives the digest notices not collected yet to their recipient's digest `batchOf(recipient)`
   * unless that batch was given before, then answers every digest batch not sent. A batch once given
   * never changes, so a retry sends the same mail (the outbox knows it) with the same notices, and a
   * notice claimed after its recipient's batch of the day waits for the next day's.
   */
  async collectDigests(batchOf: (recipient: string) => string): Promise<string[]> {
    const loose = await this.prisma.rightsNotice.findMany({
      where: { channel: 'digest', sentAt: null, batch: null },
      select: { recipient: true },
      distinct: ['recipient'],
    });
    for (const { recipient } of loose) {
      const batch = batchOf(recipient);
      await this.prisma.$executeRaw`
        UPDATE "hub"."rights_notice" SET "batch" = ${batch}
        WHERE "channel" = 'digest' AND "sent_at" IS NULL AND "batch" IS NULL AND "recipient" = ${recipient}
          AND NOT EXISTS (SELECT 1 FROM "hub"."rights_notice" "given" WHERE "given"."batch" = ${batch})`;
    }
    const rows = await this.prisma.rightsNotice.findMany({
      where: { channel: 'digest', sentAt: null, batch: { not: null } },
      select: { batch: true },
      distinct: ['batch'],
      orderBy: { batch: 'asc' },
    });
    return rows.map((r) => r.batch!);
  }

  /** Webhook deliveries of notices still pending: the run submits their job (one per delivery). */
  async pendingNoticeDeliveries(): Promise<string[]> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { state: 'pending', noticeId: { not: null } },
      select: { id: true },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map((r) => r.id);
  }

  // Webhook endpoints and deliveries.

  async activeEndpoints(): Promise<WebhookEndpointRecord[]> {
    return this.prisma.webhookEndpoint.findMany({ where: { active: true }, orderBy: { createdAt: 'asc' } });
  }

  async endpoints(department: string | null | undefined): Promise<WebhookEndpointRecord[]> {
    return this.prisma.webhookEndpoint.findMany({
      where: department === undefined ? {} : { department },
      orderBy: { createdAt: 'desc' },
    });
  }

  async endpoint(id: string): Promise<WebhookEndpointRecord | null> {
    return this.prisma.webhookEndpoint.findUnique({ where: { id } });
  }

  async countEndpoints(): Promise<number> {
    return this.prisma.webhookEndpoint.count();
  }

  async createEndpoint(e: {
    url: string;
    secret: string;
    department: string | null;
    description: string;
    createdBy: string;
  }): Promise<WebhookEndpointRecord> {
    return this.prisma.webhookEndpoint.create({ data: { id: randomUUID(), ...e } });
  }

  /** Deactivates an active endpoint; false when it was not active. */
  async deactivate(id: string, by: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.webhookEndpoint.updateMany({
      where: { id, active: true },
      data: { active: false, deactivatedBy: by, deactivatedAt: at },
    });
    return count === 1;
  }

  async recentDeliveries(
    endpointIds: readonly string[],
    perEndpoint: number,
  ): Promise<WebhookDeliveryRecord[]> {
    const lists = await Promise.all(
      endpointIds.map((endpointId) =>
        this.prisma.webhookDelivery.findMany({
          where: { endpointId },
          orderBy: { createdAt: 'desc' },
          take: perEndpoint,
        }),
      ),
    );
    return lists.flat().map((d) => this.deliveryOf(d));
  }

  async createTestDelivery(endpointId: string, body: (id: string) => string): Promise<string> {
    const id = randomUUID();
    await this.prisma.webhookDelivery.create({
      data: { id, endpointId, event: 'test', body: body(id) },
    });
    return id;
  }

  async delivery(id: string): Promise<(WebhookDeliveryRecord & { endpoint: WebhookEndpointRecord }) | null> {
    const row = await this.prisma.webhookDelivery.findUnique({ where: { id }, include: { endpoint: true } });
    return row && { ...this.deliveryOf(row), endpoint: row.endpoint };
  }

  /** One try's answer: delivered (and its notice marked sent), or failed so far / for good. */
  async recordTry(
    id: string,
    t: { state: WebhookDeliveryState; status: number | null; error: string | null; at: Date },
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const d = await tx.webhookDelivery.update({
        where: { id },
        data: {
          state: t.state,
          attempts: { increment: 1 },
          lastStatus: t.status,
          lastError: t.error,
          ...(t.state === 'delivered' ? { deliveredAt: t.at } : {}),
        },
      });
      if (t.state === 'delivered' && d.noticeId)
        await tx.rightsNotice.updateMany({ where: { id: d.noticeId, sentAt: null }, data: { sentAt: t.at } });
    });
  }

  /** Leases the unsent rows matching `which` that no unexpired lease holds, and answers them. */
  private async lease(which: Prisma.Sql, holder: string, leaseMs: number): Promise<StoredNotice[]> {
    const rows = await this.prisma.$queryRaw<NoticeRow[]>`
      UPDATE "hub"."rights_notice"
      SET "sending_by" = ${holder}, "sending_until" = now() + ${leaseMs}::int * interval '1 millisecond'
      WHERE ${which} AND "sent_at" IS NULL AND ("sending_until" IS NULL OR "sending_until" < now())
      RETURNING "id"::text AS "id", "asset_id" AS "assetId", "recipient", "event", "window_id" AS "window",
        "channel", "payload", "batch", "claimed_at" AS "claimedAt"`;
    return rows.map((r) => this.noticeOf(r));
  }

  private noticeOf(r: NoticeRow): StoredNotice {
    // Written only by claim(), whose CHECKs keep event and channel to their lists.
    return {
      ...r,
      event: r.event as RightsEvent,
      channel: r.channel as NoticeChannel,
      payload: r.payload as MailNoticePayload,
    };
  }

  private deliveryOf(d: {
    id: string;
    endpointId: string;
    noticeId: string | null;
    event: string;
    assetId: string | null;
    body: string;
    state: string;
    attempts: number;
    lastStatus: number | null;
    lastError: string | null;
    createdAt: Date;
    deliveredAt: Date | null;
  }): WebhookDeliveryRecord {
    return { ...d, state: d.state as WebhookDeliveryState };
  }
}
