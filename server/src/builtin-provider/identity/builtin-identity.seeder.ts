import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { GroupRepository } from './group.repository';
import { PasswordHasher } from './password-hasher';
import { UserDirectoryRepository } from './user-directory.repository';

export interface SeedGroup {
  name: string;
  /** Defaults to groupIdOf(name). */
  id?: string;
  description?: string;
  active?: boolean;
}

export interface SeedUser {
  username: string;
  /** Undefined keeps the current password; null leaves the user without one (single sign-on only). */
  password?: string | null;
  firstName?: string;
  lastName?: string;
  email?: string;
  companyName?: string;
  imageUrl?: string | null;
  /** Subject at the OpenID issuer. */
  externalId?: string | null;
  active?: boolean;
  passwordExpiresAt?: Date | null;
  /** Names of the groups the user is linked to, exactly; groups not seeded yet are created. */
  groups?: string[];
}

/** A group id derived from its name, so every machine and every run seeds the same ids. */
export function groupIdOf(name: string): string {
  const h = createHash('sha256').update(`paddock-group:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * Writes users and groups into the built-in provider for the demo seed and for tests. Idempotent:
 * running the same seed twice leaves the same rows (a password that still verifies is not re-hashed).
 * Login bookkeeping (failed attempts, lock, last login) is left alone.
 */
@Injectable()
export class BuiltinIdentitySeeder {
  constructor(
    private readonly users: UserDirectoryRepository,
    private readonly groups: GroupRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /** Upserts the groups by name; returns their ids by name. */
  async upsertGroups(groups: SeedGroup[]): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    for (const g of groups)
      ids.set(
        g.name,
        await this.groups.upsertByName({
          id: g.id ?? groupIdOf(g.name),
          name: g.name,
          description: g.description ?? '',
          active: g.active ?? true,
        }),
      );
    return ids;
  }

  /** Upserts the user by username and sets their group links; returns the user's id. */
  async upsertUser(user: SeedUser): Promise<string> {
    const id = await this.users.upsertProfile({
      username: user.username,
      passwordHash: await this.passwordHashFor(user),
      active: user.active ?? true,
      passwordExpiresAt: user.passwordExpiresAt ?? null,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
      companyName: user.companyName ?? '',
      imageUrl: user.imageUrl ?? null,
      externalId: user.externalId ?? null,
    });
    const names = [...new Set(user.groups ?? [])];
    const ids = await this.groups.ensure(names.map((name) => ({ id: groupIdOf(name), name })));
    const groupIds = names.flatMap((n) => ids.get(n) ?? []);
    if (groupIds.length !== names.length)
      throw new Error(`Could not seed the groups of ${user.username}: a group id is taken by another name`);
    await this.users.setGroups(id, groupIds);
    return id;
  }

  private async passwordHashFor(user: SeedUser): Promise<string | null | undefined> {
    if (user.password === undefined || user.password === null) return user.password;
    const current = (await this.users.findByUsername(user.username))?.passwordHash ?? null;
    if (current !== null && (await this.hasher.verify(current, user.password))) return undefined;
    return this.hasher.hash(user.password);
  }
}
