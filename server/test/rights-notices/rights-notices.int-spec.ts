import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EMBARGO_KEY,
  ERROR_CODES,
  RIGHTS_NOTICE_ERROR_CODES,
  SHARE_TEXTS,
  WEBHOOK_HEADERS,
  type ExternalShareSummary,
  type RegisteredWebhook,
  type RightsNoticeBody,
  type UploadResult,
  type WebhookEndpointView,
} from '@paddock/rules';
import sharp from 'sharp';
import { JobName, type ExternalShareResult } from '../../src/jobs/job-catalogue';
import { JobsService } from '../../src/jobs/jobs.service';
import { RightsNoticesRepository } from '../../src/rights-notices/rights-notices.repository';
import { verifySignature } from '../../src/rights-notices/webhook-signature';
import { call, hubDb, providerDb, type SignedIn } from '../auth/auth-fixtures';
import { freePort } from '../support/free-port';
import { SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../support/test-app';
import { tusUpload } from '../support/tus-client';
import { as, finished, get, post, seedDemoOrganisation, type JobAnswer } from '../workflow/workflow-fixtures';

jest.setTimeout(240_000);

/**
 * Rights that follow the asset out (issue 28 point 2, docs/rights-notices.md) over the real hub,
 * workers, built-in provider, PostgreSQL, Redis, an SMTP server and a webhook receiver on loopback.
 */

const STRONG = 'Press-Kit-2026#Spider';
const ENDED = '2026-01-15';
const DOWNLOADER = 'downloader@presse.fr';
const SILENT = 'silent@presse.fr';

/** A webhook receiver on loopback: keeps every request; answers 500 to the next `failNext` ones. */
class Receiver {
  readonly requests: { headers: IncomingHttpHeaders; body: string }[] = [];
  failNext = 0;
  url = '';
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (this.failNext > 0) {
        this.failNext -= 1;
        res.writeHead(500).end('busy');
      } else res.writeHead(204).end();
    });
  });

  async start(): Promise<void> {
    const port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${port}/paddock-hook`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  async waitFor(count: number, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > deadline) throw new Error(`${this.requests.length} webhook requests, not ${count}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

let t: TestApp;
let sink: SmtpSink;
let receiver: Receiver;
let workDir: string;
let mario: SignedIn;
let admin: SignedIn;
let archive: string;
let image: string;
let shareId: string;
let downloaderUrl: string;
let webhook: RegisteredWebhook;

async function upload(name: string, colour: number): Promise<string> {
  const bytes = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: colour, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const { result } = await tusUpload(t, mario, bytes, {
    filename: name,
    filetype: 'image/jpeg',
    folderId: archive,
  });
  expect(result?.status).toBe(200);
  const id = (result?.body as UploadResult).contentId;
  const deadline = Date.now() + 90_000;
  while ((await providerDb(t).derivative.count({ where: { contentId: id } })) < 2) {
    if (Date.now() > deadline) throw new Error(`no derivatives for ${name}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return id;
}

/** A recipient's browser: the password's cookie, then the page and the original. */
async function openAs(url: string, address: string): Promise<(suffix?: string) => Promise<Response>> {
  const login = await fetch(`${url}/session`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams({ password: STRONG }).toString(),
  });
  expect(login.status).toBe(303);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('paddock_share='))!
    .split(';')[0];
  return (suffix = '') =>
    fetch(`${url}${suffix}`, { redirect: 'manual', headers: { cookie, 'x-forwarded-for': address } });
}

/** Runs the rights notices now, as an administrator does, and waits for the job. */
async function runNotices(): Promise<JobAnswer> {
  const res = await post<{ jobId: string }>(t, admin, '/api/jobs/maintenance/rights-notices', {});
  expect(res.status).toBe(202);
  return finished(t, admin, res.body.jobId, 120_000);
}

/** The rights mails (not the invitations) the sink received for `address`. */
function rightsMailsTo(address: string) {
  const subjects = (['it', 'en', 'fr'] as const).flatMap((l) => [
    SHARE_TEXTS[l].rightsSubject_ended.split('{')[0]!,
    SHARE_TEXTS[l].rightsSubject_embargo.split('{')[0]!,
    SHARE_TEXTS[l].rightsDigestSubject.split('{')[0]!,
  ]);
  return sink.mails.filter((m) => m.to.includes(address) && subjects.some((s) => m.subject.startsWith(s)));
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'paddock-rights-'));
  sink = new SmtpSink();
  const smtpPort = await sink.start();
  receiver = new Receiver();
  await receiver.start();
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, BLOB_DIR: join(workDir, 'blobs') });
  const folders = await seedDemoOrganisation(t);
  archive = folders.get('arch04-marketing')!;
  mario = await as(t, 'mario.rossi');
  admin = await as(t, 'admin');
  image = await upload('spider-front.jpg', 200);

  // An e-mail share in French to two people: one opens it and downloads, one never opens it.
  const submitted = await post<{ jobId: string }>(t, mario, '/api/external-shares', {
    type: 'email',
    name: 'Spider 1966 presse',
    contentIds: [image],
    folderId: archive,
    recipients: `${DOWNLOADER};${SILENT}`,
    message: '',
    disclaimer: '',
    password: STRONG,
    contentDownload: true,
    language: 'fr',
  });
  expect(submitted.status).toBe(202);
  const job = await finished(t, mario, submitted.body.jobId);
  expect(job.state).toBe('completed');
  shareId = (job.result as ExternalShareResult).shareId;
  const detail = await get<ExternalShareSummary>(t, mario, `/api/external-shares/${shareId}`);
  downloaderUrl = detail.body.recipients.find((r) => r.email === DOWNLOADER)!.url;
  expect(detail.body.recipients.map((r) => r.email).sort()).toEqual([DOWNLOADER, SILENT]);
  const browse = await openAs(downloaderUrl, '203.0.113.7');
  expect((await browse(`/assets/${image}/original`)).status).toBe(200);

  // mario also shares it internally, and wants one mail a day, in English.
  const pref = await post(t, mario, '/api/profile/user-preferences', { rightsDigest: true, language: 'en' });
  expect(pref).toMatchObject({ status: 200, body: { rightsDigest: true, language: 'en' } });
  const internal = await post<{ jobId: string }>(t, mario, '/api/shares', {
    contentIds: [image],
    folderId: archive,
    targetFolderIds: [folders.get('arch06-marketing')!],
  });
  expect(internal.status).toBe(202);
  expect(await finished(t, mario, internal.body.jobId)).toMatchObject({
    state: 'completed',
    result: { done: 1 },
  });
});

afterAll(async () => {
  await t?.close();
  await sink?.stop();
  await receiver?.stop();
  await rm(workDir, { recursive: true, force: true });
});

describe('POST /api/jobs/maintenance/rights-notices', () => {
  it('refuses a stranger (401) and a user who is no administrator (403), and submits no job', async () => {
    const jobs = () => hubDb(t).jobRecord.count({ where: { name: JobName.RightsNotices } });
    const before = await jobs();
    expect((await call(t, 'POST', '/api/jobs/maintenance/rights-notices', { json: {} })).status).toBe(401);
    const staff = await post<{ code: string }>(t, mario, '/api/jobs/maintenance/rights-notices', {});
    expect(staff).toMatchObject({ status: 403, body: { code: ERROR_CODES.FORBIDDEN } });
    expect(await jobs()).toBe(before);
  });
});

describe('webhook endpoints (administrators)', () => {
  it('refuses a stranger (401) and a user who is no administrator (403), registering nothing', async () => {
    const body = { url: receiver.url, department: 'marketing' };
    const stranger = await call(t, 'POST', '/api/webhooks', { json: body });
    expect(stranger.status).toBe(401);
    const staff = await post<{ code: string }>(t, mario, '/api/webhooks', body);
    expect(staff).toMatchObject({ status: 403, body: { code: ERROR_CODES.FORBIDDEN } });
    expect((await get(t, mario, '/api/webhooks')).status).toBe(403);
    expect(await hubDb(t).webhookEndpoint.count()).toBe(0);
  });

  it.each([
    ['ftp://downstream.example/hook', 'protocol'],
    ['javascript:alert(1)', 'protocol'],
    ['file:///etc/passwd', 'protocol'],
    ['https://user:secret@downstream.example/hook', 'credentials'],
    ['not a url', 'invalid'],
  ])('refuses %s (400 WEBHOOK_BAD_URL, %s)', async (url, problem) => {
    const res = await post<{ code: string; details: { problem: string } }>(t, admin, '/api/webhooks', {
      url,
      department: 'marketing',
    });
    expect(res).toMatchObject({
      status: 400,
      body: { code: RIGHTS_NOTICE_ERROR_CODES.BAD_WEBHOOK_URL, details: { problem } },
    });
  });

  it('refuses the portal itself, whatever the path or case', async () => {
    for (const url of [
      `${t.url}/api/jobs/maintenance/purge-junk`,
      t.url.toUpperCase().replace('HTTP', 'http'),
    ]) {
      const res = await post<{ code: string; details: { problem: string } }>(t, admin, '/api/webhooks', {
        url,
        department: 'marketing',
      });
      expect(res).toMatchObject({
        status: 400,
        body: { code: RIGHTS_NOTICE_ERROR_CODES.BAD_WEBHOOK_URL, details: { problem: 'portal' } },
      });
    }
  });

  it('refuses malformed bodies and ids before any lookup (400), and an unknown endpoint is 404', async () => {
    for (const body of [
      { url: 5, department: 'marketing' },
      { department: 'marketing' },
      { url: receiver.url, department: 'bad dept!' },
      { url: receiver.url, department: 'marketing', extra: 1 },
    ])
      expect((await post(t, admin, '/api/webhooks', body)).status).toBe(400);
    expect((await post(t, admin, '/api/webhooks/not-a-uuid/deactivate', {})).status).toBe(400);
    expect((await post(t, admin, '/api/webhooks/not-a-uuid/test', {})).status).toBe(400);
    expect((await post(t, admin, '/api/webhooks/7f1c2a3e-0000-4000-8000-000000000000/test', {})).status).toBe(
      404,
    );
  });

  it("refuses an administrator of a department one for every department's assets (403)", async () => {
    const res = await post(t, admin, '/api/webhooks', { url: receiver.url, department: null });
    expect(res.status).toBe(403);
  });

  it('registers an endpoint with its secret shown once, and lists it without the secret', async () => {
    const res = await post<RegisteredWebhook>(t, admin, '/api/webhooks', {
      url: receiver.url,
      department: 'marketing',
      description: 'Sito stampa',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      url: receiver.url,
      department: 'marketing',
      active: true,
      createdBy: 'admin',
    });
    expect(res.body.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    webhook = res.body;
    const list = await get<WebhookEndpointView[]>(t, admin, '/api/webhooks');
    expect(list.status).toBe(200);
    expect(list.body.map((e) => e.id)).toEqual([webhook.id]);
    expect(JSON.stringify(list.body)).not.toContain(webhook.secret);
  });
});

describe('a copyright that ended', () => {
  it('tells the recipient who downloaded, in the share language, not the one who never opened it, and signs the webhook, retried after a failure', async () => {
    await providerDb(t).contentMetadata.create({
      data: { contentId: image, classificationId: 'joc5rg', key: 'people-todate', value: ENDED },
    });
    receiver.failNext = 1;
    const job = await runNotices();
    // The downloader (a mail), the webhook, and mario (kept for his digest).
    expect(job).toMatchObject({
      state: 'completed',
      result: { assets: 1, claimed: 3, mailed: 1, webhooks: 1 },
    });

    const mail = await sink.waitFor(DOWNLOADER);
    const [notice] = rightsMailsTo(DOWNLOADER);
    expect(notice?.subject).toBe('Droits d’utilisation expirés : « spider-front.jpg »');
    expect(notice?.text).toContain('ont expiré le 15/01/2026');
    expect(mail.to).toEqual([DOWNLOADER]);
    expect(rightsMailsTo(SILENT)).toEqual([]);

    // The receiver failed the first try (500) and took the retry; both carry the same key.
    await receiver.waitFor(2);
    const [first, second] = receiver.requests;
    expect(first!.body).toBe(second!.body);
    const body = JSON.parse(second!.body) as RightsNoticeBody;
    expect(body).toMatchObject({
      event: 'copyright-ended',
      assetId: image,
      name: 'spider-front.jpg',
      effectiveDate: ENDED,
      portal: t.url,
    });
    for (const r of [first!, second!]) {
      expect(r.headers[WEBHOOK_HEADERS.idempotencyKey.toLowerCase()]).toBe(body.id);
      expect(r.headers[WEBHOOK_HEADERS.event.toLowerCase()]).toBe('copyright-ended');
      const headers = {
        signature: r.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string,
        timestamp: r.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string,
      };
      expect(verifySignature(webhook.secret, headers, r.body, Math.floor(Date.now() / 1000))).toBe(true);
      expect(verifySignature('whsec_wrong', headers, r.body, Math.floor(Date.now() / 1000))).toBe(false);
      expect(
        verifySignature(
          webhook.secret,
          headers,
          r.body.replace(ENDED, '2099-01-01'),
          Math.floor(Date.now() / 1000),
        ),
      ).toBe(false);
    }
    const deadline = Date.now() + 10_000;
    let deliveries: unknown[][] = [];
    while (Date.now() < deadline) {
      const [endpoint] = (await get<WebhookEndpointView[]>(t, admin, '/api/webhooks')).body;
      deliveries =
        endpoint?.deliveries.map((d) => [d.event, d.assetName, d.state, d.attempts, d.lastStatus]) ?? [];
      if (deliveries[0]?.[1] === 'delivered') break;
      await pause(200);
    }
    expect(deliveries).toEqual([['copyright-ended', 'spider-front.jpg', 'delivered', 2, 204]]);
  });

  it('shows the asset as withdrawn, in the share language, on the recipient page at once', async () => {
    const browse = await openAs(downloaderUrl, '203.0.113.8');
    const html = await (await browse()).text();
    expect(html).toContain(`data-withdrawn-id="${image}"`);
    expect(html).toContain(SHARE_TEXTS.fr.withdrawn);
    expect(html).not.toContain(`data-content-id="${image}"`);
    expect((await browse(`/assets/${image}/original`)).status).toBe(404);
  });

  it('sends nothing twice when the job runs again', async () => {
    const mails = sink.mails.length;
    const requests = receiver.requests.length;
    const job = await runNotices();
    expect(job).toMatchObject({
      state: 'completed',
      result: { assets: 1, claimed: 0, mailed: 0, webhooks: 0 },
    });
    await pause(1500);
    expect(sink.mails.length).toBe(mails);
    expect(receiver.requests.length).toBe(requests);
    expect(await hubDb(t).rightsNotice.count()).toBe(3);
  });

  it('delivers a notice whose try died between its claim and its send, once', async () => {
    // An embargo set later: a new event. A try claims the mail and dies before sending it.
    await providerDb(t).contentMetadata.create({
      data: { contentId: image, classificationId: 'ggdyqo', key: EMBARGO_KEY, value: '2999-06-30' },
    });
    const claimed = await t.app.get(RightsNoticesRepository).claim({
      assetId: image,
      recipient: `email:${DOWNLOADER}`,
      event: 'embargo-started',
      window: '2999-06-30',
      channel: 'mail',
      payload: { to: DOWNLOADER, language: 'fr', assetName: 'spider-front.jpg' },
      jobId: 'a-try-that-died',
    });
    expect(claimed).toEqual(expect.any(String));
    const before = rightsMailsTo(DOWNLOADER).length;

    const job = await runNotices();
    // The webhook's and mario's embargo notices are claimed now; the mail the dead try claimed is sent now.
    expect(job).toMatchObject({ state: 'completed', result: { claimed: 2, mailed: 1, webhooks: 1 } });
    await receiver.waitFor(3);
    const embargo = rightsMailsTo(DOWNLOADER).filter((m) => m.subject.startsWith('Embargo'));
    expect(embargo.map((m) => m.subject)).toEqual(['Embargo sur « spider-front.jpg » jusqu’au 30/06/2999']);
    expect(rightsMailsTo(DOWNLOADER)).toHaveLength(before + 1);

    const again = await runNotices();
    expect(again).toMatchObject({ state: 'completed', result: { claimed: 0, mailed: 0, webhooks: 0 } });
    await pause(1500);
    expect(rightsMailsTo(DOWNLOADER)).toHaveLength(before + 1);
    expect(receiver.requests).toHaveLength(3);
    expect(rightsMailsTo(SILENT)).toEqual([]);
  });
});

describe('the digest', () => {
  it("gathers an internal sharer's notices in one mail a day, in their language, once", async () => {
    const to = 'mario.rossi@paddock.example';
    expect(rightsMailsTo(to)).toEqual([]);

    const jobs = t.app.get(JobsService);
    const digest = await jobs.submit(JobName.RightsDigest, {}, 'admin');
    expect(await finished(t, admin, digest.jobId)).toMatchObject({
      state: 'completed',
      result: { mails: 1, notices: 2 },
    });
    const mails = rightsMailsTo(to);
    expect(mails.map((m) => m.subject)).toEqual(['Usage rights: 2 notices of the day']);
    expect(mails[0]!.text).toContain('The usage rights of “spider-front.jpg” ended on 15/01/2026');
    expect(mails[0]!.text).toContain('“spider-front.jpg” is under embargo until 30/06/2999');

    const second = await jobs.submit(JobName.RightsDigest, {}, 'admin');
    expect(await finished(t, admin, second.jobId)).toMatchObject({
      state: 'completed',
      result: { mails: 0, notices: 0 },
    });
    expect(rightsMailsTo(to)).toHaveLength(1);
  });
});

describe('a test delivery and deactivation', () => {
  it('sends a signed test, then a deactivated endpoint takes no test (409) nor a second deactivation', async () => {
    const res = await post<{ jobId: string }>(t, admin, `/api/webhooks/${webhook.id}/test`, {});
    expect(res.status).toBe(202);
    expect(await finished(t, admin, res.body.jobId)).toMatchObject({
      state: 'completed',
      result: { delivered: true },
    });
    const last = receiver.requests.at(-1)!;
    expect(JSON.parse(last.body)).toMatchObject({ event: 'test', assetId: null });
    expect(
      verifySignature(
        webhook.secret,
        {
          signature: last.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string,
          timestamp: last.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string,
        },
        last.body,
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);

    const off = await post<WebhookEndpointView>(t, admin, `/api/webhooks/${webhook.id}/deactivate`, {});
    expect(off).toMatchObject({ status: 200, body: { active: false } });
    const again = await post<{ code: string }>(t, admin, `/api/webhooks/${webhook.id}/deactivate`, {});
    expect(again).toMatchObject({ status: 409, body: { code: RIGHTS_NOTICE_ERROR_CODES.WEBHOOK_INACTIVE } });
    const test = await post<{ code: string }>(t, admin, `/api/webhooks/${webhook.id}/test`, {});
    expect(test).toMatchObject({ status: 409, body: { code: RIGHTS_NOTICE_ERROR_CODES.WEBHOOK_INACTIVE } });
  });
});
