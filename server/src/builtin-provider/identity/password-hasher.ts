import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashes with argon2id (the library's default algorithm and parameters: 19 MiB, 2 passes,
 * OWASP's recommended minimum).
 */
@Injectable()
export class PasswordHasher {
  // Made at start, so the first unknown username does not take one hash longer than the rest.
  private readonly dummyHash = hash('paddock-dummy-password');

  hash(password: string): Promise<string> {
    return hash(password);
  }

  /**
   * True when `password` matches `passwordHash`. A user without a hash (or an unknown user, passed
   * as null) is checked against a throw-away hash so that the answer takes as long either way.
   */
  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (passwordHash === null) {
      await verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash matches nothing.
      return false;
    }
  }
}
