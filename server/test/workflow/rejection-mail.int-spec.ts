import { JobName } from '../../src/jobs/job-catalogue';
import { JobsRepository } from '../../src/jobs/jobs.repository';
import { JobsService } from '../../src/jobs/jobs.service';
import { RejectionMailHandler } from '../../src/sharing/rejection-mail.handler';
import { rejectionMailJobId } from '../../src/sharing/rejection-mail';
import type { SignedIn } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import { SmtpSink } from '../support/smtp-sink';
import type { TestApp } from '../support/test-app';
import { as, finished, post, startDemoWorld, submitJob } from './workflow-fixtures';

jest.setTimeout(120_000);

/** The supplier's opt-in e-mail when a delivery is rejected (issue 23), through a real SMTP server. */
let t: TestApp;
let sink: SmtpSink;
let folders: Map<string, string>;
let luca: SignedIn;
let supplier: SignedIn;
const SUPPLIER_MAIL = 'foto.studio@paddock.example';
const id = (prettyId: string) => folders.get(prettyId)!;

beforeAll(async () => {
  sink = new SmtpSink();
  const smtpPort = await sink.start();
  ({
    t,
    folders,
    people: [luca],
  } = await startDemoWorld(['luca.conti'], { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }));
  supplier = await as(t, 'foto.studio');
});
afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

/** A delivery of the supplier, waiting at Marketing's step 2. */
const delivery = (name: string) =>
  insertContent(t, {
    name,
    owner: 'foto.studio',
    folders: [id('lvrr02-marketing'), id('appstp2-marketing')],
  });

async function reject(contentId: string, note: string): Promise<string> {
  const jobId = await submitJob(t, luca, '/api/workflow/reject', {
    contentIds: [contentId],
    folderId: id('appstp2-marketing'),
    note,
  });
  expect((await finished(t, luca, jobId)).state).toBe('completed');
  return jobId;
}

const preferences = (body: object) => post(t, supplier, '/api/profile/user-preferences', body);
const mailsTo = (address: string) => sink.mails.filter((m) => m.to.includes(address));

describe("a supplier's rejection e-mail (issue 23)", () => {
  it('sends nothing to a supplier who did not choose it', async () => {
    const content = await delivery('not-asked.jpg');
    const jobId = await reject(content, 'Fuori fuoco');
    // The reject job submits no mail job at all, so nothing can arrive later either.
    const record = await t.app
      .get(JobsRepository, { strict: false })
      .find(rejectionMailJobId(jobId, content));
    expect(record).toBeNull();
    expect(mailsTo(SUPPLIER_MAIL)).toHaveLength(0);
  });

  it('sends one mail with the note, in the language of a supplier who chose it', async () => {
    expect((await preferences({ rejectionMail: true, language: 'fr' })).status).toBe(200);
    const content = await delivery('capot-bleu.jpg');
    const jobId = await reject(content, 'Reflet sur le capot');
    const mailJob = rejectionMailJobId(jobId, content);
    expect((await finished(t, luca, mailJob)).state).toBe('completed');

    const mails = mailsTo(SUPPLIER_MAIL);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Contenu refusé : capot-bleu.jpg');
    // By name, not username (issue 23).
    expect(mails[0]!.text).toContain('Luca Conti a refusé « capot-bleu.jpg », livré au service');
    expect(mails[0]!.text).toContain('Motif : Reflet sur le capot');
    expect(mails[0]!.text).toContain(`${t.url}/home`);

    // A retried mail job (a worker that died after the mail server took the mail) sends nothing more,
    const handler = t.app.get(RejectionMailHandler, { strict: false });
    const payload = {
      contentId: content,
      workFolderId: id('lvrr02-marketing'),
      recipient: 'foto.studio',
      rejectedBy: 'luca.conti',
      note: 'Reflet sur le capot',
    };
    const retry = {
      jobId: mailJob,
      actor: 'luca.conti',
      attempt: 2,
      startedBefore: true,
      progress: async () => undefined,
      stopRequested: async () => false,
    };
    expect(await handler.handle(payload, retry)).toEqual({ sent: 1 });
    // nor does the same mail job submitted again (a retried reject job).
    await t.app
      .get(JobsService, { strict: false })
      .submit(JobName.RejectionMail, payload, 'luca.conti', { jobId: mailJob });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(mailsTo(SUPPLIER_MAIL)).toHaveLength(1);
  });

  it('stops when the supplier turns it off', async () => {
    expect((await preferences({ rejectionMail: false })).status).toBe(200);
    const before = mailsTo(SUPPLIER_MAIL).length;
    await reject(await delivery('off-again.jpg'), 'Troppo scuro');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(mailsTo(SUPPLIER_MAIL)).toHaveLength(before);
  });
});
