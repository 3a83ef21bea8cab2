import type { SessionResponse } from '@paddock/rules';

export interface HubCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

export interface Reply {
  status: number;
  body?: unknown;
}

type Route = Reply | ((call: HubCall) => Reply | Promise<Reply>);

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
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
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

/** An error answer shaped like the hub's error filter writes it. */
export function hubError(status: number, code: string): Reply {
  return { status, body: { code, message: `${code} (test)`, correlationId: 'corr-test' } };
}

export function ok(body?: unknown): Reply {
  return { status: body === undefined ? 204 : 200, body };
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
  };
}

/** The answers a visitor who is not signed in gets. */
export function signedOutRoutes(): Record<string, Route> {
  return {
    'GET /api/session': hubError(401, 'UNAUTHENTICATED'),
    'GET /api/auth/sso': ok({ enabled: false, startUrl: '/api/auth/sso/start' }),
  };
}
