import {
  ERROR_CODES,
  SHARE_ERROR_CODES,
  SHARE_RECIPIENTS_MAX,
  type ErrorBody,
  type ShareSendersResponse,
} from '@paddock/rules';
import { JobName } from '../../src/jobs/job-catalogue';
import { hubDb, providerDb, type SignedIn } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import { SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../support/test-app';
import { as, finished, get, post, seedDemoOrganisation } from '../workflow/workflow-fixtures';

jest.setTimeout(240_000);

/**
 * The per-user rate of external shares (issue 21) over the real hub, workers, built-in provider,
 * PostgreSQL, Redis and an SMTP server on loopback: a burst past the bound, or a share past the
 * recipient budget, is refused at submit with nothing created, enqueued or sent; administrators
 * see who sent how many.
 */

const RATE = { shares: 25, recipients: SHARE_RECIPIENTS_MAX + 10, windowMinutes: 60 };

let t: TestApp;
let sink: SmtpSink;
let archive: string;
let contentId: string;
let mario: SignedIn;
let anna: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  sink = new SmtpSink();
  const smtpPort = await sink.start();
  t = await startTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    EXTERNAL_SHARE_RATE_SHARES: String(RATE.shares),
    EXTERNAL_SHARE_RATE_RECIPIENTS: String(RATE.recipients),
    EXTERNAL_SHARE_RATE_WINDOW_MINUTES: String(RATE.windowMinutes),
  });
  archive = (await seedDemoOrganisation(t)).get('arch04-marketing')!;
  contentId = await insertContent(t, { name: 'rate.jpg', folders: [archive] });
  [mario, anna, admin] = await Promise.all([as(t, 'mario.rossi'), as(t, 'anna.bianchi'), as(t, 'admin')]);
});

afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

function submit(who: SignedIn, recipients: string[] = [], name = 'Rate') {
  return post<{ jobId: string } & ErrorBody>(t, who, '/api/external-shares', {
    type: recipients.length ? 'email' : 'link',
    name,
    contentIds: [contentId],
    folderId: archive,
    password: 'Press-Kit-2026#Spider',
    contentDownload: false,
    language: 'en',
    ...(recipients.length ? { recipients: recipients.join(';') } : {}),
  });
}

const addresses = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@presse.it`);

/** Shares at the provider, external-share job records and mails sent, for `username`. */
async function made(username: string) {
  const owner = await providerDb(t).user.findUniqueOrThrow({ where: { username } });
  return {
    shares: await providerDb(t).externalShare.count({ where: { ownerId: owner.id } }),
    jobs: await hubDb(t).jobRecord.count({ where: { name: JobName.ExternalShare, createdBy: username } }),
    mails: sink.mails.length,
  };
}

/** A refusal of the rate: 429, its code, and the wait in Retry-After and the details alike. */
function expectRateLimited(res: Awaited<ReturnType<typeof submit>>) {
  expect({ status: res.status, code: res.body.code }).toEqual({
    status: 429,
    code: SHARE_ERROR_CODES.RATE_LIMITED,
  });
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(RATE.windowMinutes * 60);
  expect(res.body.details).toEqual({ retryAfterSeconds: wait });
}

describe('the external-share rate per user', () => {
  it(`refuses the ${RATE.shares + 1}th of ${RATE.shares + 1} simultaneous shares: no job, no share, no mail for it`, async () => {
    const answers = await Promise.all(
      Array.from({ length: RATE.shares + 1 }, (_, i) => submit(mario, [], `Burst ${i}`)),
    );
    const accepted = answers.filter((a) => a.status === 202);
    expect(accepted).toHaveLength(RATE.shares);
    const refused = answers.filter((a) => a.status !== 202);
    expect(refused).toHaveLength(1);
    expectRateLimited(refused[0]);
    for (const a of accepted)
      expect(await finished(t, mario, a.body.jobId)).toMatchObject({ state: 'completed' });
    const after = await made('mario.rossi');
    expect(after).toMatchObject({ shares: RATE.shares, jobs: RATE.shares });

    // Once the burst has settled, one more is still refused and changes nothing.
    expectRateLimited(await submit(mario));
    expect(await made('mario.rossi')).toEqual(after);
  });

  it('refuses a share past the recipient budget and sends nothing; one that fits it exactly is sent', async () => {
    const first = await submit(anna, addresses('first', SHARE_RECIPIENTS_MAX));
    expect(first.status).toBe(202);
    expect(await finished(t, anna, first.body.jobId)).toMatchObject({ state: 'completed' });
    const before = await made('anna.bianchi');
    const room = RATE.recipients - SHARE_RECIPIENTS_MAX;

    expectRateLimited(await submit(anna, addresses('over', room + 1)));
    expect(await made('anna.bianchi')).toEqual(before);

    const fits = await submit(anna, addresses('fits', room));
    expect(fits.status).toBe(202);
    expect(await finished(t, anna, fits.body.jobId)).toMatchObject({ state: 'completed' });
    expect(await made('anna.bianchi')).toEqual({
      shares: before.shares + 1,
      jobs: before.jobs + 1,
      mails: before.mails + room,
    });
  });

  it('shows administrators who sent how many within the window, beside the limits; no one else', async () => {
    const view = await get<ShareSendersResponse>(t, admin, '/api/external-shares/senders');
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      windowMinutes: RATE.windowMinutes,
      maxShares: RATE.shares,
      maxRecipients: RATE.recipients,
      items: [
        { username: 'mario.rossi', shares: RATE.shares, recipients: 0 },
        { username: 'anna.bianchi', shares: 2, recipients: RATE.recipients },
      ],
    });
    const refused = await get<ErrorBody>(t, mario, '/api/external-shares/senders');
    expect({ status: refused.status, code: refused.body.code }).toEqual({
      status: 403,
      code: ERROR_CODES.FORBIDDEN,
    });
  });
});
