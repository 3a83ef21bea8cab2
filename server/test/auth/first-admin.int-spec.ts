import type { SessionResponse } from '@paddock/rules';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { PasswordHasher } from '../../src/builtin-provider/identity/password-hasher';
import { UserDirectoryRepository } from '../../src/builtin-provider/identity/user-directory.repository';
import { FirstAdminCreator, FirstAdminRefused } from '../../src/seed/first-admin';
import { callAs, signInWithCookie } from '../support/cookie-session';
import { startTestApp, type TestApp } from '../support/test-app';

/** `create-admin` (issue 25): the first admin of a hub with no demo account, on a fresh database. */
describe('the first admin', () => {
  const PASSWORD = 'First-Admin-Pa55word!';
  let t: TestApp;
  let creator: FirstAdminCreator;
  let users: UserDirectoryRepository;

  beforeAll(async () => {
    t = await startTestApp({ PROVIDER_SERVICE_PASSWORD: 'a-service-password-of-this-hub' });
    users = t.app.get(UserDirectoryRepository, { strict: false });
    creator = new FirstAdminCreator(t.config, t.app.get(BuiltinIdentitySeeder, { strict: false }), users);
  });
  afterAll(() => t.close());

  it('refuses a password the product rule refuses, naming what it lacks, and writes nothing', async () => {
    await expect(creator.create('chief', 'short1!')).rejects.toThrow(
      new FirstAdminRefused(
        'The password is too weak: it needs at least 16 characters, an upper-case letter.',
      ),
    );
    expect(await users.findByUsername('chief')).toBeNull();
  });

  it('creates an admin who signs in, and the service account the hub signs in with', async () => {
    await creator.create('chief', PASSWORD);
    const who = await signInWithCookie(t, 'chief', PASSWORD);
    const session = (await (await callAs(t, '/api/session', who)).json()) as SessionResponse;
    expect(session.roles).toContain('admin');
    const service = await users.findByUsername(t.config.PROVIDER_SERVICE_USERNAME);
    expect(
      await t.app
        .get(PasswordHasher, { strict: false })
        .verify(service?.passwordHash ?? null, 'a-service-password-of-this-hub'),
    ).toBe(true);
  });

  it('never resets the password of an existing account', async () => {
    await expect(creator.create('chief', 'Another-Pa55word-123!')).rejects.toThrow(
      new FirstAdminRefused('chief already exists: choose another username.'),
    );
    await expect(signInWithCookie(t, 'chief', PASSWORD)).resolves.toBeDefined();
  });
});
