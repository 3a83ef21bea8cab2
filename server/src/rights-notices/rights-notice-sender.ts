import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SHARE_ERROR_CODES } from '@paddock/rules';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { JobName } from '../jobs/job-catalogue';
import { TransientJobError } from '../jobs/job-errors';
import { JobsService } from '../jobs/jobs.service';
import { ShareMailer } from '../sharing/share-mailer';
import { rightsDigestMailOf, rightsNoticeMailOf } from './rights-notice-mails';
import { RightsNoticesRepository, type StoredNotice } from './rights-notices.repository';
import type { Clock } from '../common/clock';

/** The one webhook job of a delivery: submitted again, it is the same job. */
export function webhookJobId(deliveryId: string): string {
  return `rights-webhook-${deliveryId}`;
}

/** The one mail of a notice sent alone (the outbox's key with the kind 'rights-notice'). */
export function noticeMailBatch(noticeId: string): string {
  return `rights-notice-${noticeId}`;
}

/** The one digest mail of a recipient for a day. */
export function digestBatch(day: string, recipient: string): string {
  return `rights-digest-${day}-${recipient}`;
}

const lineOf = (n: StoredNotice) => ({ event: n.event, assetName: n.payload.assetName, date: n.window });

/**
 * How long a run holds a notice it sends: far longer than one send can take (ShareMailer gives up
 * after 10 + 10 + 30 s), so only a run that died loses it, and a later run sends the notice again.
 */
export const SEND_LEASE_MS = 5 * 60_000;

/**
 * Sends what is claimed and not sent (the outbox's relay): each mail notice through the mail
 * outbox under its own key, then marked sent; each pending webhook delivery as its own job. A crash
 * anywhere between a claim and its mark leaves the row unsent, and the next try or run sends it —
 * the outbox's Message-ID and the delivery's idempotency key make a repeat harmless. Each run leases
 * a notice (a digest's rows) before sending it, so two runs at once never both send it.
 */
@Injectable()
export class RightsNoticeSender {
  private readonly portal: string;

  constructor(
    private readonly notices: RightsNoticesRepository,
    private readonly mailer: ShareMailer,
    @Inject(JobsService) private readonly jobs: Pick<JobsService, 'submit'>,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'PUBLIC_URL'>,
  ) {
    this.portal = new URL('/home', config.PUBLIC_URL).toString();
  }

  /**
   * Every mail notice claimed and not sent that no other run holds; answers how many went now. A
   * refused one fails the try after the others, its lease given back so the retry sends it.
   */
  async sendUnsentMails(clock: Clock): Promise<number> {
    const run = randomUUID();
    let sent = 0;
    let refused = 0;
    for (const candidate of await this.notices.unsentMails()) {
      const n = await this.notices.leaseMail(candidate.id, run, SEND_LEASE_MS);
      if (!n) continue;
      try {
        await this.mailer.sendRights(
          noticeMailBatch(n.id),
          'rights-notice',
          n.payload.to,
          rightsNoticeMailOf(n.payload.language, lineOf(n), this.portal),
        );
      } catch {
        refused += 1;
        continue;
      }
      await this.notices.markSent([n.id], run, clock.now());
      sent += 1;
    }
    if (refused) {
      await this.notices.releaseLeases(run);
      throw new TransientJobError(
        SHARE_ERROR_CODES.MAIL_FAILED,
        `The mail server did not take ${refused} notices`,
      );
    }
    return sent;
  }

  /** Submits the job of every pending notice delivery (each once: its job id is the delivery's). */
  async submitPendingDeliveries(actor: string): Promise<number> {
    const ids = await this.notices.pendingNoticeDeliveries();
    for (const id of ids)
      await this.jobs.submit(JobName.RightsWebhook, { deliveryId: id }, actor, { jobId: webhookJobId(id) });
    return ids.length;
  }

  /** The day's digests: one mail per recipient with every notice collected for it, unless another run holds it. */
  async sendDigests(day: string, clock: Clock): Promise<{ mails: number; notices: number }> {
    const run = randomUUID();
    const out = { mails: 0, notices: 0 };
    for (const batch of await this.notices.collectDigests((recipient) => digestBatch(day, recipient))) {
      const notices = await this.notices.leaseDigest(batch, run, SEND_LEASE_MS);
      const first = notices[0];
      if (!first) continue;
      try {
        await this.mailer.sendRights(
          batch,
          'rights-digest',
          first.payload.to,
          rightsDigestMailOf(first.payload.language, notices.map(lineOf), this.portal),
        );
      } catch {
        await this.notices.releaseLeases(run);
        throw new TransientJobError(SHARE_ERROR_CODES.MAIL_FAILED, 'The mail server did not take a digest');
      }
      await this.notices.markSent(
        notices.map((n) => n.id),
        run,
        clock.now(),
      );
      out.mails += 1;
      out.notices += notices.length;
    }
    return out;
  }
}
