import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { HubPrismaService } from '../database/hub-prisma.service';

/** The hub's kinds of mail, each sent at most once per job and recipient. */
export type MailKind = 'share-invitation' | 'supplier-rejection' | 'rights-notice' | 'rights-digest';

/** Which mail: the job that sends it, to whom, of which kind. */
export interface MailKey {
  jobId: string;
  recipient: string;
  kind: MailKind;
}

/**
 * The Message-ID of a mail, derived from its key alone: a retry that re-sends a mail whose accept
 * was never marked sends the same Message-ID, and the recipient's mail client shows it once.
 */
export function messageIdOf(key: MailKey, domain: string): string {
  const hash = createHash('sha256').update(`${key.jobId}\n${key.recipient}\n${key.kind}`).digest('hex');
  return `<${hash.slice(0, 40)}@${domain}>`;
}

/**
 * The outbox of the hub's mails (the repository of `mail_outbox`). SMTP has no idempotency key, so
 * the row is written before the send and marked right after the server accepts it: a worker killed
 * in between leaves the row unmarked and the retry sends the same Message-ID again; a marked row is
 * never sent again.
 */
@Injectable()
export class MailOutbox {
  constructor(private readonly db: HubPrismaService) {}

  /** Sends the mail of `key` unless it was sent; answers whether it sent now. */
  async once(key: MailKey, domain: string, send: (messageId: string) => Promise<void>): Promise<boolean> {
    const where = { jobId_recipient_kind: key };
    const row = await this.db.mailOutbox.upsert({
      where,
      create: { ...key, messageId: messageIdOf(key, domain) },
      update: {},
    });
    if (row.sentAt) return false;
    await send(row.messageId);
    // Nothing between the accept and this mark: it is the window a kill can double a mail in.
    await this.db.mailOutbox.update({ where, data: { sentAt: new Date() } });
    return true;
  }
}
