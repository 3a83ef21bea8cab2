import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_LANGUAGE,
  departmentOfTopFolder,
  isLanguage,
  nameIn,
  receivedAsset,
  rightsEventsOf,
  specialCodeOf,
  type NoticeRecipient,
  type RightsEventAt,
  type RightsNoticeBody,
} from '@paddock/rules';
import { CLOCK, type Clock } from '../common/clock';
import { ProviderError } from '../common/provider-error';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { JobName, type JobPayloads, type JobResults } from '../jobs/job-catalogue';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import {
  CONTENTS_GATEWAY,
  type ContentsGateway,
  type ProviderContentDetail,
} from '../provider/contents.gateway';
import {
  EXTERNAL_SHARES_GATEWAY,
  type ExternalSharesGateway,
  type ProviderShare,
} from '../provider/external-shares.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { chunks } from '../provider/tagging.gateway';
import { RejectionMails } from '../sharing/rejection-mail';
import { RightsNoticeSender } from './rights-notice-sender';
import {
  RightsNoticesRepository,
  type NoticeClaim,
  type SharedAssets,
  type WebhookEndpointRecord,
} from './rights-notices.repository';

type Scan = JobName.RightsNotices;

/** One recipient of an asset's notices: who, by which channel, and what the claim keeps. */
type Recipient = Pick<NoticeClaim, 'recipient' | 'channel' | 'payload'>;

/** A share as the scan reads it once per run: its recipients and access log, or null when gone. */
type ShareSeen = { share: ProviderShare; log: Awaited<ReturnType<ExternalSharesGateway['events']>> } | null;

/** The departments of the folders a content is in (its archive's, its supplier folder's…), lower case. */
export function departmentsOf(content: Pick<ProviderContentDetail, 'linkedCategories'>): string[] {
  return content.linkedCategories
    .map((f) => specialCodeOf(f.prettyId)?.department ?? departmentOfTopFolder(f.prettyId))
    .filter((d): d is string => !!d)
    .map((d) => d.toLowerCase());
}

/**
 * The daily rights notices (issue 28 point 2, docs/rights-notices.md): every asset shared so far
 * (internally or externally) is read as the service account; for each rights event it has today
 * (rightsEventsOf: an embargo started, a copyright ended or ending within RIGHTS_ENDING_DAYS), a
 * notice is claimed for each recipient — the internal sharers, the external recipients whose
 * access log shows they received it, the active webhooks of its department — under the unique
 * (asset, recipient, event, window) row. Then what is claimed and unsent is sent (RightsNoticeSender):
 * a retry, a second run or a second worker claims nothing twice and sends nothing twice.
 */
@JobHandlerFor(JobName.RightsNotices)
@Injectable()
export class RightsNoticesHandler implements JobHandler<Scan> {
  private readonly portal: string;

  constructor(
    @Inject(RightsNoticesRepository)
    private readonly notices: Pick<RightsNoticesRepository, 'sharedAssets' | 'activeEndpoints' | 'claim'>,
    @Inject(RightsNoticeSender)
    private readonly sender: Pick<RightsNoticeSender, 'sendUnsentMails' | 'submitPendingDeliveries'>,
    @Inject(RejectionMails) private readonly people: Pick<RejectionMails, 'candidate'>,
    @Inject(CONTENTS_GATEWAY) private readonly contents: Pick<ContentsGateway, 'contentsByIds'>,
    @Inject(EXTERNAL_SHARES_GATEWAY)
    private readonly shares: Pick<ExternalSharesGateway, 'status' | 'events'>,
    @Inject(SERVICE_SESSION) private readonly session: ServiceSession,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'PUBLIC_URL'>,
  ) {
    this.portal = config.PUBLIC_URL;
  }

  async handle(_payload: JobPayloads[Scan], c: JobContext): Promise<JobResults[Scan]> {
    const now = this.clock.now();
    const shared = await this.notices.sharedAssets();
    const endpoints = await this.notices.activeEndpoints();
    const ids = [...new Set([...shared.sharers.keys(), ...shared.shares.keys()])];
    const seen = new Map<string, Promise<ShareSeen>>();
    let assets = 0;
    let claimed = 0;
    const batches = chunks(ids);
    for (const [index, batch] of batches.entries()) {
      const details = await this.session.withToken((t) => this.contents.contentsByIds(t, batch));
      for (const content of details) {
        const events = rightsEventsOf(content.imetadata, now);
        if (!events.length) continue;
        assets += 1;
        const recipients = await this.recipientsOf(content, shared, endpoints, seen);
        for (const event of events)
          for (const r of recipients) if (await this.claim(content, event, r, c, now)) claimed += 1;
      }
      await c.progress(Math.round(((index + 1) / batches.length) * 80));
    }
    // Webhooks first: a mail server that refuses fails the try after the mails, not the deliveries.
    const webhooks = await this.sender.submitPendingDeliveries(c.actor);
    const mailed = await this.sender.sendUnsentMails(this.clock);
    await c.progress(100);
    return { assets, claimed, mailed, webhooks };
  }

  private claim(
    content: ProviderContentDetail,
    e: RightsEventAt,
    r: Recipient,
    c: JobContext,
    now: Date,
  ): Promise<string | null> {
    const body = (id: string): string =>
      JSON.stringify({
        event: e.event,
        id,
        assetId: content.id,
        name: nameIn(content.locales, 'en'),
        effectiveDate: e.window,
        occurredAt: now.toISOString(),
        portal: this.portal,
      } satisfies RightsNoticeBody);
    return this.notices.claim({
      ...r,
      assetId: content.id,
      event: e.event,
      window: e.window,
      jobId: c.jobId,
      ...(r.channel === 'webhook' ? { webhookBody: body } : {}),
    });
  }

  /** Everyone who received the asset, each once (by their key), with the channel and language they get. */
  private async recipientsOf(
    content: ProviderContentDetail,
    shared: SharedAssets,
    endpoints: readonly WebhookEndpointRecord[],
    seen: Map<string, Promise<ShareSeen>>,
  ): Promise<Recipient[]> {
    const out = new Map<NoticeRecipient, Recipient>();
    for (const username of shared.sharers.get(content.id) ?? []) {
      const person = await this.people.candidate(username);
      const to = person?.email.trim();
      if (!person || !to) continue;
      const language = person.preferences.language ?? DEFAULT_LANGUAGE;
      out.set(`user:${username}`, {
        recipient: `user:${username}`,
        channel: person.preferences.rightsDigest ? 'digest' : 'mail',
        payload: { to, language, assetName: nameIn(content.locales, language) },
      });
    }
    for (const shareId of shared.shares.get(content.id) ?? []) {
      if (!seen.has(shareId)) seen.set(shareId, this.readShare(shareId));
      const found = await seen.get(shareId);
      if (!found) continue;
      const language = isLanguage(found.share.language) ? found.share.language : DEFAULT_LANGUAGE;
      for (const link of found.share.recipients) {
        if (!link.email) continue;
        const log = found.log.filter((e) => e.recipientId === link.id);
        if (!receivedAsset(log, content.id)) continue;
        const key: NoticeRecipient = `email:${link.email.trim().toLowerCase()}`;
        if (!out.has(key))
          out.set(key, {
            recipient: key,
            channel: 'mail',
            payload: { to: link.email.trim(), language, assetName: nameIn(content.locales, language) },
          });
      }
    }
    const departments = departmentsOf(content);
    for (const endpoint of endpoints)
      if (endpoint.department === null || departments.includes(endpoint.department))
        out.set(`webhook:${endpoint.id}`, {
          recipient: `webhook:${endpoint.id}`,
          channel: 'webhook',
          payload: { endpointId: endpoint.id, assetName: nameIn(content.locales, 'en') },
        });
    return [...out.values()];
  }

  /** A share's recipients and access log as the service account reads them; null when the provider no longer has it. */
  private async readShare(id: string): Promise<ShareSeen> {
    try {
      return await this.session.withToken(async (t) => ({
        share: await this.shares.status(t, id),
        log: await this.shares.events(t, id),
      }));
    } catch (error) {
      if (error instanceof ProviderError && !error.transient) return null;
      throw error;
    }
  }
}
