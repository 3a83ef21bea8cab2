import type {
  AssetActions,
  AssetDetail,
  AssetListResponse,
  AssetSummary,
  AssetTotalResponse,
  ExternalShareSummary,
  FolderNode,
  SessionResponse,
} from '@paddock/rules';
import { LIMITS } from '@paddock/rules';

export interface HubCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export interface Reply {
  status: number;
  body?: unknown;
}

export type Route = Reply | ((call: HubCall) => Reply | Promise<Reply>);

/**
 * Stands in for the hub behind `fetch`: routes are keyed 'METHOD /path'; unknown routes answer 404.
 * Returns the calls made, in order, for assertions.
 */
export function fakeHub(routes: Record<string, Route>): HubCall[] {
  const calls: HubCall[] = [];
  const fetchFake = jest.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, window.location.origin);
    const call: HubCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`] ?? patternRoute(routes, call);
    const reply =
      route === undefined
        ? hubError(404, 'NOT_FOUND')
        : typeof route === 'function'
          ? await route(call)
          : route;
    const hasBody = reply.body !== undefined && reply.status !== 204;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status: reply.status,
      headers: hasBody ? { 'content-type': 'application/json' } : {},
    });
  });
  Object.defineProperty(globalThis, 'fetch', { value: fetchFake, configurable: true, writable: true });
  return calls;
}

/** A route keyed with `:name` segments ('GET /api/folders/:id'), for the calls no exact key answers. */
function patternRoute(routes: Record<string, Route>, call: HubCall): Route | undefined {
  const asked = `${call.method} ${call.path}`.split('/');
  const key = Object.keys(routes).find((candidate) => {
    const parts = candidate.split('/');
    return (
      parts.length === asked.length &&
      parts.some((part) => part.startsWith(':')) &&
      parts.every((part, i) => part.startsWith(':') || part === asked[i])
    );
  });
  return key === undefined ? undefined : routes[key];
}

/** An error answer shaped like the hub's error filter writes it. */
export function hubError(status: number, code: string, details?: unknown): Reply {
  return { status, body: { code, message: `${code} (test)`, correlationId: 'corr-test', details } };
}

export function ok(body?: unknown): Reply {
  return { status: body === undefined ? 204 : 200, body };
}

/** `GET /api/jobs/:id` of a job that completed with every content done. */
export function aCompletedJob(jobId: string, contentIds: readonly string[]): Reply {
  return ok({
    id: jobId,
    state: 'completed',
    progress: 100,
    errorCode: null,
    outcomes: contentIds.map((contentId) => ({ contentId, outcome: 'done' })),
  });
}

export function aSession(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return {
    username: 'mrossi',
    firstName: 'Maria',
    lastName: 'Rossi',
    email: 'maria.rossi@example.com',
    companyName: 'Marketing',
    imageUser: null,
    roles: ['user'],
    department: 'MARKETING',
    departmentRestricted: true,
    approvalSteps: [],
    defaultView: 'archives',
    linkedGroups: [{ id: 'g1', name: 'L/MARKETING' }],
    clientId: 'paddock',
    csrfToken: 'csrf-123',
    ...overrides,
  };
}

export const aDisclaimer = {
  id: 'd-1',
  version: 3,
  texts: {
    it: { title: 'Condizioni', body: 'Testo italiano', acceptLabel: 'Accetto', closeLabel: 'Chiudi' },
    en: { title: 'Terms of use', body: 'English text', acceptLabel: 'I accept', closeLabel: 'Close' },
    fr: { title: 'Conditions', body: 'Texte français', acceptLabel: "J'accepte", closeLabel: 'Fermer' },
  },
};

/** The answers of a signed-in user who accepted the disclaimer; spread and override per test. */
export function signedInRoutes(session: SessionResponse = aSession()): Record<string, Route> {
  return {
    'GET /api/session': ok(session),
    'GET /api/profile/check-disclaimer': ok({ disclaimerAcceptance: true }),
    'GET /api/profile/get-disclaimer': ok(aDisclaimer),
    'GET /api/profile/user-preferences': ok({}),
    'DELETE /api/session': ok(),
    'GET /api/folders/tree': ok({ roots: [] }),
    'GET /api/assets/counts': ok({}),
    // The header's "My jobs" of every signed-in page.
    'GET /api/jobs/mine': ok({ items: [], nextCursor: null }),
  };
}

/**
 * The hub of a signed-in user (`session`, who accepted the disclaimer) whose folder tree is `tree`:
 * its roots, or a route answering them. `routes` add to these answers or override them.
 */
export function signedInHub({
  tree,
  routes = {},
  session,
}: {
  tree: FolderNode[] | Route;
  routes?: Record<string, Route>;
  session?: SessionResponse;
}): HubCall[] {
  return fakeHub({
    ...signedInRoutes(session),
    'GET /api/folders/tree': Array.isArray(tree) ? ok({ roots: tree }) : tree,
    ...routes,
  });
}

/** A folder the user may see; children and rights are overridden per test. */
export function aFolder(overrides: Partial<FolderNode> & Pick<FolderNode, 'id' | 'name'>): FolderNode {
  return {
    prettyId: null,
    parentId: null,
    isSupplier: false,
    originId: null,
    rights: { manage: false, share: false, write: true },
    canCreate: false,
    hasChildren: Boolean(overrides.children?.length),
    ...overrides,
  };
}

/** The actions of an asset where only those given are allowed. */
export function actionsAllowing(allowed: Partial<AssetActions> = {}): AssetActions {
  return {
    accept: false,
    reject: false,
    move: false,
    delete: false,
    restore: false,
    rename: false,
    updateFile: false,
    download: false,
    share: false,
    tag: false,
    ...allowed,
  };
}

export function anAsset(n: number, overrides: Partial<AssetSummary> = {}): AssetSummary {
  return {
    id: `a${n}`,
    name: `asset-${n}`,
    type: 'IMAGE',
    extension: 'jpg',
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-06T10:00:00.000Z',
    owner: 'mrossi',
    workflowState: null,
    restricted: false,
    published: false,
    thumbnailUrl: `/api/assets/a${n}/thumbnail?size=200x200`,
    state: 'PUBLISHED',
    version: 1,
    ...overrides,
  };
}

export function anAssetDetail(n: number, overrides: Partial<AssetDetail> = {}): AssetDetail {
  const summary = anAsset(n);
  return {
    ...summary,
    names: { IT: summary.name, EN: summary.name },
    version: 1,
    size: 2048,
    mimeType: 'image/jpeg',
    width: 800,
    height: 600,
    folders: [{ id: 'f1', name: 'Archive' }],
    metadata: [],
    tags: [],
    products: [],
    machineOwned: false,
    availableChannels: [],
    previewUrl: `/api/assets/a${n}/preview`,
    downloadUrl: `/api/assets/a${n}/original`,
    rights: { rename: true, newVersion: true, download: true },
    preflight: null,
    checklist: null,
    workflow: {
      step: null,
      accepted: false,
      rejected: false,
      note: null,
      canvas: null,
      acceptedBy: null,
      rejectedBy: null,
      deletedAt: null,
    },
    restriction: { embargoActive: false, copyrightExpired: false, restricted: false },
    ...overrides,
  };
}

/**
 * GET /api/assets over `total` numbered assets, honouring offset, limit and cursor like the hub;
 * its cursors read `at-<offset>` (the hub's are opaque).
 */
export function assetListing(total: number, make: (n: number) => AssetSummary = (n) => anAsset(n)) {
  return ({ query }: HubCall): Reply => {
    const cursor = query.get('cursor');
    const offset = cursor ? Number(cursor.replace('at-', '')) : Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 50);
    const items: AssetSummary[] = [];
    for (let n = offset; n < Math.min(total, offset + limit); n += 1) items.push(make(n));
    const hasMore = items.length === limit;
    const body: AssetListResponse = {
      items,
      hasMore,
      next: hasMore ? `at-${offset + limit}` : undefined,
      offset,
      limit,
    };
    return ok(body);
  };
}

/** GET /api/assets/total of `total` assets, capped like the hub's ("10,000+"). */
export function assetTotal(total: number): Reply {
  const body: AssetTotalResponse = {
    totalResults: Math.min(total, LIMITS.searchCountCap),
    totalIsCapped: total > LIMITS.searchCountCap,
  };
  return ok(body);
}

/** The listing and its total over `total` numbered assets. */
export function assetRoutes(
  total: number,
  make: (n: number) => AssetSummary = (n) => anAsset(n),
): Record<string, Route> {
  return { 'GET /api/assets': assetListing(total, make), 'GET /api/assets/total': assetTotal(total) };
}

/** The answers a visitor who is not signed in gets. */
export function signedOutRoutes(): Record<string, Route> {
  return {
    'GET /api/session': hubError(401, 'UNAUTHENTICATED'),
    'GET /api/auth/sso': ok({ enabled: false, startUrl: '/api/auth/sso/start' }),
  };
}

/** The share as its owner reads it from the provider once the job is done (the job keeps no link). */
export function aMadeShare(
  id: string,
  type: ExternalShareSummary['type'],
  links: { email: string | null; url: string }[],
): ExternalShareSummary {
  return {
    id,
    name: 'Kit',
    type,
    language: 'en',
    state: 'active',
    failure: null,
    createdAt: '2026-11-26T12:00:00.000Z',
    expiresAt: '2026-11-27T12:00:00.000Z',
    assetCount: 1,
    contentDownload: true,
    views: 0,
    downloads: 0,
    url: type === 'link' ? (links[0]?.url ?? null) : null,
    recipients: links.flatMap(({ email, url }, i) =>
      email === null
        ? []
        : [
            {
              id: `r-${i}`,
              email,
              url,
              revoked: false,
              sentAt: null,
              views: 0,
              downloads: 0,
              lastOpenedAt: null,
            },
          ],
    ),
  };
}
