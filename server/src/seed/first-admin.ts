import { Inject, Injectable } from '@nestjs/common';
import { GENERAL_GROUPS, LIMITS, SHARE_PASSWORD_SPECIALS, sharePasswordProblems } from '@paddock/rules';
import type { SharePasswordProblem } from '@paddock/rules';
import { APP_CONFIG, type AppConfig } from '../config/config.module';
import { BuiltinIdentitySeeder, type SeedUser } from '../builtin-provider/identity/builtin-identity.seeder';
import { UserDirectoryRepository } from '../builtin-provider/identity/user-directory.repository';
import { SERVICE_ACCOUNT, demoEmail } from './demo-data';

/** The hub's workflow account in the built-in provider, with the password the hub signs in with. */
export function serviceAccountUser(
  config: Pick<AppConfig, 'PROVIDER_SERVICE_USERNAME' | 'PROVIDER_SERVICE_PASSWORD'>,
): SeedUser {
  return {
    username: config.PROVIDER_SERVICE_USERNAME,
    password: config.PROVIDER_SERVICE_PASSWORD,
    firstName: SERVICE_ACCOUNT.firstName,
    lastName: SERVICE_ACCOUNT.lastName,
    email: demoEmail(config.PROVIDER_SERVICE_USERNAME),
    companyName: SERVICE_ACCOUNT.companyName,
    groups: [SERVICE_ACCOUNT.group],
  };
}

const MISSING: Record<SharePasswordProblem, string> = {
  length: `at least ${LIMITS.sharePasswordMinLength} characters`,
  upper: 'an upper-case letter',
  lower: 'a lower-case letter',
  digit: 'a digit',
  special: `one of ${SHARE_PASSWORD_SPECIALS}`,
};

/** A refusal the command prints as it is: the operator's input, not a fault of the hub. */
export class FirstAdminRefused extends Error {}

/**
 * The first admin of a production hub, where no demo account exists (issue 25): a built-in
 * provider account in the admin group, and the workflow service account the hub needs beside it.
 */
@Injectable()
export class FirstAdminCreator {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly identity: BuiltinIdentitySeeder,
    private readonly users: UserDirectoryRepository,
  ) {}

  async create(username: string, password: string): Promise<void> {
    if (!username.trim()) throw new FirstAdminRefused('The username is empty.');
    // The product's one password rule (SPEC §5), the one external shares follow.
    const problems = sharePasswordProblems(password);
    if (problems.length)
      throw new FirstAdminRefused(
        `The password is too weak: it needs ${problems.map((p) => MISSING[p]).join(', ')}.`,
      );
    // Never a silent password reset of an existing account.
    if (await this.users.findByUsername(username))
      throw new FirstAdminRefused(`${username} already exists: choose another username.`);
    await this.identity.upsertUser({ username, password, groups: [GENERAL_GROUPS.admin] });
    await this.identity.upsertUser(serviceAccountUser(this.config));
  }
}
