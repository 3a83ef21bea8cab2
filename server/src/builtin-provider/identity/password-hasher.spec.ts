import { PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id and verifies', async () => {
    const h = await hasher.hash('Correct-Horse-9');
    expect(h).toMatch(/^\$argon2id\$/);
    await expect(hasher.verify(h, 'Correct-Horse-9')).resolves.toBe(true);
    await expect(hasher.verify(h, 'correct-horse-9')).resolves.toBe(false);
  });

  it('refuses a user without a hash and a malformed hash', async () => {
    await expect(hasher.verify(null, 'anything')).resolves.toBe(false);
    await expect(hasher.verify('not-a-hash', 'anything')).resolves.toBe(false);
  });
});
