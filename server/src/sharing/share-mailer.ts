import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { shareDate, shareText, type ShareLanguage } from '@paddock/rules';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { MailOutbox, type MailKind } from '../mail/mail-outbox';

export interface ShareInvitation {
  to: string;
  language: ShareLanguage;
  sender: string;
  shareName: string;
  count: number;
  url: string;
  message: string;
  expiresAt: Date;
}

/** The invitation's subject and text, in the recipient's language: the link, never the password. */
export function invitationOf(m: ShareInvitation): { subject: string; text: string } {
  const l = m.language;
  const lines = [
    shareText(l, 'mailIntro', { sender: m.sender, count: m.count, name: m.shareName }),
    '',
    ...(m.message ? [m.message, ''] : []),
    shareText(l, 'mailLink'),
    m.url,
    '',
    shareText(l, 'mailExpiry', { date: shareDate(m.expiresAt) }),
    shareText(l, 'mailPassword'),
  ];
  return {
    subject: shareText(l, 'mailSubject', { sender: m.sender, name: m.shareName }),
    text: lines.join('\n'),
  };
}

/** A supplier's mail about one rejected delivery (issue 23). */
export interface RejectionNotice {
  to: string;
  language: ShareLanguage;
  assetName: string;
  department: string;
  rejectedBy: string;
  note: string;
  url: string;
}

/** The rejection mail's subject and text, in the supplier's language: what, where, who, why, and the portal. */
export function rejectionNoticeOf(m: RejectionNotice): { subject: string; text: string } {
  const l = m.language;
  const lines = [
    shareText(l, 'rejectedIntro', { by: m.rejectedBy, name: m.assetName, department: m.department }),
    m.note ? shareText(l, 'rejectedNote', { note: m.note }) : shareText(l, 'rejectedNoNote'),
    '',
    shareText(l, 'rejectedLink'),
    m.url,
    '',
    shareText(l, 'rejectedWhy'),
  ];
  return { subject: shareText(l, 'rejectedSubject', { name: m.assetName }), text: lines.join('\n') };
}

/**
 * Sends the hub's mails (share invitations, rejection notices) over SMTP (SMTP_URL) from MAIL_FROM,
 * each through the outbox: once per job, recipient and kind.
 */
@Injectable()
export class ShareMailer implements OnModuleDestroy {
  private readonly transport: Transporter;
  private readonly from: string;
  /** The Message-IDs' domain: MAIL_FROM's. */
  private readonly domain: string;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM'>,
    private readonly outbox: MailOutbox,
  ) {
    // A few seconds per step: a dead server fails the try, and the job retries with backoff.
    this.transport = createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    this.from = config.MAIL_FROM;
    this.domain = /@([^>\s]+)/.exec(config.MAIL_FROM)?.[1] ?? 'paddock.local';
  }

  /** Sends the invitation of job `jobId` unless that job sent it already. */
  async send(invitation: ShareInvitation, jobId: string): Promise<void> {
    await this.sendOnce(jobId, 'share-invitation', invitation.to, invitationOf(invitation));
  }

  /** Sends the rejection notice of job `jobId` unless that job sent it already. */
  async sendRejection(notice: RejectionNotice, jobId: string): Promise<void> {
    await this.sendOnce(jobId, 'supplier-rejection', notice.to, rejectionNoticeOf(notice));
  }

  /**
   * Sends a rights notice or a day's digest (docs/rights-notices.md) unless it was sent: `batch`
   * names the one mail (the notice's id, or the digest's key) as a job id names a share's.
   */
  async sendRights(
    batch: string,
    kind: 'rights-notice' | 'rights-digest',
    to: string,
    mail: { subject: string; text: string },
  ): Promise<void> {
    await this.sendOnce(batch, kind, to, mail);
  }

  private async sendOnce(
    jobId: string,
    kind: MailKind,
    to: string,
    { subject, text }: { subject: string; text: string },
  ): Promise<void> {
    // sendMail resolves once the server has accepted the message; the outbox marks it right then.
    await this.outbox.once({ jobId, recipient: to, kind }, this.domain, async (messageId) => {
      await this.transport.sendMail({ from: this.from, to, subject, text, messageId });
    });
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
