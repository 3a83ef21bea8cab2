import { FolderSeeder } from '../../src/builtin-provider/folders/folder.seeder';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { PASSWORD, providerDb } from '../auth/auth-fixtures';
import type { TestApp } from './test-app';

/**
 * The smallest world to upload into: the users (password PASSWORD) of the provider group
 * L/MARKETING and one top folder that group writes. The folder's id.
 */
export async function seedMarketingWriters(
  t: TestApp,
  prettyId: string,
  usernames: string[],
): Promise<string> {
  const identity = t.app.get(BuiltinIdentitySeeder);
  for (const username of usernames)
    await identity.upsertUser({ username, password: PASSWORD, groups: ['L/MARKETING'] });
  const group = await providerDb(t).group.findUniqueOrThrow({ where: { name: 'L/MARKETING' } });
  const folders = await new FolderSeeder(providerDb(t)).upsertFolders([
    {
      prettyId,
      parent: null,
      names: { IT: 'Marketing', EN: 'Marketing' },
      acl: new Map([[group.id, { write: true }]]),
    },
  ]);
  return folders.get(prettyId)!;
}
