import { systemClock } from '../../src/common/clock';
import type { AppConfig } from '../../src/config/config.module';
import { HubPrismaService } from '../../src/database/hub-prisma.service';
import { MailOutbox, messageIdOf, type MailKey } from '../../src/mail/mail-outbox';
import {
  digestBatch,
  noticeMailBatch,
  RightsNoticeSender,
  SEND_LEASE_MS,
} from '../../src/rights-notices/rights-notice-sender';
import {
  RightsNoticesRepository,
  type NoticeChannel,
} from '../../src/rights-notices/rights-notices.repository';
import { ShareMailer } from '../../src/sharing/share-mailer';
import { createTestDatabase, type TestDatabase } from '../support/databases';
import { SmtpSink } from '../support/smtp-sink';

/**
 * The send's lease (docs/rights-notices.md, "Exactly once") over a real database and a real SMTP
 * server: two workers' runs at once send each mail once; a run that died loses its lease only when
 * it expires, and the run after it sends the same message.
 */

const DOMAIN = 'paddock.local';
const DAY = '2026-11-30';

/** A worker's own connections, outbox, mailer and sender, as another process has. */
interface Worker {
  db: HubPrismaService;
  notices: RightsNoticesRepository;
  mailer: ShareMailer;
  sender: RightsNoticeSender;
}

/** A worker killed right after the SMTP server accepted its mail: nothing after the send ever runs. */
class KilledAfterAccept extends MailOutbox {
  override once(key: MailKey, domain: string, send: (messageId: string) => Promise<void>): Promise<boolean> {
    return super.once(key, domain, async (messageId) => {
      await send(messageId);
      await new Promise<never>(() => undefined);
    });
  }
}

let database: TestDatabase;
let sink: SmtpSink;
let smtpUrl: string;
const workers: Worker[] = [];

function aWorker(outbox: (db: HubPrismaService) => MailOutbox = (db) => new MailOutbox(db)): Worker {
  const db = new HubPrismaService({ DATABASE_URL: database.url } as AppConfig);
  const notices = new RightsNoticesRepository(db);
  const mailer = new ShareMailer(
    { SMTP_URL: smtpUrl, MAIL_FROM: `Paddock <no-reply@${DOMAIN}>` },
    outbox(db),
  );
  const jobs = { submit: () => Promise.reject(new Error('these tests submit no job')) };
  const sender = new RightsNoticeSender(notices, mailer, jobs, { PUBLIC_URL: 'https://paddock.example.com' });
  const worker = { db, notices, mailer, sender };
  workers.push(worker);
  return worker;
}

/** Claims a notice of `channel` to `to` about asset `assetId`, as the scan does; answers its id. */
async function claim(w: Worker, channel: NoticeChannel, to: string, assetId: string): Promise<string> {
  const id = await w.notices.claim({
    assetId,
    recipient: channel === 'mail' ? `email:${to}` : `user:${to}`,
    event: 'copyright-ended',
    window: '2026-01-15',
    channel,
    payload: { to, language: 'en', assetName: `${assetId}.jpg` },
    jobId: 'the-scan',
  });
  if (!id) throw new Error(`${assetId} to ${to} was claimed before`);
  return id;
}

const mailsTo = (to: string) => sink.mails.filter((m) => m.to.includes(to));

beforeAll(async () => {
  database = await createTestDatabase();
  sink = new SmtpSink();
  smtpUrl = `smtp://127.0.0.1:${await sink.start()}`;
});

afterAll(async () => {
  for (const w of workers) {
    w.mailer.onModuleDestroy();
    await w.db.$disconnect();
  }
  await sink.stop();
  await database.drop();
});

describe('two runs at once on two workers', () => {
  it('send each mail notice once: one run leases it, the other passes it by', async () => {
    const [a, b] = [aWorker(), aWorker()];
    const to = ['one@presse.fr', 'two@presse.fr', 'three@presse.fr'];
    const ids: string[] = [];
    for (const address of to)
      for (const asset of ['spider', 'giulia']) ids.push(await claim(a, 'mail', address, asset));

    const [byA, byB] = await Promise.all([
      a.sender.sendUnsentMails(systemClock),
      b.sender.sendUnsentMails(systemClock),
    ]);

    expect(byA + byB).toBe(6);
    for (const address of to) {
      const mails = mailsTo(address);
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'Usage rights ended: “giulia.jpg”',
        'Usage rights ended: “spider.jpg”',
      ]);
      expect(new Set(mails.map((m) => m.messageId)).size).toBe(2);
    }
    const rows = await a.db.rightsNotice.findMany({ where: { id: { in: ids } } });
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
    // Nothing is left for a third run.
    expect(await b.sender.sendUnsentMails(systemClock)).toBe(0);
    expect(to.flatMap(mailsTo)).toHaveLength(6);
  });

  it("send each recipient's digest once", async () => {
    const [a, b] = [aWorker(), aWorker()];
    const to = ['mario.rossi@paddock.example', 'anna.bianchi@paddock.example'];
    for (const address of to)
      for (const asset of ['spider', 'giulia', 'duetto']) await claim(a, 'digest', address, asset);

    const [byA, byB] = await Promise.all([
      a.sender.sendDigests(DAY, systemClock),
      b.sender.sendDigests(DAY, systemClock),
    ]);

    expect({ mails: byA.mails + byB.mails, notices: byA.notices + byB.notices }).toEqual({
      mails: 2,
      notices: 6,
    });
    for (const address of to)
      expect(mailsTo(address).map((m) => m.subject)).toEqual(['Usage rights: 3 notices of the day']);
    expect(await b.sender.sendDigests(DAY, systemClock)).toEqual({ mails: 0, notices: 0 });
  });
});

describe('the lease', () => {
  it('held by a run still sending is not taken by another run, for a mail nor a digest', async () => {
    const w = aWorker();
    const mail = await claim(w, 'mail', 'held@presse.fr', 'spider');
    await claim(w, 'digest', 'held.digest@paddock.example', 'spider');
    expect(await w.notices.leaseMail(mail, 'a-run-still-sending', SEND_LEASE_MS)).toMatchObject({ id: mail });
    const [batch] = await w.notices.collectDigests((recipient) => digestBatch(DAY, recipient));
    expect(await w.notices.leaseDigest(batch!, 'a-run-still-sending', SEND_LEASE_MS)).toHaveLength(1);

    expect(await w.sender.sendUnsentMails(systemClock)).toBe(0);
    expect(await w.sender.sendDigests(DAY, systemClock)).toEqual({ mails: 0, notices: 0 });
    expect(await w.notices.leaseMail(mail, 'another-run', SEND_LEASE_MS)).toBeNull();
    expect(mailsTo('held@presse.fr')).toEqual([]);
    expect(mailsTo('held.digest@paddock.example')).toEqual([]);
  });

  it('expired (its run died after the accept) is taken by the next run, which sends the same message once', async () => {
    const dead = aWorker((db) => new KilledAfterAccept(db));
    const next = aWorker();
    const to = 'retried@presse.fr';
    const id = await claim(next, 'mail', to, 'spider');

    // The run dies after the server accepted the mail: no outbox mark, no notice mark, ever.
    void dead.sender.sendUnsentMails(systemClock);
    await sink.waitFor(to);
    const { sendingBy: deadRun } = await next.db.rightsNotice.findUniqueOrThrow({ where: { id } });
    expect(deadRun).toEqual(expect.any(String));

    // Within the lease, the next run leaves it alone.
    expect(await next.sender.sendUnsentMails(systemClock)).toBe(0);
    expect(mailsTo(to)).toHaveLength(1);

    // The lease's time passes.
    await next.db
      .$executeRaw`UPDATE "hub"."rights_notice" SET "sending_until" = now() - interval '1 second' WHERE "id" = ${id}::uuid`;
    expect(await next.sender.sendUnsentMails(systemClock)).toBe(1);

    const [first, retry] = mailsTo(to);
    const key = { jobId: noticeMailBatch(id), recipient: to, kind: 'rights-notice' as const };
    expect(retry).toMatchObject({
      messageId: messageIdOf(key, DOMAIN),
      subject: first!.subject,
      text: first!.text,
    });
    expect(first!.messageId).toBe(retry!.messageId);
    const row = await next.db.rightsNotice.findUniqueOrThrow({ where: { id } });
    expect(row.sentAt).not.toBeNull();
    expect(row.sendingBy).not.toBe(deadRun);

    // The dead run, were it to wake, marks nothing it no longer holds; and nobody sends it again.
    await dead.notices.markSent([id], deadRun!, new Date('2030-01-01T00:00:00Z'));
    expect((await next.db.rightsNotice.findUniqueOrThrow({ where: { id } })).sentAt).toEqual(row.sentAt);
    expect(await next.sender.sendUnsentMails(systemClock)).toBe(0);
    expect(mailsTo(to)).toHaveLength(2);
  });
});

describe('a digest batch', () => {
  it("never grows once given: a notice claimed after the day's mail waits for the next day's, not marked sent unmailed", async () => {
    const w = aWorker();
    const to = 'late@paddock.example';
    await claim(w, 'digest', to, 'spider');
    expect(await w.sender.sendDigests(DAY, systemClock)).toEqual({ mails: 1, notices: 1 });
    const late = await claim(w, 'digest', to, 'giulia');

    expect(await w.sender.sendDigests(DAY, systemClock)).toEqual({ mails: 0, notices: 0 });
    expect(await w.db.rightsNotice.findUniqueOrThrow({ where: { id: late } })).toMatchObject({
      batch: null,
      sentAt: null,
    });

    expect(await w.sender.sendDigests('2026-12-01', systemClock)).toEqual({ mails: 1, notices: 1 });
    expect(mailsTo(to).map((m) => m.subject)).toEqual([
      'Usage rights: 1 notices of the day',
      'Usage rights: 1 notices of the day',
    ]);
    expect(mailsTo(to)[1]!.text).toContain('giulia.jpg');
  });
});
