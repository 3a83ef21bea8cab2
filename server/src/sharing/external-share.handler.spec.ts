import { LIMITS, SHARE_ERROR_CODES } from '@paddock/rules';
import type { ExternalSharePayload } from '../jobs/job-catalogue';
import { PermanentJobError, TransientJobError } from '../jobs/job-errors';
import type { JobContext } from '../jobs/job-handler';
import type {
  ExternalSharesGateway,
  ProviderShare,
  ProviderShareRequest,
} from '../provider/external-shares.gateway';
import type { ServiceSession } from '../provider/service-session';
import { ExternalShareHandler } from './external-share.handler';
import type { ShareInvitation, ShareMailer } from './share-mailer';
import type { ShareSecrets } from './share-secrets';

const PAYLOAD: ExternalSharePayload = {
  type: 'email',
  name: 'Press kit',
  contentIds: ['2f1c9a44-2b6c-4a57-9d8e-0d6f2f0d8b11'],
  message: '',
  disclaimer: '',
  contentDownload: true,
  expiresAt: '2026-11-26T10:00:00.000Z',
  language: 'it',
  recipients: ['a@presse.it', 'b@presse.it'],
  folderId: 'arch04-folder',
};

function shareWith(status: ProviderShare['state']['status'], sent: string[] = []): ProviderShare {
  return {
    id: 'share-1',
    name: 'Press kit',
    type: 'EMAIL',
    language: 'it',
    token: 't',
    url: 'https://x/provider/share/a',
    state: { status, failure: null },
    createdAt: '2026-11-25T10:00:00.000Z',
    expirationDate: PAYLOAD.expiresAt,
    expired: false,
    revoked: false,
    contentDownload: 'enabled',
    contentCount: 1,
    owner: 'mario.rossi',
    ownerFullName: 'Mario Rossi',
    recipients: ['a@presse.it', 'b@presse.it'].map((email, i) => ({
      id: `r${i}`,
      email,
      url: `https://x/provider/share/${i}`,
      revoked: false,
      sentAt: sent.includes(email) ? '2026-11-25T10:00:00.000Z' : null,
      views: 0,
      downloads: 0,
      lastOpenedAt: null,
    })),
  };
}

/** The handler over an in-memory provider whose status answers `statuses` in turn. */
function setup(
  statuses: ProviderShare[],
  options: { failMail?: (to: string) => boolean; secret?: string | null } = {},
) {
  const created: ProviderShareRequest[] = [];
  const deliveries: { sentRecipientIds?: string[]; failure?: string }[] = [];
  const sleeps: number[] = [];
  const mails: ShareInvitation[] = [];
  let polls = 0;
  const gateway: Partial<ExternalSharesGateway> = {
    create: (_token, request) => {
      created.push(request);
      return Promise.resolve('share-1');
    },
    status: () => Promise.resolve(statuses[Math.min(polls++, statuses.length - 1)]),
    delivery: (_token, _id, report) => {
      deliveries.push(report);
      return Promise.resolve();
    },
  };
  const session: Partial<ServiceSession> = { withToken: (fn) => fn('service-token') };
  const forgotten: string[] = [];
  const secrets: Partial<ShareSecrets> = {
    take: () => Promise.resolve(options.secret === undefined ? 'Press-Kit-2026#Spider' : options.secret),
    forget: (jobId) => {
      forgotten.push(jobId);
      return Promise.resolve();
    },
  };
  const mailer: Partial<ShareMailer> = {
    send: (m) => {
      if (options.failMail?.(m.to)) return Promise.reject(new Error('451 try again later'));
      mails.push(m);
      return Promise.resolve();
    },
  };
  const audit: unknown[] = [];
  const handler = new ExternalShareHandler(
    gateway as ExternalSharesGateway,
    session as ServiceSession,
    secrets as ShareSecrets,
    mailer as ShareMailer,
    { append: (e) => Promise.resolve(void audit.push(e)) },
    (ms) => Promise.resolve(void sleeps.push(ms)),
  );
  return { handler, created, deliveries, sleeps, mails, forgotten, audit };
}

function context(attempt = 1): JobContext {
  return {
    jobId: 'job-1',
    actor: 'mario.rossi',
    attempt,
    startedBefore: attempt > 1,
    progress: () => Promise.resolve(),
    stopRequested: () => Promise.resolve(false),
  };
}

describe('ExternalShareHandler', () => {
  it('creates for the submitter with the job id as request key, polls every 3 s until succeded, then mails each recipient', async () => {
    const { handler, created, sleeps, mails, deliveries, forgotten } = setup([
      shareWith('pending'),
      shareWith('pending'),
      shareWith('succeded'),
    ]);
    const result = await handler.handle(PAYLOAD, context());
    expect(created).toEqual([
      expect.objectContaining({
        onBehalfOf: 'mario.rossi',
        requestKey: 'job-1',
        password: 'Press-Kit-2026#Spider',
        contextId: 'arch04-folder',
      }),
    ]);
    expect(forgotten).toEqual(['job-1']);
    expect(sleeps).toEqual([LIMITS.shareStatusPollMs, LIMITS.shareStatusPollMs]);
    expect(mails.map((m) => [m.to, m.url, m.language, m.sender])).toEqual([
      ['a@presse.it', 'https://x/provider/share/0', 'it', 'Mario Rossi'],
      ['b@presse.it', 'https://x/provider/share/1', 'it', 'Mario Rossi'],
    ]);
    expect(deliveries).toEqual([{ sentRecipientIds: ['r0'] }, { sentRecipientIds: ['r1'] }]);
    // No link in the result: job records are read by admins; the owner reads links from the provider.
    expect(result).toEqual({ shareId: 'share-1', sent: 2 });
  });

  it('sends on a retry only what an earlier try did not, without the password it no longer has', async () => {
    const { handler, created, mails } = setup([shareWith('succeded', ['a@presse.it'])], { secret: null });
    const result = await handler.handle(PAYLOAD, context(2));
    expect(created[0].password).toBe('');
    expect(mails.map((m) => m.to)).toEqual(['b@presse.it']);
    expect(result.sent).toBe(2);
  });

  it('retries a refused mail, and after the last try marks the share failed', async () => {
    const early = setup([shareWith('succeded')], { failMail: (to) => to === 'b@presse.it' });
    await expect(early.handler.handle(PAYLOAD, context(1))).rejects.toBeInstanceOf(TransientJobError);
    expect(early.deliveries).toEqual([{ sentRecipientIds: ['r0'] }]);

    const last = setup([shareWith('succeded', ['a@presse.it'])], { failMail: () => true });
    const error = await last.handler.handle(PAYLOAD, context(5)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentJobError);
    expect((error as PermanentJobError).code).toBe(SHARE_ERROR_CODES.MAIL_FAILED);
    expect(last.deliveries).toEqual([{ failure: SHARE_ERROR_CODES.MAIL_FAILED }]);
  });

  it("ends with E003 when the provider's status says failed", async () => {
    const { handler, mails } = setup([shareWith('failed')]);
    const error = await handler.handle(PAYLOAD, context()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentJobError);
    expect((error as PermanentJobError).code).toBe('E003');
    expect(mails).toEqual([]);
  });
});
