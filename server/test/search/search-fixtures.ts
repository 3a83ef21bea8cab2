import { randomUUID } from 'node:crypto';
import { departmentFolderPrettyId, FOLDER_CODES } from '@paddock/rules';
import { groupIdOf } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { PASSWORD, providerDb } from '../auth/auth-fixtures';
import type { TestApp } from '../support/test-app';

export const STAFF = 'L/MARKETING';
export const OTHERS = 'L/HERITAGE';

/** A user of the MARKETING department (role user), an observer, and someone of another department. */
export async function seedSearchPeople(t: TestApp): Promise<void> {
  const seeder = t.app.get(BuiltinIdentitySeeder);
  await seeder.upsertUser({
    username: 'mario.rossi',
    password: PASSWORD,
    firstName: 'Mario',
    lastName: 'Rossi',
    companyName: 'Marketing',
    groups: [STAFF],
  });
  await seeder.upsertUser({
    username: 'paola.neri',
    password: PASSWORD,
    companyName: 'Marketing',
    groups: [STAFF, 'OBS.MARKETING'],
  });
  await seeder.upsertUser({
    username: 'ugo.altri',
    password: PASSWORD,
    companyName: 'Heritage',
    groups: [OTHERS],
  });
}

/** Folder ids by prettyId. */
export type Folders = Record<string, string>;

/**
 * MARKETING's tree: dept-marketing ⊃ arch04-marketing ⊃ (sub ⊃ deep), hidden (HERITAGE only);
 * rftt00, arrc03, junk and frnt01 of MARKETING beside it.
 */
export async function seedSearchFolders(t: TestApp): Promise<Folders> {
  const db = providerDb(t);
  const p = (code: string) => departmentFolderPrettyId(code, 'MARKETING');
  const tree: [string, string | null, string[]][] = [
    ['dept-marketing', null, [STAFF]],
    [p(FOLDER_CODES.departmentArchive), 'dept-marketing', [STAFF]],
    ['sub-marketing', p(FOLDER_CODES.departmentArchive), [STAFF]],
    ['deep-marketing', 'sub-marketing', [STAFF]],
    ['hidden-marketing', p(FOLDER_CODES.departmentArchive), [OTHERS]],
    [p(FOLDER_CODES.rejected), 'dept-marketing', [STAFF]],
    [p(FOLDER_CODES.enrichment), 'dept-marketing', [STAFF]],
    [p(FOLDER_CODES.junk), 'dept-marketing', [STAFF]],
    [p(FOLDER_CODES.suppliers), 'dept-marketing', [STAFF]],
  ];
  const ids: Folders = {};
  for (const [prettyId, parent, groups] of tree) {
    const folder = await db.category.create({
      data: {
        prettyId,
        parentId: parent ? ids[parent] : null,
        locales: [
          { locale: 'IT', name: prettyId, description: '' },
          { locale: 'EN', name: prettyId, description: '' },
        ],
        acl: { create: groups.map((g) => ({ groupId: groupIdOf(g), show: true })) },
      },
    });
    ids[prettyId] = folder.id;
  }
  return ids;
}

export interface ContentSeed {
  name: string;
  folders: string[];
  type?: string;
  extension?: string;
  createdAt?: Date;
  updatedAt?: Date;
  tags?: string[];
  metadata?: { key: string; value: string; valueNum?: number }[];
  trashed?: boolean;
  enName?: string;
  owner?: string;
}

/** Inserts a content the way the contents module stores one: content, locales, folder links, tags, metadata. */
export async function insertContent(t: TestApp, seed: ContentSeed): Promise<string> {
  const db = providerDb(t);
  const id = randomUUID();
  const createdAt = seed.createdAt ?? new Date();
  await db.content.create({
    data: {
      id,
      contentType: seed.type ?? 'IMAGE',
      sourceExtension: seed.extension ?? 'jpg',
      ownerUsername: seed.owner ?? 'mario.rossi',
      ownerFullName: seed.owner ? '' : 'Mario Rossi',
      state: 'READY',
      createdAt,
      updatedAt: seed.updatedAt ?? createdAt,
      trashedAt: seed.trashed ? new Date() : null,
      locales: {
        create: [
          { locale: 'IT', name: seed.name },
          { locale: 'EN', name: seed.enName ?? seed.name },
        ],
      },
      categories: { create: seed.folders.map((categoryId) => ({ categoryId })) },
      metadata: {
        create: (seed.metadata ?? []).map((m) => ({
          classificationId: 'ggdyqo',
          key: m.key,
          value: m.value,
          valueNum: m.valueNum ?? null,
        })),
      },
    },
  });
  for (const label of seed.tags ?? []) {
    const tag = await db.tagDefinition.create({
      data: {
        classificationId: 'ggdyqo',
        names: [{ lang: 'IT', label }],
        searchText: label.toLowerCase(),
      },
    });
    await db.contentTag.create({ data: { contentId: id, tagId: tag.id, classificationId: 'ggdyqo' } });
  }
  return id;
}
