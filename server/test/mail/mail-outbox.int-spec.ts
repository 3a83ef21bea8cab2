import { createTransport } from 'nodemailer';
import { HubPrismaService } from '../../src/database/hub-prisma.service';
import type { AppConfig } from '../../src/config/config.module';
import { MailOutbox, messageIdOf } from '../../src/mail/mail-outbox';
import { ShareMailer, type ShareInvitation } from '../../src/sharing/share-mailer';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { SmtpSink } from '../support/smtp-sink';

/** The outbox over a real database and a real SMTP server: each hub mail once per job, recipient and kind. */
describe('the mail outbox', () => {
  let database: TestDatabase;
  let db: HubPrismaService;
  let sink: SmtpSink;
  let smtpUrl: string;
  let mailer: ShareMailer;
  let outbox: MailOutbox;
  const domain = 'paddock.local';

  const invitation = (to: string): ShareInvitation => ({
    to,
    language: 'en',
    sender: 'Mario Rossi',
    shareName: 'Press kit',
    count: 2,
    url: 'https://paddock.local/s/abc',
    message: '',
    expiresAt: new Date('2026-12-31T00:00:00Z'),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new HubPrismaService({ DATABASE_URL: database.url } as AppConfig);
    sink = new SmtpSink();
    smtpUrl = `smtp://127.0.0.1:${await sink.start()}`;
    outbox = new MailOutbox(db);
    mailer = new ShareMailer({ SMTP_URL: smtpUrl, MAIL_FROM: `Paddock <no-reply@${domain}>` }, outbox);
  });

  afterAll(async () => {
    mailer.onModuleDestroy();
    await db.$disconnect();
    await sink.stop();
    await database.drop();
  });

  const mailsTo = (to: string) => sink.mails.filter((m) => m.to.includes(to));

  it('a worker killed after the SMTP accept, before the mark: the retry sends the same Message-ID, then never again', async () => {
    const to = 'desk@presse.it';
    const key = { jobId: 'job-killed', recipient: to, kind: 'share-invitation' as const };
    const transport = createTransport({ url: smtpUrl });
    // The first try: the server accepts the mail, then the worker dies before marking it.
    await expect(
      outbox.once(key, domain, async (messageId) => {
        await transport.sendMail({ from: `no-reply@${domain}`, to, subject: 'first', text: '', messageId });
        throw new Error('SIGKILL');
      }),
    ).rejects.toThrow('SIGKILL');
    transport.close();
    expect(mailsTo(to)).toHaveLength(1);

    await mailer.send(invitation(to), 'job-killed');
    await mailer.send(invitation(to), 'job-killed');

    const mails = mailsTo(to);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.messageId)).toEqual([messageIdOf(key, domain), messageIdOf(key, domain)]);
    const row = await db.mailOutbox.findUniqueOrThrow({ where: { jobId_recipient_kind: key } });
    expect(row.sentAt).not.toBeNull();
  });

  it('a mail marked sent is not sent again; another job, recipient or kind is its own mail', async () => {
    await mailer.send(invitation('a@presse.it'), 'job-1');
    await mailer.send(invitation('a@presse.it'), 'job-1');
    await mailer.send(invitation('a@presse.it'), 'job-2');
    await mailer.send(invitation('b@presse.it'), 'job-1');
    const notice = {
      language: 'en' as const,
      assetName: 'Spider',
      department: 'Marketing',
      rejectedBy: 'Anna Bianchi',
      note: '',
      url: 'https://paddock.local/home',
    };
    await mailer.sendRejection({ ...notice, to: 'a@presse.it' }, 'job-1');
    await mailer.sendRejection({ ...notice, to: 'a@presse.it' }, 'job-1');

    const ids = [...mailsTo('a@presse.it'), ...mailsTo('b@presse.it')].map((m) => m.messageId);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('a send the server refuses stays unmarked, and its retry sends once', async () => {
    sink.refuse = true;
    await expect(mailer.send(invitation('c@presse.it'), 'job-3')).rejects.toThrow();
    sink.refuse = false;
    await mailer.send(invitation('c@presse.it'), 'job-3');
    await mailer.send(invitation('c@presse.it'), 'job-3');
    expect(mailsTo('c@presse.it')).toHaveLength(1);
  });
});
