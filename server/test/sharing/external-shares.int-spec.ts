import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import {
  ASSET_ERROR_CODES,
  EMBARGO_KEY,
  ERROR_CODES,
  LIMITS,
  SHARE_ERROR_CODES,
  SHARE_LIST_PAGE,
  SHARE_MAX_VALIDITY_DAYS,
  SHARE_TEXTS,
  type ExternalShareListResponse,
  type ExternalShareSummary,
  type ShareAccessEventsResponse,
  type UploadResult,
} from '@paddock/rules';
import type { AxiosInstance } from 'axios';
import sharp from 'sharp';
import { CLOCK, type Clock } from '../../src/common/clock';
import { MIGRATION_SETS } from '../../src/database/migrator';
import { JobName, QueueName, type ExternalShareResult } from '../../src/jobs/job-catalogue';
import { JobQueues } from '../../src/jobs/job-queues';
import { JobsService } from '../../src/jobs/jobs.service';
import { DEMO_PASSWORD } from '../../src/config/config.schema';
import { PasswordHasher } from '../../src/builtin-provider/identity/password-hasher';
import { SHARE_GUESS_LIMIT } from '../../src/builtin-provider/sharing/share-throttle';
import { PROVIDER_HTTP } from '../../src/provider/http-provider.gateway';
import { hubDb, providerDb, type SignedIn } from '../auth/auth-fixtures';
import { scriptProvider } from '../support/scripted-provider';
import { insertContent } from '../search/search-fixtures';
import { SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../support/test-app';
import { tusUpload } from '../support/tus-client';
import { as, finished, get, post, seedDemoOrganisation } from '../workflow/workflow-fixtures';

jest.setTimeout(240_000);

const run = promisify(execFile);

/**
 * External shares end to end over the real hub, workers, built-in provider, PostgreSQL, Redis and
 * an SMTP server on loopback: the job, the mails, the recipient page and its security (issue 14).
 */

const STRONG = 'Press-Kit-2026#Spider';
const WRONG = 'Wrong-Guess-2026#Spider';

let t: TestApp;
let sink: SmtpSink;
let workDir: string;
let mario: SignedIn;
let anna: SignedIn;
let archive: string;
let junk: string;
let images: string[];
const output: string[] = [];
let restoreStdout: () => void;
let ip = 100;

/** A JPEG that carries EXIF with a GPS position, as a camera's does. */
function jpegWithGps(colour: number): Promise<Buffer> {
  return sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: colour, g: 90, b: 160 } },
  })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Paddock owner', Artist: 'Mario Rossi' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '44/1 38/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '10/1 55/1 0/1',
      },
    })
    .toBuffer();
}

async function upload(
  name: string,
  bytes: Buffer,
  filetype = 'image/jpeg',
  derivatives = 2,
): Promise<string> {
  const { result } = await tusUpload(t, mario, bytes, { filename: name, filetype, folderId: archive });
  expect(result?.status).toBe(200);
  const id = (result?.body as UploadResult).contentId;
  const deadline = Date.now() + 90_000;
  while ((await providerDb(t).derivative.count({ where: { contentId: id } })) < derivatives) {
    if (Date.now() > deadline) throw new Error(`no derivatives for ${name}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return id;
}

function shareBody(extra: Record<string, unknown> = {}) {
  return {
    type: 'link',
    name: 'Spider 1966 press kit',
    contentIds: images,
    folderId: archive,
    message: 'Per la stampa',
    disclaimer: 'Uso editoriale soltanto',
    password: STRONG,
    contentDownload: true,
    language: 'en',
    ...extra,
  };
}

/** A share made: the job's result and the links its owner reads from the provider. */
interface MadeShare extends ExternalShareResult {
  /** The link share's link, or the first recipient's. */
  url: string;
  links: { email: string | null; url: string }[];
}

/** The owner's own read of one share: its link, or each recipient's. */
function detailOf(id: string, s: SignedIn = mario) {
  return get<ExternalShareSummary>(t, s, `/api/external-shares/${id}`);
}

/** Shares through the hub, waits for the job and reads the share's links as its owner. */
async function share(extra: Record<string, unknown> = {}): Promise<MadeShare> {
  const submitted = await post<{ jobId: string }>(t, mario, '/api/external-shares', shareBody(extra));
  expect(submitted.status).toBe(202);
  const job = await finished(t, mario, submitted.body.jobId);
  expect(job).toMatchObject({ state: 'completed' });
  const result = job.result as ExternalShareResult;
  const detail = await detailOf(result.shareId);
  expect(detail.status).toBe(200);
  const links = detail.body.url
    ? [{ email: null, url: detail.body.url }]
    : detail.body.recipients.map((r) => ({ email: r.email, url: r.url }));
  return { ...result, url: links[0]!.url, links };
}

/** A recipient's browser: its own address, and the cookie the password gave it. */
class Recipient {
  readonly address = `203.0.113.${(ip += 1)}`;
  cookie = '';

  constructor(readonly url: string) {}

  get path(): string {
    return new URL(this.url).pathname;
  }

  fetch(suffix = '', init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.url}${suffix}`, {
      redirect: 'manual',
      ...init,
      headers: {
        'x-forwarded-for': this.address,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...init.headers,
      },
    });
  }

  async login(password: string): Promise<number> {
    const res = await this.fetch('/session', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password }).toString(),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('paddock_share='));
    if (set) {
      this.cookie = set.split(';')[0];
      expect(set).toMatch(/HttpOnly/i);
      expect(set).toContain(`Path=${this.path}`);
    }
    return res.status;
  }
}

/** Every share of the user's panel, page after page. */
async function shares(s: SignedIn = mario): Promise<ExternalShareSummary[]> {
  const items: ExternalShareSummary[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: ExternalShareListResponse } = await get<ExternalShareListResponse>(
      t,
      s,
      `/api/external-shares${cursor ? `?cursor=${cursor}` : ''}`,
    );
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return items;
}

beforeAll(async () => {
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    output.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  });
  restoreStdout = () => spy.mockRestore();
  workDir = await mkdtemp(join(tmpdir(), 'paddock-shares-'));
  sink = new SmtpSink();
  const smtpPort = await sink.start();
  t = await startTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LOG_LEVEL: 'info',
    BLOB_DIR: join(workDir, 'blobs'),
    // mario makes more shares here than the per-user rate allows in an hour (share-rate.int-spec tests the rate).
    EXTERNAL_SHARE_RATE_SHARES: '1000',
    EXTERNAL_SHARE_RATE_RECIPIENTS: '10000',
  });
  const folders = await seedDemoOrganisation(t);
  archive = folders.get('arch04-marketing')!;
  junk = folders.get('junk-marketing')!;
  mario = await as(t, 'mario.rossi');
  anna = await as(t, 'anna.bianchi');
  images = [
    await upload('spider-front.jpg', await jpegWithGps(200)),
    await upload('spider-back.jpg', await jpegWithGps(40)),
  ];
});

afterAll(async () => {
  jest.restoreAllMocks();
  await t?.close();
  await sink?.stop();
  restoreStdout?.();
  await rm(workDir, { recursive: true, force: true });
});

describe('the request the provider gets (SPEC §3 "External share request")', () => {
  it('carries the domain the share is made from and the folder as contextId', async () => {
    const sent: unknown[] = [];
    scriptProvider(t.app.get<AxiosInstance>(PROVIDER_HTTP), (request) => {
      if (request.method === 'post' && request.url?.endsWith('/externalshare/resources/externalshares'))
        sent.push(JSON.parse(request.data as string));
      return undefined;
    });
    const made = await share({ name: 'Wire fields' });
    expect(made.shareId).toBeTruthy();
    expect(sent).toEqual([
      expect.objectContaining({
        name: 'Wire fields',
        domain: new URL(t.url).host,
        contextId: archive,
        contents: { fromIds: images },
      }),
    ]);
  });
});

describe('share links in job records (issue 21)', () => {
  /** Every URL token of a share page in `text`. */
  const tokensIn = (text: string) =>
    [...text.matchAll(/\/provider\/share\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]);

  it("keeps only the share's id in the job: no link in its record, its Redis copy or the admin's jobs API; the owner reads the links", async () => {
    const submitted = await post<{ jobId: string }>(
      t,
      mario,
      '/api/external-shares',
      shareBody({ type: 'email', recipients: 'redazione@presse.it;desk@presse.it', name: 'No link in jobs' }),
    );
    const jobId = submitted.body.jobId;
    const job = await finished(t, mario, jobId);
    expect(job.state).toBe('completed');
    const { shareId } = job.result as ExternalShareResult;

    const admin = await as(t, 'admin');
    const adminList = await get<{ items: { id: string; result: unknown }[] }>(
      t,
      admin,
      '/api/jobs?name=external-share',
    );
    expect(adminList.status).toBe(200);
    const adminJob = await get(t, admin, `/api/jobs/${jobId}`);
    expect(adminJob.status).toBe(200);
    const record = await hubDb(t).jobRecord.findUniqueOrThrow({ where: { id: jobId } });
    const queued = await t.app.get(JobQueues).job(QueueName.Workflow, jobId);
    expect(queued).toBeDefined();
    const seen = {
      adminList: JSON.stringify(adminList.body),
      adminJob: JSON.stringify(adminJob.body),
      record: JSON.stringify(record),
      redisData: JSON.stringify(queued?.data),
      redisReturnValue: JSON.stringify(queued?.returnvalue),
    };
    for (const [where, text] of Object.entries(seen))
      expect({ where, links: text.includes('/provider/share/') }).toEqual({ where, links: false });
    // What the job still tells: the share it made and the invitations sent.
    expect(adminList.body.items.find((i) => i.id === jobId)?.result).toEqual({ shareId, sent: 2 });
    expect(queued?.returnvalue).toEqual({ shareId, sent: 2 });

    // The owner reads each recipient's link from the provider, and the links open the share.
    const detail = await detailOf(shareId);
    expect(detail.status).toBe(200);
    const urls = detail.body.recipients.map((r) => r.url);
    expect(urls.flatMap(tokensIn)).toHaveLength(2);
    for (const url of urls) expect((await new Recipient(url).fetch()).status).toBe(200);
    for (const text of Object.values(seen))
      for (const token of urls.flatMap(tokensIn)) expect(text).not.toContain(token);
    // Nobody else does.
    expect(await detailOf(shareId, anna)).toMatchObject({
      status: 404,
      body: { code: SHARE_ERROR_CODES.NOT_FOUND },
    });
  });

  it('clears the links earlier jobs left in their records (the migration)', async () => {
    const legacy = await hubDb(t).jobRecord.create({
      data: {
        id: `legacy-share-${Date.now()}`,
        queue: QueueName.Workflow,
        name: JobName.ExternalShare,
        state: 'completed',
        payload: {},
        result: {
          shareId: 'old-share',
          url: `${t.url}/provider/share/${'L'.repeat(43)}`,
          links: [{ email: null, url: `${t.url}/provider/share/${'L'.repeat(43)}` }],
          sent: 0,
        },
        createdBy: 'mario.rossi',
      },
    });
    const hub = MIGRATION_SETS.find((set) => set.schema === 'hub')!;
    const migration = await readFile(
      join(hub.dir, '20261128000000_external_share_links_out_of_job_records', 'migration.sql'),
      'utf8',
    );
    await hubDb(t).$executeRawUnsafe(migration);
    const cleared = await hubDb(t).jobRecord.findUniqueOrThrow({ where: { id: legacy.id } });
    expect(cleared.result).toEqual({ shareId: 'old-share', sent: 0 });
  });
});

describe('e-mail shares', () => {
  it("mails each recipient their own link in the share's language, never the password", async () => {
    const before = sink.mails.length;
    const result = await share({
      type: 'email',
      language: 'fr',
      recipients: ' journaliste@presse.fr ; Agence@Example.com;',
    });
    const mails = sink.mails.slice(before);
    expect(
      mails
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual(['agence@example.com', 'journaliste@presse.fr']);
    expect(result.sent).toBe(2);
    expect(result.links).toHaveLength(2);
    for (const mail of mails) {
      const link = result.links.find((l) => l.email === mail.to[0]);
      expect(mail.subject).toBe('Mario Rossi a partagé avec vous : Spider 1966 press kit');
      expect(mail.text).toContain('Mario Rossi a partagé 2 contenus avec vous');
      expect(mail.text).toContain(link!.url);
      expect(mail.text).toContain("L'expéditeur vous communiquera le mot de passe séparément.");
      expect(mail.raw).not.toContain(STRONG);
    }
    // One link per recipient: two different tokens.
    expect(new Set(result.links.map((l) => l.url)).size).toBe(2);
    const listed = (await shares()).find((s) => s.id === result.shareId);
    expect(listed).toMatchObject({ type: 'email', state: 'active', assetCount: 2, language: 'fr' });
    expect(listed?.recipients.every((r) => r.sentAt !== null)).toBe(true);
  });

  it('revokes one recipient alone: their link stops, the other keeps working', async () => {
    const result = await share({ type: 'email', recipients: 'uno@presse.it;due@presse.it' });
    const listed = (await shares()).find((s) => s.id === result.shareId)!;
    const uno = listed.recipients.find((r) => r.email === 'uno@presse.it')!;
    const revoked = await post(
      t,
      mario,
      `/api/external-shares/${result.shareId}/recipients/${uno.id}/revoke`,
      {},
    );
    expect(revoked.status).toBe(204);
    const urlOf = (email: string) => result.links.find((l) => l.email === email)!.url;
    expect((await new Recipient(urlOf('uno@presse.it')).fetch()).status).toBe(404);
    expect((await new Recipient(urlOf('due@presse.it')).fetch()).status).toBe(200);
  });

  it('retries a refused send; after the last try the share shows failed with the reason, and the audit says so', async () => {
    sink.refuse = true;
    try {
      const submitted = await post<{ jobId: string }>(
        t,
        mario,
        '/api/external-shares',
        shareBody({ type: 'email', recipients: 'bounce@presse.it', name: 'Refused mail' }),
      );
      expect(submitted.status).toBe(202);
      const job = await finished(t, mario, submitted.body.jobId, 120_000);
      expect(job).toMatchObject({ state: 'failed', errorCode: SHARE_ERROR_CODES.MAIL_FAILED });
      const record = await hubDb(t).jobRecord.findUniqueOrThrow({ where: { id: submitted.body.jobId } });
      expect(record.attempts).toBe(5);
      const listed = (await shares()).find((s) => s.name === 'Refused mail');
      expect(listed).toMatchObject({ state: 'failed', failure: SHARE_ERROR_CODES.MAIL_FAILED });
      const audit = await hubDb(t).auditRecord.findMany({ where: { jobId: submitted.body.jobId } });
      expect(audit).toEqual([
        expect.objectContaining({
          action: 'external-share',
          outcome: 'failure',
          errorCode: SHARE_ERROR_CODES.MAIL_FAILED,
        }),
      ]);
    } finally {
      sink.refuse = false;
    }
  });
});

describe('the recipient page', () => {
  let result: MadeShare;
  beforeAll(async () => {
    result = await share();
  });

  it("asks for the password, in the share language, with a strict policy and only its own nonce'd script", async () => {
    const page = await new Recipient(result.url).fetch();
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Enter the password you received from the sender');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'.*style-src 'nonce-.*script-src 'nonce-/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html.match(/<script[^>]*>/g)).toEqual([`<script nonce="${nonce}">`]);
    // No asset before the password: not in the page, not by URL.
    expect(html).not.toContain(images[0]);
    expect((await new Recipient(result.url).fetch(`/assets/${images[0]}/thumb`)).status).toBe(403);
  });

  it(`answers 429 after ${SHARE_GUESS_LIMIT.perLink} wrong passwords, even to the right one`, async () => {
    const guesses = await share({ name: 'Guessed' });
    const guesser = new Recipient(guesses.url);
    for (let i = 0; i < SHARE_GUESS_LIMIT.perLink; i++) expect(await guesser.login(WRONG)).toBe(401);
    expect(await guesser.login(WRONG)).toBe(429);
    // The link is locked, whoever asks from wherever.
    expect(await new Recipient(guesses.url).login(STRONG)).toBe(429);
  });

  it(`checks at most ${SHARE_GUESS_LIMIT.perLink} of 40 simultaneous wrong passwords (argon2 verifications counted)`, async () => {
    const attacked = await share({ name: 'Guessed at once' });
    const verify = jest.spyOn(t.app.get(PasswordHasher), 'verify');
    try {
      const statuses = await Promise.all(
        Array.from({ length: 40 }, () => new Recipient(attacked.url).login(WRONG)),
      );
      expect(verify).toHaveBeenCalledTimes(SHARE_GUESS_LIMIT.perLink);
      expect(statuses.filter((s) => s === 401)).toHaveLength(SHARE_GUESS_LIMIT.perLink);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40 - SHARE_GUESS_LIMIT.perLink);
    } finally {
      verify.mockRestore();
    }
  });

  it(`locks only the guessed recipient's link; the share's links together take ${SHARE_GUESS_LIMIT.perShare} attempts`, async () => {
    const linksToLock = SHARE_GUESS_LIMIT.perShare / SHARE_GUESS_LIMIT.perLink;
    const recipients = Array.from({ length: linksToLock + 1 }, (_, i) => `lock${i}@presse.it`);
    const locked = await share({ type: 'email', recipients: recipients.join(';'), name: 'Lock per link' });
    const [guessed, ...others] = recipients.map((e) => locked.links.find((l) => l.email === e)!.url);
    for (let i = 0; i < SHARE_GUESS_LIMIT.perLink; i++)
      expect(await new Recipient(guessed).login(WRONG)).toBe(401);
    expect(await new Recipient(guessed).login(STRONG)).toBe(429);
    // Another recipient is not locked out; the right password gives its attempt back.
    expect(await new Recipient(others[0]).login(STRONG)).toBe(303);
    // Guesses through as many links as the share's ceiling allows lock the share's last link too.
    for (const url of others.slice(0, linksToLock - 1))
      for (let i = 0; i < SHARE_GUESS_LIMIT.perLink; i++)
        expect(await new Recipient(url).login(WRONG)).toBe(401);
    expect(await new Recipient(others[linksToLock - 1]).login(STRONG)).toBe(429);
  });

  it('answers 429 to an address that tried too many unknown tokens', async () => {
    const prober = new Recipient(`${t.url}/provider/share/${'A'.repeat(43)}`);
    const wrong = await prober.fetch();
    expect(wrong.status).toBe(404);
    // A wrong token learns nothing: no reason, no sender.
    const wrongHtml = await wrong.text();
    expect(wrongHtml).not.toContain('mailto:');
    expect(wrongHtml).not.toContain(SHARE_TEXTS.en.revoked);
    for (let i = 1; i < SHARE_GUESS_LIMIT.perAddress; i++) expect((await prober.fetch()).status).toBe(404);
    const refused = await prober.fetch();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await prober.fetch(`/assets/${images[0]}/thumb`)).status).toBe(429);
    const elsewhere = new Recipient(result.url);
    expect((await elsewhere.fetch()).status).toBe(200);
  });

  it('shows the assets, message and disclaimer; renditions carry no EXIF or GPS; originals are nosniff attachments; the ZIP has them all', async () => {
    const r = new Recipient(result.url);
    expect(await r.login(WRONG)).toBe(401);
    expect(await r.login(STRONG)).toBe(303);
    const html = await (await r.fetch()).text();
    for (const id of images) expect(html).toContain(`data-content-id="${id}"`);
    // Each picture opens full size through the share's own rendition route, and tells its file.
    expect(html).toContain('href="#view-0"');
    expect(html).toMatch(new RegExp(`id="view-0"[^]*?src="[^"]*/assets/${images[0]}/(preview|thumb)"`));
    expect(html).toMatch(/<p class="facts">[A-Z0-9]+ · \d+ × \d+ · [\d.,]+ (B|KB|MB)<\/p>/);
    expect(html).toMatch(
      /<time datetime="\d{4}-\d{2}-\d{2}T[\d:.]+Z">\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC<\/time>/,
    );
    expect(html).toContain('Per la stampa');
    expect(html).toContain('Uso editoriale soltanto');
    expect(html).toContain('Download all (ZIP)');

    for (const rendition of ['thumb', 'preview']) {
      const res = await r.fetch(`/assets/${images[0]}/${rendition}`);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.exif).toBeUndefined();
    }

    const original = await r.fetch(`/assets/${images[0]}/original`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toMatch(/^attachment; filename="spider-front\.jpg"/);
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    // The original is the camera's file, GPS and all: only renditions are cleaned.
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).exif).toBeDefined();

    const zip = await r.fetch('/zip');
    expect(zip.status).toBe(200);
    const zipPath = join(workDir, 'share.zip');
    await writeFile(zipPath, Buffer.from(await zip.arrayBuffer()));
    await run('unzip', ['-q', '-o', zipPath, '-d', join(workDir, 'unzipped')]);
    expect((await readdir(join(workDir, 'unzipped'))).sort()).toEqual([
      'spider-back_original.jpg',
      'spider-front_original.jpg',
    ]);

    // Not part of the share: refused even with the session.
    const other = await insertContent(t, { name: 'other.jpg', folders: [archive] });
    expect((await r.fetch(`/assets/${other}/thumb`)).status).toBe(404);

    const listed = (await shares()).find((s) => s.id === result.shareId)!;
    expect(listed.views).toBeGreaterThanOrEqual(1);
    expect(listed.downloads).toBe(2);
    const log = await get<ShareAccessEventsResponse>(
      t,
      mario,
      `/api/external-shares/${result.shareId}/events`,
    );
    expect(log.status).toBe(200);
    expect(log.body.items.map((e) => [e.event, e.contentId, e.email])).toEqual([
      ['zip', null, null],
      ['download', images[0], null],
      ['open', null, null],
    ]);
    expect((await get(t, anna, `/api/external-shares/${result.shareId}/events`)).status).toBe(404);
  });

  it('with downloads off, no original and no ZIP is reachable at all', async () => {
    const viewOnly = await share({ contentDownload: false, name: 'View only' });
    const r = new Recipient(viewOnly.url);
    expect(await r.login(STRONG)).toBe(303);
    const html = await (await r.fetch()).text();
    expect(html).not.toContain('/original');
    expect(html).not.toContain('/zip');
    expect((await r.fetch(`/assets/${images[0]}/preview`)).status).toBe(200);
    expect((await r.fetch(`/assets/${images[0]}/original`)).status).toBe(404);
    expect((await r.fetch('/zip')).status).toBe(404);
  });

  it('stops serving an asset that became restricted after the share was made: page, renditions, original, ZIP', async () => {
    const later = await share({ name: 'Embargo later' });
    const r = new Recipient(later.url);
    expect(await r.login(STRONG)).toBe(303);
    expect((await r.fetch(`/assets/${images[1]}/thumb`)).status).toBe(200);
    const embargo = await providerDb(t).contentMetadata.create({
      data: { contentId: images[1], classificationId: 'ggdyqo', key: EMBARGO_KEY, value: '2999-01-01' },
    });
    try {
      const html = await (await r.fetch()).text();
      expect(html).toContain(`data-content-id="${images[0]}"`);
      expect(html).not.toContain(`data-content-id="${images[1]}"`);
      for (const rendition of ['thumb', 'preview', 'original'])
        expect((await r.fetch(`/assets/${images[1]}/${rendition}`)).status).toBe(404);
      const zip = await r.fetch('/zip');
      expect(zip.status).toBe(200);
      const zipPath = join(workDir, 'embargo.zip');
      await writeFile(zipPath, Buffer.from(await zip.arrayBuffer()));
      const { stdout } = await run('unzip', ['-Z1', zipPath]);
      expect(stdout.trim().split('\n')).toEqual(['spider-front_original.jpg']);
    } finally {
      await providerDb(t).contentMetadata.delete({ where: { id: embargo.id } });
    }
    expect((await r.fetch(`/assets/${images[1]}/thumb`)).status).toBe(200);
  });

  it('withdraws an asset its owner deleted to the junk from every share at once: page, renditions, original, ZIP', async () => {
    const junked = await upload('spider-side.jpg', await jpegWithGps(120));
    const later = await share({ name: 'Junk later', contentIds: [images[0], junked] });
    const mailed = await share({
      name: 'Junk later, by e-mail',
      contentIds: [images[1], junked],
      type: 'email',
      recipients: 'ufficio@presse.it',
    });
    const alone = await share({ name: 'Junk later, alone', contentIds: [junked] });
    const [r, m, a] = [later.url, mailed.links[0]!.url, alone.url].map((url) => new Recipient(url));
    for (const recipient of [r, m, a]) {
      expect(await recipient.login(STRONG)).toBe(303);
      expect((await recipient.fetch(`/assets/${junked}/thumb`)).status).toBe(200);
    }
    const workflow = async (action: string, body: Record<string, unknown>) => {
      const submitted = await post<{ jobId: string }>(t, mario, `/api/workflow/${action}`, body);
      expect(submitted.status).toBe(202);
      expect((await finished(t, mario, submitted.body.jobId)).state).toBe('completed');
    };
    await workflow('delete', { contentIds: [junked], folderId: archive });
    // In the junk only, where its owner still reads it (write, no share: SPEC §6 shares from the archives).
    const linked = await providerDb(t).contentCategory.findMany({ where: { contentId: junked } });
    expect(linked.map((l) => l.categoryId)).toEqual([junk]);

    const html = await (await r.fetch()).text();
    expect(html).toContain(`data-content-id="${images[0]}"`);
    expect(html).not.toContain(junked);
    for (const rendition of ['thumb', 'preview', 'original'])
      expect((await r.fetch(`/assets/${junked}/${rendition}`)).status).toBe(404);
    expect((await r.fetch(`/assets/${images[0]}/thumb`)).status).toBe(200);
    const zip = await r.fetch('/zip');
    expect(zip.status).toBe(200);
    const zipPath = join(workDir, 'junk.zip');
    await writeFile(zipPath, Buffer.from(await zip.arrayBuffer()));
    const { stdout } = await run('unzip', ['-Z1', zipPath]);
    expect(stdout.trim().split('\n')).toEqual(['spider-front_original.jpg']);
    // Every share at once, the e-mailed one too; a share left with nothing has no ZIP at all.
    expect((await m.fetch(`/assets/${junked}/preview`)).status).toBe(404);
    expect((await m.fetch(`/assets/${images[1]}/thumb`)).status).toBe(200);
    expect((await a.fetch(`/assets/${junked}/original`)).status).toBe(404);
    expect((await a.fetch('/zip')).status).toBe(404);
    // Nothing else changed: the shares stay live with their contents, and the owner's link is theirs.
    const listed = (await shares()).find((s) => s.id === later.shareId);
    expect(listed).toMatchObject({ state: 'active', assetCount: 2, url: later.url });

    // Restored to the archive, it is served again: nothing was cached or revoked.
    await workflow('restore', { contentIds: [junked], folderId: junk, toFolderId: archive });
    expect((await r.fetch(`/assets/${junked}/thumb`)).status).toBe(200);
    expect(await (await r.fetch()).text()).toContain(`data-content-id="${junked}"`);
  });

  it('stops at the next request once revoked; a second revoke, or another user, gets SHARE_NOT_FOUND', async () => {
    const revocable = await share({ name: 'Revocable' });
    const r = new Recipient(revocable.url);
    expect(await r.login(STRONG)).toBe(303);
    const thumb = await r.fetch(`/assets/${images[0]}/thumb`);
    expect(thumb.status).toBe(200);
    // A picture may be kept by the browser but is checked again before each use: a 304 while live.
    expect(thumb.headers.get('cache-control')).toBe('private, no-cache');
    const etag = thumb.headers.get('etag')!;
    const cached = await r.fetch(`/assets/${images[0]}/thumb`, { headers: { 'if-none-match': etag } });
    expect([cached.status, (await cached.arrayBuffer()).byteLength]).toEqual([304, 0]);
    expect((await post(t, anna, `/api/external-shares/${revocable.shareId}/revoke`, {})).body).toMatchObject({
      code: SHARE_ERROR_CODES.NOT_FOUND,
    });
    expect((await post(t, mario, `/api/external-shares/${revocable.shareId}/revoke`, {})).status).toBe(204);
    const gone = await r.fetch();
    expect(gone.status).toBe(404);
    // The holder of the real link is told it was revoked and whom to ask for it again.
    const goneHtml = await gone.text();
    expect(goneHtml).toContain('The sender has revoked this share.');
    expect(goneHtml).toMatch(/To have it again, write to [^<]+: <a href="mailto:[^"]+@[^"]+">/);
    expect((await r.fetch(`/assets/${images[0]}/thumb`)).status).toBe(404);
    // The browser's copy is not revalidated any more.
    expect((await r.fetch(`/assets/${images[0]}/thumb`, { headers: { 'if-none-match': etag } })).status).toBe(
      404,
    );
    const again = await post(t, mario, `/api/external-shares/${revocable.shareId}/revoke`, {});
    expect(again).toMatchObject({ status: 404, body: { code: SHARE_ERROR_CODES.NOT_FOUND } });
    expect((await shares()).find((s) => s.id === revocable.shareId)?.state).toBe('revoked');
  });
});

describe('video on the recipient page', () => {
  it('plays the proxy, which carries no location or other tag of the source', async () => {
    const source = join(workDir, 'drive.mp4');
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=10'],
      ...['-metadata', 'location=+44.6500+010.9250/', '-metadata', 'artist=Mario Rossi'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', source],
    ]);
    const tags = async (file: string) =>
      (
        JSON.parse(
          (await run('ffprobe', ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', file])).stdout,
        ) as { format?: { tags?: Record<string, string> } }
      ).format?.tags ?? {};
    expect(await tags(source)).toMatchObject({ location: '+44.6500+010.9250/' });
    const video = await upload('drive.mp4', await readFile(source), 'video/mp4', 3);
    const shared = await share({ contentIds: [video], name: 'Video' });
    const r = new Recipient(shared.url);
    expect(await r.login(STRONG)).toBe(303);
    const html = await (await r.fetch()).text();
    expect(html).toContain('<video controls');
    expect(html).toContain(`src="${r.path}/assets/${video}/media"`);
    const media = await r.fetch(`/assets/${video}/media`, { headers: { range: 'bytes=0-' } });
    expect(media.status).toBe(206);
    expect(media.headers.get('content-type')).toBe('video/mp4');
    const proxy = join(workDir, 'proxy.mp4');
    await writeFile(proxy, Buffer.from(await media.arrayBuffer()));
    const proxyTags = await tags(proxy);
    expect(proxyTags.location).toBeUndefined();
    expect(proxyTags.artist).toBeUndefined();
  });
});

describe("the provider's own checks, for a caller that skips the hub", () => {
  async function providerToken(username: string): Promise<string> {
    const res = await fetch(`${t.url}/provider/xsso/resources/accessmanager/login/paddock`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.200' },
      body: new URLSearchParams({ username, password: DEMO_PASSWORD }).toString(),
    });
    return ((await res.json()) as { tokenId: string }).tokenId;
  }

  const options = (password: string) => ({
    contentDownload: 'enabled',
    expirationDate: new Date(Date.now() + 3_600_000).toISOString(),
    password,
  });

  function create(token: string, extra: Record<string, unknown>) {
    return fetch(`${t.url}/provider/externalshare/resources/externalshares?clientId=paddock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tokenid': token },
      body: JSON.stringify({
        name: 'Direct',
        type: 'LINK',
        options: options(STRONG),
        contents: { fromIds: images },
        dispatchEmail: { recipients: [], language: 'it' },
        ...extra,
      }),
    });
  }

  it('refuses to share for someone else, a weak password and a content the caller may not share', async () => {
    const before = await providerDb(t).externalShare.count();
    const anna = await providerToken('anna.bianchi');
    expect((await create(anna, { onBehalfOf: 'mario.rossi' })).status).toBe(403);
    expect((await create(anna, { options: options('weak') })).status).toBe(400);
    const refused = await create(await providerToken('foto.studio'), {});
    expect(refused.status).toBe(418);
    expect(await refused.json()).toMatchObject({ resultCode: 'CONTENT_NOT_EXISTS' });
    expect(await providerDb(t).externalShare.count()).toBe(before);
  });

  it("answers another user's share as one that does not exist", async () => {
    const marios = await share({ name: 'Mario only' });
    const status = await fetch(
      `${t.url}/provider/externalshare/resources/externalshares/${marios.shareId}?clientId=paddock`,
      { headers: { 'x-tokenid': await providerToken('anna.bianchi') } },
    );
    expect(status.status).toBe(418);
    expect(await status.json()).toMatchObject({ resultCode: 'SHARE_NOT_EXISTS' });
  });
});

describe('refusals: a 4xx with a code, nothing created, enqueued or sent', () => {
  async function nothingHappens(body: Record<string, unknown>, status: number, code: string, who = mario) {
    const counts = async () => [
      await providerDb(t).externalShare.count(),
      await hubDb(t).jobRecord.count({ where: { name: JobName.ExternalShare } }),
      sink.mails.length,
    ];
    const before = await counts();
    const res = await post<{ code: string }>(t, who, '/api/external-shares', shareBody(body));
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    expect(await counts()).toEqual(before);
  }

  it.each([
    ['a weak password', { password: 'Short1#' }, 400, SHARE_ERROR_CODES.WEAK_PASSWORD],
    [
      'a password without a special character',
      { password: 'Abcdefghijklmnop1' },
      400,
      SHARE_ERROR_CODES.WEAK_PASSWORD,
    ],
    [
      'a bad e-mail address',
      { type: 'email', recipients: 'ok@presse.it;not-an-address' },
      400,
      SHARE_ERROR_CODES.BAD_RECIPIENT,
    ],
    [
      'an e-mail share without recipients',
      { type: 'email', recipients: ' ; ' },
      400,
      SHARE_ERROR_CODES.NO_RECIPIENTS,
    ],
    ['an expiry in the past', { expiresAt: '2020-01-01T00:00:00Z' }, 400, SHARE_ERROR_CODES.BAD_EXPIRY],
    [
      `an expiry beyond ${SHARE_MAX_VALIDITY_DAYS} days`,
      { expiresAt: new Date(Date.now() + (SHARE_MAX_VALIDITY_DAYS + 1) * 86_400_000).toISOString() },
      400,
      SHARE_ERROR_CODES.BAD_EXPIRY,
    ],
    ['an expiry that is not a date', { expiresAt: 'next week' }, 400, ERROR_CODES.VALIDATION_FAILED],
  ])('%s', async (_case, body, status, code) => {
    await nothingHappens(body, status, code);
  });

  it(`${LIMITS.externalShareMaxFiles + 1} files`, async () => {
    const ids = Array.from(
      { length: LIMITS.externalShareMaxFiles + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    await nothingHappens({ contentIds: ids }, 400, SHARE_ERROR_CODES.TOO_MANY_FILES);
  });

  it('an asset outside the archives view (SPEC §6)', async () => {
    const folders = await providerDb(t).category.findFirstOrThrow({
      where: { prettyId: 'arrc03-marketing' },
    });
    const enrichment = await insertContent(t, { name: 'in-enrichment.jpg', folders: [folders.id] });
    await nothingHappens(
      { contentIds: [enrichment], folderId: folders.id },
      403,
      SHARE_ERROR_CODES.NOT_ALLOWED,
    );
  });

  it('a file that cannot be read, uploaded as random bytes named .jpg (issue 23)', async () => {
    const { result } = await tusUpload(t, mario, randomBytes(40_000), {
      filename: 'corrupt.jpg',
      filetype: 'image/jpeg',
      folderId: archive,
    });
    const id = (result?.body as UploadResult).contentId;
    const deadline = Date.now() + 90_000;
    while ((await providerDb(t).content.findUniqueOrThrow({ where: { id } })).state !== 'FAILED') {
      if (Date.now() > deadline) throw new Error('the corrupt file never ended FAILED');
      await new Promise((r) => setTimeout(r, 200));
    }
    await nothingHappens({ contentIds: [images[0], id] }, 409, ASSET_ERROR_CODES.UNREADABLE);
  });

  it('an asset the user cannot see', async () => {
    await nothingHappens(
      { contentIds: ['00000000-0000-4000-8000-000000000001'] },
      404,
      ERROR_CODES.NOT_FOUND,
    );
  });
});

describe('the management panel pages', () => {
  it(`lists a user's shares newest first, ${SHARE_LIST_PAGE.default} a page, each once, and only theirs`, async () => {
    const owner = await providerDb(t).user.findUniqueOrThrow({ where: { username: 'anna.bianchi' } });
    const total = SHARE_LIST_PAGE.default * 2 + 5;
    const base = Date.now() - 3_600_000;
    const made: string[] = [];
    for (let i = 0; i < total; i += 1) {
      const row = await providerDb(t).externalShare.create({
        data: {
          ownerId: owner.id,
          type: 'link',
          name: `Cartella ${i}`,
          language: 'it',
          contentDownload: false,
          passwordHash: 'v1|not-a-hash',
          status: 'succeded',
          // Two shares made in the same millisecond: the id keeps them apart across pages.
          createdAt: new Date(base + Math.min(i, total - 2) * 1000),
          expiresAt: new Date(base + 86_400_000),
        },
        select: { id: true },
      });
      made.push(row.id);
    }
    const pages: ExternalShareListResponse[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: ExternalShareListResponse } = await get<ExternalShareListResponse>(
        t,
        anna,
        `/api/external-shares${cursor ? `?cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      pages.push(res.body);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.items.length)).toEqual([SHARE_LIST_PAGE.default, SHARE_LIST_PAGE.default, 5]);
    const listed = pages.flatMap((p) => p.items);
    expect(new Set(listed.map((i) => i.id)).size).toBe(total);
    expect([...listed.map((i) => i.id)].sort()).toEqual([...made].sort());
    const times = listed.map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(listed[0]?.name).toMatch(/^Cartella (43|44)$/);
    // A smaller page on request; mario sees none of anna's shares.
    const small = await get<ExternalShareListResponse>(t, anna, '/api/external-shares?limit=3');
    expect(small.body.items.map((i) => i.id)).toEqual(listed.slice(0, 3).map((i) => i.id));
    expect((await shares()).some((i) => made.includes(i.id))).toBe(false);
  });

  it.each([
    ['limit=0'],
    [`limit=${SHARE_LIST_PAGE.max + 1}`],
    ['limit=abc'],
    ['cursor=not%20a%20cursor'],
    // The right alphabet, but not a cursor the list made.
    [`cursor=${Buffer.from('yesterday|42').toString('base64url')}`],
  ])('refuses ?%s with 400 VALIDATION_FAILED', async (query) => {
    const res = await get<{ code: string }>(t, anna, `/api/external-shares?${query}`);
    expect([res.status, res.body.code]).toEqual([400, ERROR_CODES.VALIDATION_FAILED]);
  });
});

describe('expiry', () => {
  it('stops serving once the application clock passes the expiry; the scheduler marks it once', async () => {
    const expiring = await share({ name: 'Expiring' });
    const r = new Recipient(expiring.url);
    expect(await r.login(STRONG)).toBe(303);
    expect((await r.fetch()).status).toBe(200);
    const clock = t.app.get<Clock>(CLOCK);
    const later = new Date(Date.now() + (LIMITS.externalShareAvailabilityHours * 60 + 5) * 60_000);
    const moved = jest.spyOn(clock, 'now').mockReturnValue(later);
    expect((await r.fetch()).status).toBe(404);
    expect((await r.fetch(`/assets/${images[0]}/thumb`)).status).toBe(404);

    const expire = async () => {
      const jobs = t.app.get(JobsService);
      const { jobId } = await jobs.submit(JobName.ExpireExternalShares, {}, 'system');
      const deadline = Date.now() + 30_000;
      for (;;) {
        const job = await jobs.get(jobId);
        if (job.state === 'completed') return job.result as { expired: number };
        if (job.state === 'failed' || Date.now() > deadline) throw new Error(`expiry job ${job.state}`);
        await new Promise((res) => setTimeout(res, 100));
      }
    };
    const first = await expire();
    expect(first.expired).toBeGreaterThanOrEqual(1);
    const marked = await providerDb(t).externalShare.findUniqueOrThrow({ where: { id: expiring.shareId } });
    expect(marked.expiredAt?.toISOString()).toBe(later.toISOString());
    expect(await expire()).toEqual({ expired: 0 });
    const unchanged = await providerDb(t).externalShare.findUniqueOrThrow({
      where: { id: expiring.shareId },
    });
    expect(unchanged.expiredAt?.toISOString()).toBe(later.toISOString());
    // Back to now: the mark, not the time, makes the panel show it expired and the link refused.
    moved.mockRestore();
    expect((await shares()).find((s) => s.id === expiring.shareId)?.state).toBe('expired');
    expect((await r.fetch()).status).toBe(404);
  });
});

describe('logs', () => {
  it('hold no share password and no link token', () => {
    const logs = output.join('');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(STRONG);
    expect(logs).not.toContain(WRONG);
    const tokens = [...logs.matchAll(/.{0,300}\/provider\/share\/([A-Za-z0-9_-]{20,}).{0,100}/g)].map(
      (m) => m[0],
    );
    expect(tokens).toEqual([]);
    expect(logs).toContain('/provider/share/[redacted]');
  });
});
