import { Injectable } from '@nestjs/common';
import type { SavedListingQuery, SharedThing } from '@paddock/rules';
import { HubPrismaService } from '../database/hub-prisma.service';
import type { Prisma } from '../generated/hub/client';
import { savedListingQueryOf } from './saved-search-query';
import { isNameTaken, readableBy } from './shared-items';

/** A saved search as the hub keeps it, with whom it is shared. */
export interface StoredSavedSearch extends SharedThing {
  id: string;
  name: string;
  query: SavedListingQuery;
}

/** What a write did: done, or refused because the owner has one of that name already. */
export type NamedWrite<T> = { outcome: 'done'; value: T } | { outcome: 'name-taken' };

const WITH_SHARES = { shares: { select: { username: true }, orderBy: { username: 'asc' } } } as const;

interface Row {
  id: string;
  owner: string;
  name: string;
  query: unknown;
  department: string | null;
  shares: { username: string }[];
}

function toStored(row: Row): StoredSavedSearch {
  return {
    id: row.id,
    owner: row.owner,
    name: row.name,
    // Checked by every write (savedListingQuerySchema); a row edited by hand opens as a plain listing.
    query: savedListingQueryOf(row.query) ?? {},
    department: row.department,
    users: row.shares.map((s) => s.username),
  };
}

/** Saved searches, their shares and every user's pins (hub.saved_search*, docs/saved-searches.md). */
@Injectable()
export class SavedSearchesRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  /** What a user reads: their own, those shared with them by name or with their department. */
  async readableBy(username: string, department: string | null): Promise<StoredSavedSearch[]> {
    const rows = await this.prisma.savedSearch.findMany({
      where: readableBy(username, department),
      include: WITH_SHARES,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    });
    return rows.map(toStored);
  }

  async find(id: string): Promise<StoredSavedSearch | null> {
    const row = await this.prisma.savedSearch.findUnique({ where: { id }, include: WITH_SHARES });
    return row ? toStored(row) : null;
  }

  countOwned(owner: string): Promise<number> {
    return this.prisma.savedSearch.count({ where: { owner } });
  }

  async create(
    owner: string,
    name: string,
    query: SavedListingQuery,
  ): Promise<NamedWrite<StoredSavedSearch>> {
    try {
      const row = await this.prisma.savedSearch.create({
        data: { owner, name, query: query as Prisma.InputJsonObject },
        include: WITH_SHARES,
      });
      return { outcome: 'done', value: toStored(row) };
    } catch (error) {
      if (isNameTaken(error)) return { outcome: 'name-taken' };
      throw error;
    }
  }

  async update(
    id: string,
    change: { name?: string; query?: SavedListingQuery },
  ): Promise<NamedWrite<StoredSavedSearch>> {
    try {
      const row = await this.prisma.savedSearch.update({
        where: { id },
        data: {
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.query !== undefined ? { query: change.query as Prisma.InputJsonObject } : {}),
        },
        include: WITH_SHARES,
      });
      return { outcome: 'done', value: toStored(row) };
    } catch (error) {
      if (isNameTaken(error)) return { outcome: 'name-taken' };
      throw error;
    }
  }

  /** Replaces with whom it is shared, in one transaction. */
  async share(id: string, users: readonly string[], department: string | null): Promise<StoredSavedSearch> {
    const [, , row] = await this.prisma.$transaction([
      this.prisma.savedSearchShare.deleteMany({ where: { savedSearchId: id } }),
      this.prisma.savedSearchShare.createMany({
        data: users.map((username) => ({ savedSearchId: id, username })),
      }),
      this.prisma.savedSearch.update({ where: { id }, data: { department }, include: WITH_SHARES }),
    ]);
    return toStored(row);
  }

  /** Deletes it with its shares and everyone's pins of it. */
  async delete(id: string): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.savedSearchPin.deleteMany({ where: { searchId: id } }),
      this.prisma.savedSearch.deleteMany({ where: { id } }),
    ]);
  }

  async pinsOf(username: string): Promise<Set<string>> {
    const rows = await this.prisma.savedSearchPin.findMany({
      where: { username },
      select: { searchId: true },
    });
    return new Set(rows.map((row) => row.searchId));
  }

  async pin(username: string, searchId: string, pinned: boolean): Promise<void> {
    if (pinned)
      await this.prisma.savedSearchPin.createMany({ data: [{ username, searchId }], skipDuplicates: true });
    else await this.prisma.savedSearchPin.deleteMany({ where: { username, searchId } });
  }
}
