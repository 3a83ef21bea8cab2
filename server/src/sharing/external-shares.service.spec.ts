import {
  ASSET_ERROR_CODES,
  ERROR_CODES,
  LIMITS,
  SHARE_ERROR_CODES as CODES,
  UNREADABLE_STATE,
  defaultShareExpiry,
} from '@paddock/rules';
import { CLOCK } from '../common/clock';
import { RetryLaterError } from '../common/domain-error';
import { SERVICE_USER, tokenOf, type InMemoryProvider } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentIn,
  demoProvider,
  fixedClock,
  recordingJobs,
  userOf,
} from '../../test/support/workflow-factories';
import { JobName } from '../jobs/job-catalogue';
import { JobsRepository } from '../jobs/jobs.repository';
import { JobsService } from '../jobs/jobs.service';
import type { ProviderShareRequest } from '../provider/external-shares.gateway';
import { PLACES_PROVIDERS } from '../places/places.module';
import type { ExternalShareRequestDto } from './external-shares.dto';
import { ExternalSharesService } from './external-shares.service';
import { ShareRate } from './share-rate';
import { ShareSecrets } from './share-secrets';

const PASSWORD = 'Str0ng!Passw0rd-Paddock-2026';
const mario = userOf('mario.rossi');
const clock = fixedClock();

let provider: InMemoryProvider;
let jobs: ReturnType<typeof recordingJobs>;
let service: ExternalSharesService;
/** The share passwords kept for the job, by job id (Redis in the hub). */
let secrets: Map<string, string>;
/** What the rate counted per user: shares and recipients (Redis in the hub). */
let counted: Map<string, { shares: number; recipients: number }>;
let rateRefuses: boolean;
let submitFails: boolean;
let countsAsked: unknown[][];

beforeEach(async () => {
  provider = demoProvider();
  provider.now = () => clock.now();
  jobs = recordingJobs();
  secrets = new Map();
  counted = new Map();
  rateRefuses = false;
  submitFails = false;
  countsAsked = [];
  const count = (username: string, shares: number, recipients: number) => {
    const was = counted.get(username) ?? { shares: 0, recipients: 0 };
    counted.set(username, { shares: was.shares + shares, recipients: was.recipients + recipients });
  };
  const rate: Pick<ShareRate, 'policy' | 'reserve' | 'refund'> = {
    policy: { maxShares: 10, maxRecipients: 100, windowMs: 60 * 60_000 },
    reserve: (username, recipients) => {
      if (rateRefuses) return Promise.reject(new RetryLaterError(CODES.RATE_LIMITED, 'Slow down', 60));
      count(username, 1, recipients);
      return Promise.resolve();
    },
    refund: (username, recipients) => {
      count(username, -1, -recipients);
      return Promise.resolve();
    },
  };
  const kept: Pick<ShareSecrets, 'put' | 'forget'> = {
    put: (jobId, password) => {
      secrets.set(jobId, password);
      return Promise.resolve();
    },
    forget: (jobId) => {
      secrets.delete(jobId);
      return Promise.resolve();
    },
  };
  const records: Pick<JobsRepository, 'countsBySubmitter'> = {
    countsBySubmitter: (...args) => {
      countsAsked.push(args);
      return Promise.resolve([{ createdBy: 'mario.rossi', jobs: 2, listed: 7 }]);
    },
  };
  const submitting: Pick<JobsService, 'submit'> = {
    submit: (...args) => (submitFails ? Promise.reject(new Error('queue down')) : jobs.submit(...args)),
  };
  const module = await provider.compile([
    ExternalSharesService,
    ...PLACES_PROVIDERS,
    { provide: JobsService, useValue: submitting },
    { provide: ShareSecrets, useValue: kept },
    { provide: ShareRate, useValue: rate },
    { provide: JobsRepository, useValue: records },
    { provide: CLOCK, useValue: clock },
  ]);
  service = module.get(ExternalSharesService);
});

const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;

function request(contentIds: string[], over: Partial<ExternalShareRequestDto> = {}): ExternalShareRequestDto {
  return {
    type: 'email',
    name: 'Press kit',
    contentIds,
    folderId: id(FOLDERS.archive),
    password: PASSWORD,
    contentDownload: true,
    language: 'it',
    recipients: 'a@presse.it; B@Presse.it; a@presse.it',
    ...over,
  };
}

/** A refusal: its code, status (HTTP_STATUS_OF_CODE) and details; nothing enqueued, kept or counted. */
async function refused(
  submit: Promise<unknown>,
  expected: { code: string; status?: number; details?: unknown },
): Promise<void> {
  await expect(submit).rejects.toMatchObject(expected);
  expect(jobs.submitted).toEqual([]);
  expect(secrets.size).toBe(0);
  expect(counted.get('mario.rossi') ?? { shares: 0, recipients: 0 }).toEqual({ shares: 0, recipients: 0 });
  expect(provider.count('create')).toBe(0);
}

describe('create', () => {
  it('a job sharing for the user, the password kept for it apart from the payload, the rate counted', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    const { jobId } = await service.create(mario, request([c, c]));
    expect(jobs.submitted).toEqual([
      {
        name: JobName.ExternalShare,
        actor: 'mario.rossi',
        options: { jobId },
        payload: {
          type: 'email',
          name: 'Press kit',
          contentIds: [c],
          message: '',
          disclaimer: '',
          contentDownload: true,
          expiresAt: defaultShareExpiry(clock.now()).toISOString(),
          language: 'it',
          recipients: ['a@presse.it', 'b@presse.it'],
          folderId: id(FOLDERS.archive),
        },
      },
    ]);
    expect(JSON.stringify(jobs.submitted)).not.toContain(PASSWORD);
    expect(secrets).toEqual(new Map([[jobId, PASSWORD]]));
    expect(counted.get('mario.rossi')).toEqual({ shares: 1, recipients: 2 });
  });

  it('a link share has no recipients and counts none', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    await service.create(mario, request([c], { type: 'link', recipients: 'ignored' }));
    expect(jobs.submitted[0]!.payload).toMatchObject({ recipients: [] });
    expect(counted.get('mario.rossi')).toEqual({ shares: 1, recipients: 0 });
  });

  it('when the job cannot be enqueued, the password is forgotten and the rate given back', async () => {
    submitFails = true;
    const c = contentIn(provider, [FOLDERS.archive]);
    await expect(service.create(mario, request([c]))).rejects.toThrow('queue down');
    expect(secrets.size).toBe(0);
    expect(counted.get('mario.rossi')).toEqual({ shares: 0, recipients: 0 });
  });

  describe('refuses', () => {
    it('a password that does not follow the rule (WEAK_PASSWORD), naming the problems', async () => {
      const c = contentIn(provider, [FOLDERS.archive]);
      await refused(service.create(mario, request([c], { password: 'short' })), {
        code: CODES.WEAK_PASSWORD,
        status: 400,
        details: { problems: expect.arrayContaining([expect.any(String)]) as unknown },
      });
    });

    it(`more than ${LIMITS.externalShareMaxFiles} files (TOO_MANY_FILES)`, async () => {
      const ids = Array.from({ length: LIMITS.externalShareMaxFiles + 1 }, (_, i) => `content-${i}`);
      await refused(service.create(mario, request(ids)), {
        code: CODES.TOO_MANY_FILES,
        status: 400,
        details: { max: LIMITS.externalShareMaxFiles },
      });
    });

    it.each([
      ['no recipient', ' ; ', CODES.NO_RECIPIENTS],
      ['an address that is not one', 'a@presse.it; not-an-address', CODES.BAD_RECIPIENT],
    ])('%s for an e-mail share', async (_, recipients, code) => {
      const c = contentIn(provider, [FOLDERS.archive]);
      await refused(service.create(mario, request([c], { recipients })), { code, status: 400 });
    });

    it('an expiry in the past (BAD_EXPIRY)', async () => {
      const c = contentIn(provider, [FOLDERS.archive]);
      const expiresAt = new Date(clock.now().getTime() - 1000).toISOString();
      await refused(service.create(mario, request([c], { expiresAt })), {
        code: CODES.BAD_EXPIRY,
        status: 400,
      });
    });

    it('an asset the user cannot see (NOT_FOUND)', async () => {
      const hidden = contentIn(provider, [FOLDERS.junk]);
      const c = contentIn(provider, [FOLDERS.archive]);
      await refused(service.create(mario, request([c, hidden])), {
        code: ERROR_CODES.NOT_FOUND,
        status: 404,
      });
    });

    it('from a place SPEC §6 does not share from (NOT_ALLOWED), naming the assets', async () => {
      const c = contentIn(provider, [FOLDERS.enrichment]);
      await refused(service.create(mario, request([c], { folderId: id(FOLDERS.enrichment) })), {
        code: CODES.NOT_ALLOWED,
        status: 403,
        details: { ids: [c] },
      });
    });

    it('an observer, who acts nowhere', async () => {
      const c = contentIn(provider, [FOLDERS.archive]);
      await refused(service.create(userOf('paola.neri'), request([c])), {
        code: CODES.NOT_ALLOWED,
        status: 403,
      });
    });

    it('a file that cannot be read (UNREADABLE)', async () => {
      const c = contentIn(provider, [FOLDERS.archive]);
      provider.contents.get(c)!.state = UNREADABLE_STATE;
      await refused(service.create(mario, request([c])), {
        code: ASSET_ERROR_CODES.UNREADABLE,
        status: 409,
        details: { ids: [c] },
      });
    });

    it('past the user’s rate (RATE_LIMITED, 429): nothing kept, nothing enqueued', async () => {
      rateRefuses = true;
      const c = contentIn(provider, [FOLDERS.archive]);
      await refused(service.create(mario, request([c])), { code: CODES.RATE_LIMITED, status: 429 });
    });
  });
});

describe('the user’s shares at the provider', () => {
  /** A share made at the provider by the service account for `owner`, as the job does. */
  async function shareOf(owner: string, requestKey: string): Promise<string> {
    const c = contentIn(provider, [FOLDERS.archive]);
    const r: ProviderShareRequest = {
      name: `share ${requestKey}`,
      type: 'email',
      contentIds: [c],
      message: '',
      disclaimer: '',
      password: PASSWORD,
      contentDownload: true,
      expiresAt: defaultShareExpiry(clock.now()),
      language: 'it',
      recipients: ['a@presse.it'],
      onBehalfOf: owner,
      requestKey,
    };
    return provider.externalShares.create(tokenOf(SERVICE_USER), r);
  }

  it('lists them newest first, a page at a time', async () => {
    const [first, second, third] = [
      await shareOf('mario.rossi', 'k1'),
      await shareOf('mario.rossi', 'k2'),
      await shareOf('mario.rossi', 'k3'),
    ];
    await shareOf('admin', 'k4');
    const page = await service.list(mario, { limit: 2 });
    expect(page.items.map((s) => s.id)).toEqual([third, second]);
    const next = await service.list(mario, { limit: 2, cursor: page.nextCursor! });
    expect(next).toMatchObject({ items: [{ id: first }], nextCursor: null });
  });

  it('reads one with its links', async () => {
    const share = await shareOf('mario.rossi', 'k1');
    expect(await service.get(mario, share)).toMatchObject({
      id: share,
      type: 'email',
      state: 'active',
      recipients: [{ email: 'a@presse.it', revoked: false }],
    });
  });

  it('revokes a share once: a second revoke finds none (SHARE_NOT_FOUND)', async () => {
    const share = await shareOf('mario.rossi', 'k1');
    await service.revoke(mario, share);
    expect((await service.get(mario, share)).state).toBe('revoked');
    await expect(service.revoke(mario, share)).rejects.toMatchObject({ code: CODES.NOT_FOUND, status: 404 });
  });

  it('revokes one recipient’s link once', async () => {
    const share = await shareOf('mario.rossi', 'k1');
    const [link] = (await service.get(mario, share)).recipients;
    await service.revokeRecipient(mario, share, link!.id);
    expect((await service.get(mario, share)).recipients[0]!.revoked).toBe(true);
    await expect(service.revokeRecipient(mario, share, link!.id)).rejects.toMatchObject({
      code: CODES.NOT_FOUND,
      status: 404,
    });
  });

  it('answers someone else’s share as no share at all (SHARE_NOT_FOUND)', async () => {
    const share = await shareOf('admin', 'k1');
    for (const call of [
      () => service.get(mario, share),
      () => service.events(mario, share),
      () => service.revoke(mario, share),
      () => service.revokeRecipient(mario, share, `${share}-link-1`),
    ])
      await expect(call()).rejects.toMatchObject({ code: CODES.NOT_FOUND, status: 404 });
    expect((await service.get(userOf('admin'), share)).state).toBe('active');
  });

  it('passes on a provider outage as it is, not as a missing share', async () => {
    const share = await shareOf('mario.rossi', 'k1');
    provider.fail('status', ERROR_CODES.PROVIDER_UNAVAILABLE, { transient: true });
    await expect(service.get(mario, share)).rejects.toMatchObject({ code: ERROR_CODES.PROVIDER_UNAVAILABLE });
  });
});

describe('senders', () => {
  it('who shared how much within the rate’s window, from the job records', async () => {
    expect(await service.senders()).toEqual({
      windowMinutes: 60,
      maxShares: 10,
      maxRecipients: 100,
      items: [{ username: 'mario.rossi', shares: 2, recipients: 7 }],
    });
    expect(countsAsked[0]!.slice(0, 3)).toEqual([
      JobName.ExternalShare,
      'recipients',
      new Date(clock.now().getTime() - 60 * 60_000),
    ]);
  });
});
