import { BuiltinProviderPrismaService } from '../../src/builtin-provider/builtin-provider-prisma.service';
import { FolderSeeder, type SeedFolder } from '../../src/builtin-provider/folders/folder.seeder';
import {
  BuiltinIdentitySeeder,
  groupIdOf,
} from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { HttpFoldersGateway, type ProviderFolder } from '../../src/provider/folders.gateway';
import { createProviderHttp } from '../../src/provider/http-provider.gateway';
import type { TestApp } from '../support/test-app';

export const FOLDER_PASSWORD = 'Paddock-Folders-Te5t!';

type Rights = { manage?: boolean; share?: boolean; write?: boolean };

/** A seed folder whose ACL names groups by name (ids are derived as the identity seeder does). */
export function folder(
  prettyId: string,
  parent: string | null,
  en: string,
  acl: Record<string, Rights>,
  options: { it?: string; fr?: string; isSupplier?: boolean } = {},
): SeedFolder {
  return {
    prettyId,
    parent,
    names: { IT: options.it ?? en, EN: en, ...(options.fr ? { FR: options.fr } : {}) },
    isSupplier: options.isSupplier,
    acl: new Map(Object.entries(acl).map(([name, r]) => [groupIdOf(name), r])),
  };
}

/** Creates the groups the folders' ACLs name, then the folders; returns ids by prettyId. */
export async function seedFolders(t: TestApp, folders: SeedFolder[], groupNames: string[]) {
  await t.app.get(BuiltinIdentitySeeder).upsertGroups(groupNames.map((name) => ({ name })));
  // FolderSeeder lives in the seed CLI's module, not in the app: built here over the app's client.
  return new FolderSeeder(t.app.get(BuiltinProviderPrismaService)).upsertFolders(folders);
}

export async function seedUser(t: TestApp, username: string, groups: string[], companyName = 'Marketing') {
  await t.app
    .get(BuiltinIdentitySeeder)
    .upsertUser({ username, password: FOLDER_PASSWORD, groups, companyName, firstName: username });
}

/**
 * Contents straight in the provider's tables (the contents service is another domain's), each
 * linked to `folderId` when given: linking elsewhere needs a right on the content through a folder.
 */
export async function insertContents(t: TestApp, count: number, folderId?: string): Promise<string[]> {
  const prisma = t.app.get(BuiltinProviderPrismaService);
  const rows = await prisma.content.createManyAndReturn({
    data: Array.from({ length: count }, () => ({
      contentType: 'IMAGE',
      sourceExtension: 'jpg',
      ownerUsername: 'tester',
    })),
    select: { id: true },
  });
  const ids = rows.map((r) => r.id);
  if (folderId)
    await prisma.contentCategory.createMany({
      data: ids.map((contentId) => ({ contentId, categoryId: folderId })),
    });
  return ids;
}

/** A folders gateway at `url`, recording the JSON bodies it sends. */
export function foldersGateway(url: string, clientId: string) {
  const http = createProviderHttp(url);
  const sent: { url: string; data: unknown }[] = [];
  http.interceptors.request.use((config) => {
    sent.push({ url: config.url ?? '', data: config.data as unknown });
    return config;
  });
  return { gateway: new HttpFoldersGateway(http, { CLIENT_ID: clientId }), sent };
}

export function namesOf(folders: ProviderFolder[]): string[] {
  return folders.map((f) => f.names.EN).sort();
}
