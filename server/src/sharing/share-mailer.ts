import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { shareDate, shareText, type ShareLanguage } from '@paddock/rules';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/config.module';

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

/** Sends share invitations over SMTP (SMTP_URL) from MAIL_FROM. */
@Injectable()
export class ShareMailer implements OnModuleDestroy {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM'>) {
    // A few seconds per step: a dead server fails the try, and the job retries with backoff.
    this.transport = createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    this.from = config.MAIL_FROM;
  }

  async send(invitation: ShareInvitation): Promise<void> {
    const { subject, text } = invitationOf(invitation);
    await this.transport.sendMail({ from: this.from, to: invitation.to, subject, text });
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}
