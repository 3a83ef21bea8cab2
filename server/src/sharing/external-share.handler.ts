import { Inject, Injectable, Optional } from '@nestjs/common';
import { E_CODES, LIMITS, SHARE_ERROR_CODES, type ErrorCode } from '@paddock/rules';
import { AuditRepository } from '../audit/audit.repository';
import type { AuditWriter } from '../audit/audit-record';
import {
  JobName,
  policyOf,
  type ExternalSharePayload,
  type ExternalShareResult,
} from '../jobs/job-catalogue';
import { PermanentJobError, TransientJobError } from '../jobs/job-errors';
import { JobHandlerFor, type JobContext, type JobHandler } from '../jobs/job-handler';
import {
  EXTERNAL_SHARES_GATEWAY,
  type ExternalSharesGateway,
  type ProviderShare,
} from '../provider/external-shares.gateway';
import { SERVICE_SESSION, type ServiceSession } from '../provider/service-session';
import { ShareMailer } from './share-mailer';
import { ShareSecrets } from './share-secrets';

export type Sleep = (ms: number) => Promise<void>;
/** The wait between two status polls; tests give one that does not wait. */
export const SHARE_POLL_SLEEP = Symbol('SHARE_POLL_SLEEP');
const realSleep: Sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls of one try before it gives up and lets the job retry (10 minutes at SPEC §9's 3 s). */
export const SHARE_MAX_POLLS = 200;

const ACTION = 'external-share';

/**
 * An external share as a durable job (SPEC §4 "External share"): the provider's create for the
 * user (the service account names them; the provider checks their rights), then its status every
 * LIMITS.shareStatusPollMs until 'succeded', then one invitation per e-mail recipient with that
 * recipient's own link — never the password. A retry creates nothing twice (the job id is the
 * provider's request key) and sends only what is not sent yet. After the last try of a failed
 * send, the share is marked failed with the reason, and the audit says so.
 */
@JobHandlerFor(JobName.ExternalShare)
@Injectable()
export class ExternalShareHandler implements JobHandler<JobName.ExternalShare> {
  constructor(
    @Inject(EXTERNAL_SHARES_GATEWAY) private readonly shares: ExternalSharesGateway,
    @Inject(SERVICE_SESSION) private readonly session: ServiceSession,
    private readonly secrets: ShareSecrets,
    private readonly mailer: ShareMailer,
    @Inject(AuditRepository) private readonly auditor: AuditWriter,
    @Optional() @Inject(SHARE_POLL_SLEEP) private readonly sleep: Sleep = realSleep,
  ) {}

  async handle(p: ExternalSharePayload, c: JobContext): Promise<ExternalShareResult> {
    const password = await this.secrets.take(c.jobId);
    const shareId = await this.session
      .withToken((token) =>
        this.shares.create(token, {
          name: p.name,
          type: p.type,
          contentIds: p.contentIds,
          message: p.message,
          disclaimer: p.disclaimer,
          // Gone after an earlier try created the share: the request key finds it without one.
          password: password ?? '',
          contentDownload: p.contentDownload,
          expiresAt: new Date(p.expiresAt),
          language: p.language,
          recipients: p.recipients,
          contextId: p.folderId,
          onBehalfOf: c.actor,
          requestKey: c.jobId,
        }),
      )
      .catch((error: unknown) => this.failed(c, null, E_CODES.EXTERNAL_SHARE_FAILED, error));
    await this.secrets.forget(c.jobId);
    await c.progress(20);
    const share = await this.untilReady(shareId, c);
    await c.progress(50);
    const sent = await this.invite(share, p, c);
    await this.auditor.append({
      jobId: c.jobId,
      actor: c.actor,
      action: ACTION,
      outcome: 'success',
      after: { shareId, type: p.type, assets: p.contentIds.length, recipients: p.recipients.length, sent },
    });
    await c.progress(100);
    return { shareId, sent };
  }

  /** SPEC §7: the status every 3 s until 'succeded'; 'failed' ends the job (E003). */
  private async untilReady(shareId: string, c: JobContext): Promise<ProviderShare> {
    for (let poll = 0; poll < SHARE_MAX_POLLS; poll++) {
      const share = await this.session.withToken((token) => this.shares.status(token, shareId));
      if (share.state.status === 'succeded') return share;
      if (share.state.status === 'failed')
        return this.failed(
          c,
          shareId,
          E_CODES.EXTERNAL_SHARE_FAILED,
          new Error(share.state.failure ?? 'failed'),
        );
      await this.sleep(LIMITS.shareStatusPollMs);
    }
    throw new TransientJobError(E_CODES.EXTERNAL_SHARE_FAILED, 'The share did not become ready in time');
  }

  /**
   * One invitation per live recipient not invited yet, each reported to the provider once sent. A
   * try killed between the send and the report sends nothing again: the mailer's outbox knows.
   */
  private async invite(share: ProviderShare, p: ExternalSharePayload, c: JobContext): Promise<number> {
    const pending = share.recipients.filter((r) => r.email !== null && !r.revoked && r.sentAt === null);
    let sent = share.recipients.filter((r) => r.sentAt !== null).length;
    for (const recipient of pending) {
      try {
        await this.mailer.send(
          {
            to: recipient.email ?? '',
            language: p.language,
            sender: share.ownerFullName || c.actor,
            shareName: p.name,
            count: share.contentCount,
            url: recipient.url,
            message: p.message,
            expiresAt: new Date(share.expirationDate),
          },
          c.jobId,
        );
      } catch (error) {
        if (c.attempt >= policyOf(JobName.ExternalShare).attempts)
          await this.failed(c, share.id, SHARE_ERROR_CODES.MAIL_FAILED, error);
        throw new TransientJobError(
          SHARE_ERROR_CODES.MAIL_FAILED,
          'The mail server did not take the invitation',
        );
      }
      await this.session.withToken((token) =>
        this.shares.delivery(token, share.id, { sentRecipientIds: [recipient.id] }),
      );
      sent += 1;
    }
    return sent;
  }

  /**
   * Ends the job for good: the share (when there is one) shows failed with the reason; the job's
   * failure is audited with the code by the job runner, and the reason goes to the log. A provider
   * refusal that retrying may fix is left to retry.
   */
  private async failed(
    c: JobContext,
    shareId: string | null,
    code: ErrorCode,
    error: unknown,
  ): Promise<never> {
    if (isTransient(error) && code !== SHARE_ERROR_CODES.MAIL_FAILED) throw error;
    if (shareId)
      await this.session.withToken((token) => this.shares.delivery(token, shareId, { failure: code }));
    await this.secrets.forget(c.jobId);
    const reason = error instanceof Error ? error.message : String(error);
    throw new PermanentJobError(code, `The external share failed: ${reason}`);
  }
}

function isTransient(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { transient?: unknown }).transient === true;
}
