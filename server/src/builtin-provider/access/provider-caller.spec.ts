import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { LinkedGroup } from '@paddock/rules';
import { identityUser, providerCaller } from '../../../test/support/provider-caller';
import type { IdentityUser } from '../identity/identity-user';
import { ThronError } from '../thron.errors';
import { Authenticated, CallerGuard, CallerResolver, type CallerOptions } from './provider-caller';

const USER = identityUser({ username: 'mario' });
const SERVICE = identityUser({ username: 'paddock.workflow' });

const NOW = new Date('2026-11-30T10:00:00Z');
const HOUR_LATER = new Date(NOW.getTime() + 3_600_000);

/**
 * A resolver over live tokens ('good' for USER, 'service' for SERVICE); each user's groups are given.
 * `feed` is the change feed it keeps callers under (none: nothing is kept); `ended` tokens fail to slide.
 */
function resolver(
  groups: LinkedGroup[] = [g('g1', 'L/MARKETING'), g('g2', 'OBS.MARKETING')],
  feed?: { generation: () => string | undefined },
) {
  const seen: string[] = [];
  const slid: string[] = [];
  const ended = new Set<string>();
  const users: Record<string, IdentityUser> = { good: USER, service: SERVICE };
  const resolve = new CallerResolver(
    {
      live: (token) => {
        const user = token === undefined ? undefined : users[token];
        return Promise.resolve(user ? { user, expiresAt: HOUR_LATER } : null);
      },
      slide: (token) => {
        slid.push(token);
        return Promise.resolve(!ended.has(token));
      },
    },
    {
      activeGroups: (userId: string) => {
        seen.push(userId);
        return Promise.resolve(groups);
      },
    },
    { CLIENT_ID: 'paddock', PROVIDER_SERVICE_USERNAME: 'paddock.workflow' },
    { now: () => NOW },
    feed,
  );
  return { resolve, seen, slid, ended };
}

function g(id: string, name: string): LinkedGroup {
  return { id, name };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e);
  if (!(error instanceof ThronError)) throw new Error('expected a ThronError');
  return error.failure.resultCode;
}

describe('CallerResolver', () => {
  it("gives the token's user with their active groups", async () => {
    const { resolve, seen } = resolver();
    await expect(resolve.resolve('paddock', 'good')).resolves.toEqual({
      user: USER,
      groupIds: ['g1', 'g2'],
      // SPEC §6: the department junk is the admin's; staff find no such folder at the provider.
      opensJunk: false,
      serviceAccount: false,
      roles: ['user', 'observer'],
      department: 'MARKETING',
    });
    expect(seen).toEqual([USER.id]);
  });

  it('knows the service account by its configured username, and an admin by the role derivation', async () => {
    await expect(resolver().resolve.resolve('paddock', 'service')).resolves.toMatchObject({
      serviceAccount: true,
      opensJunk: true,
      roles: ['user', 'observer'],
    });
    const admin = resolver([g('g1', 'L/MARKETING'), g('g3', 'PADDOCK.ADMIN')]);
    await expect(admin.resolve.resolve('paddock', 'good')).resolves.toMatchObject({
      serviceAccount: false,
      opensJunk: true,
      roles: ['user', 'admin'],
    });
  });

  it('refuses another client before looking at the token, then an unknown or missing token', async () => {
    const { resolve } = resolver();
    await expect(refusal(resolve.resolve('acme', 'good'))).resolves.toBe('CLIENT_NOT_FOUND');
    await expect(refusal(resolve.resolve(undefined, 'bad'))).resolves.toBe('CLIENT_NOT_FOUND');
    await expect(refusal(resolve.resolve('paddock', 'bad'))).resolves.toBe('SESSION_NON_FOUND');
    await expect(refusal(resolve.resolve('paddock', undefined))).resolves.toBe('SESSION_NON_FOUND');
    await expect(refusal(resolve.resolve('paddock', 'x'.repeat(500)))).resolves.toBe('SESSION_NON_FOUND');
  });

  it('keeps who a token is until a change is announced, and slides the token at every use', async () => {
    let generation = '1.0';
    const { resolve, seen, slid } = resolver(undefined, { generation: () => generation });
    const first = await resolve.resolve('paddock', 'good');
    await expect(resolve.resolve('paddock', 'good')).resolves.toBe(first);
    expect(seen).toEqual([USER.id]);
    expect(slid).toEqual(['good', 'good']);
    generation = '1.1';
    await expect(resolve.resolve('paddock', 'good')).resolves.toEqual(first);
    expect(seen).toEqual([USER.id, USER.id]);
  });

  it('refuses a kept token that has ended, and keeps no refusal', async () => {
    const { resolve, seen, ended } = resolver(undefined, { generation: () => '1.0' });
    await resolve.resolve('paddock', 'good');
    ended.add('good');
    await expect(refusal(resolve.resolve('paddock', 'good'))).resolves.toBe('SESSION_NON_FOUND');
    await expect(refusal(resolve.resolve('paddock', 'bad'))).resolves.toBe('SESSION_NON_FOUND');
    ended.delete('good');
    await resolve.resolve('paddock', 'good');
    expect(seen).toEqual([USER.id]);
  });

  it('keeps nothing while the feed hears nothing', async () => {
    const { resolve, seen } = resolver(undefined, { generation: () => undefined });
    await resolve.resolve('paddock', 'good');
    await resolve.resolve('paddock', 'good');
    expect(seen).toEqual([USER.id, USER.id]);
  });
});

describe('CallerGuard', () => {
  /** Runs the guard of an endpoint declared with `options` on a request; returns what it passed on. */
  async function call(options: CallerOptions, req: Record<string, unknown>) {
    class Endpoint {
      @Authenticated(options)
      handle(): void {}
    }
    const asked: [string | undefined, string | undefined][] = [];
    const callers = {
      resolve: (clientId: string | undefined, token: string | undefined) => {
        asked.push([clientId, token]);
        return Promise.resolve(providerCaller(USER.username, []));
      },
    };
    const request = { headers: {}, params: {}, query: {}, body: undefined, ...req };
    const context = new ExecutionContextHost(
      [request, {}, () => undefined],
      Endpoint,
      Endpoint.prototype.handle,
    );
    await expect(new CallerGuard(new Reflector(), callers).canActivate(context)).resolves.toBe(true);
    return { asked, request };
  }

  it('reads the clientId where the endpoint says THRON puts it, and the token from X-TOKENID', async () => {
    const headers = { 'x-tokenid': 'tok' };
    const path = await call(
      { clientId: 'path' },
      { headers, params: { clientId: 'p' }, query: { clientId: 'q' } },
    );
    expect(path.asked).toEqual([['p', 'tok']]);
    expect(path.request).toMatchObject({ providerCaller: { user: USER } });
    expect((await call({ clientId: 'query' }, { headers, query: { clientId: 'q' } })).asked).toEqual([
      ['q', 'tok'],
    ]);
    const body = { client: { clientId: 'b' } };
    expect((await call({ clientId: 'body' }, { headers, body })).asked).toEqual([['b', 'tok']]);
    expect((await call({ clientId: 'body' }, { headers, body: { client: 'b' } })).asked).toEqual([
      [undefined, 'tok'],
    ]);
  });

  it("takes the endpoint's alternative token only without the header", async () => {
    const params = { clientId: 'p' };
    const query = { tokenId: 'from-query' };
    expect((await call({ clientId: 'path', token: 'query' }, { params, query })).asked).toEqual([
      ['p', 'from-query'],
    ]);
    const both = { params, query, headers: { 'x-tokenid': 'header' } };
    expect((await call({ clientId: 'path', token: 'query' }, both)).asked).toEqual([['p', 'header']]);
    expect(
      (await call({ clientId: 'path', token: 'body' }, { params, body: { tokenId: 'form' } })).asked,
    ).toEqual([['p', 'form']]);
    expect((await call({ clientId: 'path' }, { params, query })).asked).toEqual([['p', undefined]]);
  });
});
