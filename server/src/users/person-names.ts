import { Injectable } from '@nestjs/common';
import { HubPrismaService } from '../database/hub-prisma.service';

/**
 * How people are named to other people (issue 23): "Luca Conti", as the directory knows them, rather
 * than the username the provider records; a username the directory does not know, or knows without
 * a name, is shown as it is.
 */
@Injectable()
export class PersonNames {
  constructor(private readonly prisma: HubPrismaService) {}

  /** Each username with its name to show. */
  async of(usernames: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(usernames)];
    const rows = wanted.length
      ? await this.prisma.directoryUser.findMany({
          where: { username: { in: wanted } },
          select: { username: true, firstName: true, lastName: true },
        })
      : [];
    const named = new Map(rows.map((r) => [r.username, `${r.firstName} ${r.lastName}`.trim()]));
    return new Map(wanted.map((u) => [u, named.get(u) || u]));
  }

  async nameOf(username: string): Promise<string> {
    return (await this.of([username])).get(username)!;
  }
}
