import { createHash } from 'node:crypto';
import { identityUser } from '../../../test/support/provider-caller';
import type { IdentityUser } from './identity-user';
import { TokenService, tokenIdOf } from './token.service';

const NOW = new Date('2026-11-21T10:00:00Z');

function setUp(overrides: Partial<IdentityUser>) {
  const user = identityUser({ id: 'u1', username: 'mario', ...overrides });
  const rows = new Map<string, { userId: string; expiresAt: Date }>();
  const writes: Date[] = [];
  const service = new TokenService(
    {
      create: async (id, userId, expiresAt) => {
        rows.set(id, { userId, expiresAt });
      },
      live: async (id, now) => {
        const row = rows.get(id);
        return row && row.expiresAt > now ? { user, expiresAt: row.expiresAt } : null;
      },
      slide: async (id, now, expiresAt) => {
        const row = rows.get(id);
        if (!row || row.expiresAt <= now) return false;
        writes.push(expiresAt);
        row.expiresAt = expiresAt;
        return true;
      },
      delete: async (id) => {
        rows.delete(id);
      },
      deleteExpired: async () => undefined,
    },
    { PROVIDER_TOKEN_TTL_MINUTES: 60 },
    { now: () => NOW },
  );
  return { service, rows, writes };
}

describe('TokenService', () => {
  it('issues 32 random bytes as base64url and stores only their sha256', async () => {
    const { service, rows } = setUp({ active: true });
    const token = await service.issueToken('u1');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect([...rows.keys()]).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(rows.get(tokenIdOf(token))).toEqual({
      userId: 'u1',
      expiresAt: new Date(NOW.getTime() + 3_600_000),
    });
    expect(await service.issueToken('u1')).not.toBe(token);
  });

  it('slides the expiry on each validated use', async () => {
    const { service, rows } = setUp({ active: true, username: 'mario' });
    const token = await service.issueToken('u1');
    rows.set(tokenIdOf(token), { userId: 'u1', expiresAt: new Date(NOW.getTime() + 60_000) });
    await expect(service.resolve(token)).resolves.toMatchObject({ username: 'mario' });
    expect(rows.get(tokenIdOf(token))?.expiresAt).toEqual(new Date(NOW.getTime() + 3_600_000));
  });

  it('writes a slide only when the expiry is more than a minute behind', async () => {
    const { service, rows, writes } = setUp({ active: true });
    const token = await service.issueToken('u1');
    const live = await service.live(token);
    expect(live).toEqual({
      user: expect.objectContaining({ id: 'u1' }),
      expiresAt: new Date(NOW.getTime() + 3_600_000),
    });
    await expect(service.slide(token, live!)).resolves.toBe(true);
    expect(writes).toEqual([]);
    // A copy kept since an older read says it has expired; the row, slid by another process since, decides.
    const old = { user: live!.user, expiresAt: new Date(NOW.getTime() - 30 * 60_000) };
    await expect(service.slide(token, old)).resolves.toBe(true);
    expect(old.expiresAt).toEqual(new Date(NOW.getTime() + 3_600_000));
    expect(writes).toHaveLength(1);
    rows.delete(tokenIdOf(token));
    await expect(service.slide(token, { ...old, expiresAt: NOW })).resolves.toBe(false);
  });

  it('refuses missing, unknown, expired and oversized tokens, and tokens of inactive users', async () => {
    const { service, rows } = setUp({ active: true });
    const token = await service.issueToken('u1');
    await expect(service.resolve(undefined)).resolves.toBeNull();
    await expect(service.resolve('unknown')).resolves.toBeNull();
    await expect(service.resolve('x'.repeat(500))).resolves.toBeNull();
    rows.set(tokenIdOf(token), { userId: 'u1', expiresAt: NOW });
    await expect(service.resolve(token)).resolves.toBeNull();
    const inactive = setUp({ active: false });
    await expect(inactive.service.resolve(await inactive.service.issueToken('u2'))).resolves.toBeNull();
  });

  it('revokes a token', async () => {
    const { service, rows } = setUp({ active: true });
    const token = await service.issueToken('u1');
    await service.revoke(token);
    expect(rows.size).toBe(0);
  });
});
