import { Injectable } from '@nestjs/common';
import type { SharedThing } from '@paddock/rules';
import { HubPrismaService } from '../database/hub-prisma.service';
import { isNameTaken, readableBy } from '../saved-searches/shared-items';

/** A collection as the hub keeps it: whom it is shared with and how many assets it keeps. */
export interface StoredCollection extends SharedThing {
  id: string;
  name: string;
  size: number;
}

export type CollectionWrite = { outcome: 'done'; value: StoredCollection } | { outcome: 'name-taken' };

const WITH_SHARES = {
  shares: { select: { username: true }, orderBy: { username: 'asc' } },
  _count: { select: { items: true } },
} as const;

interface Row {
  id: string;
  owner: string;
  name: string;
  department: string | null;
  shares: { username: string }[];
  _count: { items: number };
}

function toStored(row: Row): StoredCollection {
  return {
    id: row.id,
    owner: row.owner,
    name: row.name,
    department: row.department,
    users: row.shares.map((s) => s.username),
    size: row._count.items,
  };
}

async function named(write: () => Promise<Row>): Promise<CollectionWrite> {
  try {
    return { outcome: 'done', value: toStored(await write()) };
  } catch (error) {
    if (isNameTaken(error)) return { outcome: 'name-taken' };
    throw error;
  }
}

/**
 * Collections and their assets' ids (hub.collection*, docs/saved-searches.md). Nothing here
 * touches an asset: removing an id, or the collection, deletes rows of the hub only.
 */
@Injectable()
export class CollectionsRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  async readableBy(username: string, department: string | null): Promise<StoredCollection[]> {
    const rows = await this.prisma.collection.findMany({
      where: readableBy(username, department),
      include: WITH_SHARES,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    });
    return rows.map(toStored);
  }

  async find(id: string): Promise<StoredCollection | null> {
    const row = await this.prisma.collection.findUnique({ where: { id }, include: WITH_SHARES });
    return row ? toStored(row) : null;
  }

  countOwned(owner: string): Promise<number> {
    return this.prisma.collection.count({ where: { owner } });
  }

  create(owner: string, name: string): Promise<CollectionWrite> {
    return named(() => this.prisma.collection.create({ data: { owner, name }, include: WITH_SHARES }));
  }

  rename(id: string, name: string): Promise<CollectionWrite> {
    return named(() =>
      this.prisma.collection.update({ where: { id }, data: { name }, include: WITH_SHARES }),
    );
  }

  async share(id: string, users: readonly string[], department: string | null): Promise<StoredCollection> {
    const [, , row] = await this.prisma.$transaction([
      this.prisma.collectionShare.deleteMany({ where: { collectionId: id } }),
      this.prisma.collectionShare.createMany({
        data: users.map((username) => ({ collectionId: id, username })),
      }),
      this.prisma.collection.update({ where: { id }, data: { department }, include: WITH_SHARES }),
    ]);
    return toStored(row);
  }

  async delete(id: string): Promise<void> {
    await this.prisma.collection.deleteMany({ where: { id } });
  }

  /** The ids it keeps, the latest added first. */
  async itemsOf(id: string): Promise<string[]> {
    const rows = await this.prisma.collectionItem.findMany({
      where: { collectionId: id },
      orderBy: [{ addedAt: 'desc' }, { contentId: 'asc' }],
      select: { contentId: true },
    });
    return rows.map((row) => row.contentId);
  }

  async add(id: string, contentIds: readonly string[], addedBy: string): Promise<void> {
    await this.prisma.collectionItem.createMany({
      data: contentIds.map((contentId) => ({ collectionId: id, contentId, addedBy })),
      skipDuplicates: true,
    });
  }

  async remove(id: string, contentIds: readonly string[]): Promise<void> {
    await this.prisma.collectionItem.deleteMany({
      where: { collectionId: id, contentId: { in: [...contentIds] } },
    });
  }
}
