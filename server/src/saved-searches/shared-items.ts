import { Prisma } from '../generated/hub/client';

/**
 * What a user reads of the saved searches or the collections: their own, those shared with them by
 * name and those shared with their department (kept in lower case). One meaning for both tables.
 */
export function readableBy(username: string, department: string | null) {
  return {
    OR: [
      { owner: username },
      { shares: { some: { username } } },
      ...(department ? [{ department: department.toLowerCase() }] : []),
    ],
  };
}

/** A write refused because the owner already has an item of that name (the unique owner + name). */
export function isNameTaken(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}
