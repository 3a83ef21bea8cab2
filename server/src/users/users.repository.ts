import { Injectable } from '@nestjs/common';
import { HubPrismaService } from '../database/hub-prisma.service';
import { Prisma } from '../generated/hub/client';
import { containsPattern, prefixPattern } from '../common/like-pattern';
import type { DirectoryPage, DirectoryQuery } from './users.types';

const SEARCHED_COLUMNS = ['username', 'first_name', 'last_name', 'email', 'company_name'] as const;

interface Row {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  company_name: string;
  department: string | null;
}

/** The hub's directory of people (hub.directory_user, kept in step at sign-in by the auth module). */
@Injectable()
export class UsersRepository {
  constructor(private readonly prisma: HubPrismaService) {}

  /**
   * Case-insensitive "contains" search over username, names, e-mail and company: each term must
   * match one of them. ILIKE with escaped wildcards, so a pg_trgm GIN index on these columns
   * serves it; people whose fields start with the first term come first, then by name.
   */
  async search(query: DirectoryQuery): Promise<DirectoryPage> {
    const byTerms = query.terms.length
      ? Prisma.join(
          query.terms.map((term) => anyColumn(Prisma.sql`ILIKE ${containsPattern(term)} ESCAPE '\\'`)),
          ' AND ',
        )
      : Prisma.sql`TRUE`;
    const byUsernames =
      query.usernames === undefined
        ? Prisma.sql`TRUE`
        : query.usernames.length
          ? Prisma.sql`"username" IN (${Prisma.join(query.usernames)})`
          : Prisma.sql`FALSE`;
    const where = Prisma.sql`(${byTerms}) AND ${byUsernames}`;
    const first = query.terms[0];
    const byName = Prisma.sql`lower("last_name"), lower("first_name"), "username"`;
    const order = first
      ? Prisma.sql`CASE WHEN ${anyColumn(Prisma.sql`ILIKE ${prefixPattern(first)} ESCAPE '\\'`)} THEN 0 ELSE 1 END, ${byName}`
      : byName;
    const [rows, counted] = await Promise.all([
      this.prisma.$queryRaw<Row[]>`
        SELECT "username", "first_name", "last_name", "email", "company_name", "department"
        FROM "hub"."directory_user"
        WHERE ${where}
        ORDER BY ${order}
        LIMIT ${query.limit} OFFSET ${query.offset}`,
      this.prisma.$queryRaw<{ total: bigint | number }[]>`
        SELECT count(*) AS "total" FROM "hub"."directory_user" WHERE ${where}`,
    ]);
    return {
      users: rows.map((r) => ({
        username: r.username,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        companyName: r.company_name,
        department: r.department,
      })),
      totalResults: Number(counted[0]?.total ?? 0),
    };
  }
}

function anyColumn(condition: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(${Prisma.join(
    SEARCHED_COLUMNS.map((c) => Prisma.sql`${Prisma.raw(`"${c}"`)} ${condition}`),
    ' OR ',
  )})`;
}
