import { E_CODES, ERROR_CODES, type ShareAccessEvent } from '@paddock/rules';
import { ProviderError } from '../common/provider-error';
import type { JobContext } from '../jobs/job-handler';
import type { ProviderContentDetail } from '../provider/contents.gateway';
import type { ProviderShare } from '../provider/external-shares.gateway';
import type { ServiceSession } from '../provider/service-session';
import type { MailCandidate } from '../sharing/rejection-mail';
import { RightsNoticesHandler, departmentsOf } from './rights-notices.handler';
import type { NoticeClaim, SharedAssets, WebhookEndpointRecord } from './rights-notices.repository';

const NOW = new Date('2026-11-30T05:00:00Z');
const ASSET = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function aContent(over: Partial<ProviderContentDetail> = {}): ProviderContentDetail {
  return {
    id: ASSET,
    contentType: 'IMAGE',
    state: 'PUBLISHED',
    version: 1,
    creationDate: '2026-01-01T00:00:00.000Z',
    lastUpdate: '2026-01-01T00:00:00.000Z',
    owner: 'mario.rossi',
    userId: 'mario.rossi',
    ownerType: 'USER',
    availableChannels: [],
    sourceExtension: 'jpg',
    locales: [
      { locale: 'IT', name: 'Spider fronte' },
      { locale: 'EN', name: 'Spider front' },
    ],
    linkedCategoryIds: ['f-arch'],
    linkedCategories: [{ id: 'f-arch', prettyId: 'arch04-marketing', names: [], isSupplier: false }],
    source: null,
    derivatives: [],
    imetadata: [{ classificationId: 'joc5rg', key: 'people-todate', value: '2026-01-15', lang: null }],
    itags: [],
    userRights: { write: true, share: true },
    ...over,
  };
}

function aShare(over: Partial<ProviderShare> = {}): ProviderShare {
  const link = (id: string, email: string | null) => ({
    id,
    email,
    url: `https://paddock.example.com/provider/share/${id}`,
    revoked: false,
    sentAt: null,
    views: 0,
    downloads: 0,
    lastOpenedAt: null,
  });
  return {
    id: 's-1',
    name: 'Press kit',
    type: 'EMAIL',
    language: 'fr',
    token: 't',
    url: '',
    state: { status: 'succeded' },
    createdAt: '2026-11-01T00:00:00.000Z',
    expirationDate: '2026-11-02T00:00:00.000Z',
    expired: true,
    revoked: false,
    contentDownload: 'enabled',
    contentCount: 2,
    owner: 'mario.rossi',
    ownerFullName: 'Mario Rossi',
    recipients: [
      link('r-opened', 'Opened@Presse.fr'),
      link('r-other-asset', 'other@presse.fr'),
      link('r-silent', 'silent@presse.fr'),
      link('r-link', null),
    ],
    ...over,
  };
}

const endpoint = (id: string, department: string | null): WebhookEndpointRecord => ({
  id,
  url: `https://${id}.example.com/hook`,
  secret: 'whsec_x',
  department,
  description: '',
  active: true,
  createdBy: 'admin',
  createdAt: NOW,
});

/** The world the handler reads: shared assets, people, shares and their logs, endpoints; what it claims. */
function world(over: { shared?: SharedAssets; people?: Record<string, MailCandidate> } = {}) {
  const claims: NoticeClaim[] = [];
  const claimed = new Set<string>();
  const shares = new Map<string, ProviderShare>([['s-1', aShare()]]);
  const logs = new Map<string, ShareAccessEvent[]>([
    [
      's-1',
      [
        { recipientId: 'r-opened', email: 'Opened@Presse.fr', event: 'open', contentId: null, at: '' },
        {
          recipientId: 'r-other-asset',
          email: 'other@presse.fr',
          event: 'download',
          contentId: OTHER,
          at: '',
        },
        { recipientId: 'r-link', email: null, event: 'zip', contentId: null, at: '' },
      ],
    ],
  ]);
  const sent = { mails: 0, deliveries: 0 };
  const session: ServiceSession = {
    token: () => Promise.resolve('t'),
    invalidate: () => undefined,
    withToken: (fn) => fn('t'),
  };
  const handler = new RightsNoticesHandler(
    {
      sharedAssets: () =>
        Promise.resolve(
          over.shared ?? {
            sharers: new Map([[ASSET, new Set(['anna.bianchi', 'luca.conti', 'gone.user'])]]),
            shares: new Map([[ASSET, new Set(['s-1', 's-gone'])]]),
          },
        ),
      activeEndpoints: () =>
        Promise.resolve([endpoint('all', null), endpoint('mkt', 'marketing'), endpoint('sales', 'sales')]),
      claim: (c) => {
        const key = `${c.assetId}|${c.recipient}|${c.event}|${c.window}`;
        if (claimed.has(key)) return Promise.resolve(null);
        claimed.add(key);
        claims.push(c);
        return Promise.resolve(`n-${claims.length}`);
      },
    },
    {
      sendUnsentMails: () => Promise.resolve((sent.mails += 1)),
      submitPendingDeliveries: () => Promise.resolve((sent.deliveries += 1)),
    },
    {
      candidate: (username) =>
        Promise.resolve(
          (over.people ?? {
            'anna.bianchi': {
              email: 'anna@paddock.example',
              roles: ['user'],
              preferences: { language: 'en' },
            },
            'luca.conti': {
              email: 'luca@paddock.example',
              roles: ['user'],
              preferences: { rightsDigest: true },
            },
          })[username] ?? null,
        ),
    },
    { contentsByIds: (_t, ids) => Promise.resolve(ids.includes(ASSET) ? [aContent()] : []) },
    {
      status: (_t, id) => {
        const share = shares.get(id);
        return share
          ? Promise.resolve(share)
          : Promise.reject(new ProviderError(ERROR_CODES.NOT_FOUND, false, 'no such share'));
      },
      events: (_t, id) => Promise.resolve(logs.get(id) ?? []),
    },
    session,
    { now: () => NOW },
    { PUBLIC_URL: 'https://paddock.example.com' },
  );
  const context: JobContext = {
    jobId: 'job-1',
    actor: 'system',
    attempt: 1,
    startedBefore: false,
    progress: () => Promise.resolve(),
    stopRequested: () => Promise.resolve(false),
  };
  return { handler, context, claims, sent, shares };
}

describe('the rights notices scan', () => {
  it('claims one notice per recipient who received the asset, each by their channel and language', async () => {
    const w = world();
    const result = await w.handler.handle({}, w.context);

    expect(w.claims.map((c) => [c.recipient, c.channel, c.event, c.window])).toEqual([
      ['user:anna.bianchi', 'mail', 'copyright-ended', '2026-01-15'],
      ['user:luca.conti', 'digest', 'copyright-ended', '2026-01-15'],
      ['email:opened@presse.fr', 'mail', 'copyright-ended', '2026-01-15'],
      ['webhook:all', 'webhook', 'copyright-ended', '2026-01-15'],
      ['webhook:mkt', 'webhook', 'copyright-ended', '2026-01-15'],
    ]);
    expect(w.claims.map((c) => c.payload)).toEqual([
      { to: 'anna@paddock.example', language: 'en', assetName: 'Spider front' },
      { to: 'luca@paddock.example', language: 'it', assetName: 'Spider fronte' },
      { to: 'Opened@Presse.fr', language: 'fr', assetName: 'Spider front' },
      { endpointId: 'all', assetName: 'Spider front' },
      { endpointId: 'mkt', assetName: 'Spider front' },
    ]);
    expect(result).toEqual({ assets: 1, claimed: 5, mailed: 1, webhooks: 1 });
  });

  it('gives a webhook the signed body its delivery keeps: the notice id, the event and the date', async () => {
    const w = world();
    await w.handler.handle({}, w.context);
    const claim = w.claims.find((c) => c.recipient === 'webhook:mkt')!;
    expect(JSON.parse(claim.webhookBody!('n-9'))).toEqual({
      event: 'copyright-ended',
      id: 'n-9',
      assetId: ASSET,
      name: 'Spider front',
      effectiveDate: '2026-01-15',
      occurredAt: NOW.toISOString(),
      portal: 'https://paddock.example.com',
    });
    expect(w.claims.find((c) => c.channel === 'mail')?.webhookBody).toBeUndefined();
  });

  it('claims nothing a second time, and still sends what is unsent', async () => {
    const w = world();
    await w.handler.handle({}, w.context);
    const again = await w.handler.handle({}, w.context);
    expect(again).toMatchObject({ assets: 1, claimed: 0 });
    expect(w.sent).toEqual({ mails: 2, deliveries: 2 });
  });

  it('tells nobody of an asset whose rights hold', async () => {
    const w = world();
    const holds = aContent({
      imetadata: [{ classificationId: 'joc5rg', key: 'people-todate', value: '2027-06-30', lang: null }],
    });
    const handler = new RightsNoticesHandler(
      {
        sharedAssets: () =>
          Promise.resolve({ sharers: new Map([[ASSET, new Set(['anna.bianchi'])]]), shares: new Map() }),
        activeEndpoints: () => Promise.resolve([]),
        claim: () => Promise.reject(new Error('no claim expected')),
      },
      { sendUnsentMails: () => Promise.resolve(0), submitPendingDeliveries: () => Promise.resolve(0) },
      { candidate: () => Promise.resolve(null) },
      { contentsByIds: () => Promise.resolve([holds]) },
      { status: () => Promise.reject(new Error('unused')), events: () => Promise.resolve([]) },
      { token: () => Promise.resolve('t'), invalidate: () => undefined, withToken: (fn) => fn('t') },
      { now: () => NOW },
      { PUBLIC_URL: 'https://paddock.example.com' },
    );
    expect(await handler.handle({}, w.context)).toEqual({ assets: 0, claimed: 0, mailed: 0, webhooks: 0 });
  });

  it('lets a provider failure that may pass fail the try, so the job retries', async () => {
    const w = world();
    w.shares.clear();
    const flaky = new ProviderError(E_CODES.SHARED_METADATA_FAILED, true, 'provider down');
    const handler = new RightsNoticesHandler(
      {
        sharedAssets: () =>
          Promise.resolve({ sharers: new Map(), shares: new Map([[ASSET, new Set(['s-1'])]]) }),
        activeEndpoints: () => Promise.resolve([]),
        claim: () => Promise.resolve(null),
      },
      { sendUnsentMails: () => Promise.resolve(0), submitPendingDeliveries: () => Promise.resolve(0) },
      { candidate: () => Promise.resolve(null) },
      { contentsByIds: () => Promise.resolve([aContent()]) },
      { status: () => Promise.reject(flaky), events: () => Promise.resolve([]) },
      { token: () => Promise.resolve('t'), invalidate: () => undefined, withToken: (fn) => fn('t') },
      { now: () => NOW },
      { PUBLIC_URL: 'https://paddock.example.com' },
    );
    await expect(handler.handle({}, w.context)).rejects.toBe(flaky);
  });
});

describe('departmentsOf', () => {
  it("reads the department of each folder a content is in: a workflow folder's code, a department's top folder", () => {
    expect(
      departmentsOf({
        linkedCategories: [
          { id: 'a', prettyId: 'arch04-marketing', names: [], isSupplier: false },
          { id: 'b', prettyId: 'dept-sales', names: [], isSupplier: false },
          { id: 'c', prettyId: 'free-folder', names: [], isSupplier: false },
        ],
      }),
    ).toEqual(['marketing', 'sales']);
  });
});
