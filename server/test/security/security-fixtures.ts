import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { FOLDER_CODES, departmentFolderPrettyId } from '@paddock/rules';
import { FolderSeeder } from '../../src/builtin-provider/folders/folder.seeder';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { DEMO_PASSWORD } from '../../src/config/config.schema';
import { providerDb } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedDemoOrganisation } from '../workflow/workflow-fixtures';

/** One demo account per role of SPEC §6 (server/src/seed/demo-data.ts), as the attackers. */
export const DEMO_ROLES = {
  user: 'mario.rossi',
  'approver step 1': 'anna.bianchi',
  'approver step 2': 'luca.conti',
  supplier: 'foto.studio',
  observer: 'paola.neri',
  basic_user: 'giulia.basic',
  'multi-department': 'marco.multi',
  'branch-sharing': 'sara.branch',
} as const;

/**
 * A third department none of the demo accounts belongs to (marco.multi holds both demo
 * departments' groups, so only a department outside the demo is foreign to every role).
 */
export const FOREIGN = {
  group: 'L/DESIGN',
  user: 'dina.design',
  archive: departmentFolderPrettyId(FOLDER_CODES.departmentArchive, 'DESIGN'),
  empty: `${departmentFolderPrettyId(FOLDER_CODES.departmentArchive, 'DESIGN')}-empty`,
} as const;

/** An id of the right shape that names nothing. */
export const UNKNOWN_UUID = '00000000-0000-4000-8000-00000000abcd';
/** Over every id's length bound (FolderIdParams, RegistryIdParams): refused before any lookup. */
export const TOO_LONG = 'x'.repeat(201);

/** The matrices' attackers: every demo role, the administrator and the foreign department's user. */
export const MATRIX_USERS: readonly string[] = [...Object.values(DEMO_ROLES), 'admin', FOREIGN.user];

export interface SecurityWorld {
  /** Folder id by prettyId (the demo's and the foreign department's). */
  folders: Map<string, string>;
  /** A content in the foreign department's archive only. */
  foreignContent: string;
  /** The provider token of a user, signed in at the provider as any THRON client would. */
  token(username: string): Promise<string>;
}

let address = 20;

/** The demo organisation, the foreign department (an archive with one content, an empty sub-folder) and its member. */
export async function seedSecurityWorld(t: TestApp): Promise<SecurityWorld> {
  await seedDemoOrganisation(t);
  const identity = t.app.get(BuiltinIdentitySeeder);
  const groups = await identity.upsertGroups([{ name: FOREIGN.group }]);
  const design = groups.get(FOREIGN.group)!;
  await identity.upsertUser({ username: FOREIGN.user, password: DEMO_PASSWORD, groups: [FOREIGN.group] });
  const acl = new Map([[design, { write: true, manage: true, share: true }]]);
  await new FolderSeeder(providerDb(t)).upsertFolders([
    { prettyId: FOREIGN.archive, parent: null, names: { IT: 'Design', EN: 'Design' }, acl },
    { prettyId: FOREIGN.empty, parent: FOREIGN.archive, names: { IT: 'Vuota', EN: 'Empty' }, acl },
  ]);
  const rows = await providerDb(t).category.findMany({ select: { id: true, prettyId: true } });
  const folders = new Map(rows.map((r) => [r.prettyId, r.id]));
  const foreignContent = await insertContent(t, {
    name: 'Prototipo riservato',
    folders: [folders.get(FOREIGN.archive)!],
    owner: FOREIGN.user,
  });
  const tokens = new Map<string, string>();
  return {
    folders,
    foreignContent,
    async token(username) {
      const known = tokens.get(username);
      if (known) return known;
      address += 1;
      const password =
        username === t.config.PROVIDER_SERVICE_USERNAME ? t.config.PROVIDER_SERVICE_PASSWORD : DEMO_PASSWORD;
      const res = await fetch(`${t.url}/provider/xsso/resources/accessmanager/login/${t.config.CLIENT_ID}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `198.51.100.${address}`,
        },
        body: new URLSearchParams({ username, password }).toString(),
      });
      const body = (await res.json()) as { tokenId?: string };
      if (!body.tokenId) throw new Error(`provider login of ${username} answered ${res.status}`);
      tokens.set(username, body.tokenId);
      return body.tokenId;
    },
  };
}

export interface ProviderAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A JSON call to the built-in provider with a token in X-TOKENID. */
export async function provider(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<ProviderAnswer> {
  const raw = body instanceof Buffer;
  const res = await fetch(`${t.url}/provider/${path}`, {
    method,
    headers: {
      'x-tokenid': token,
      ...(body === undefined
        ? {}
        : { 'content-type': raw ? 'application/octet-stream' : 'application/json' }),
    },
    body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/**
 * Everything a provider write can change, read straight from the database: folders and their ACL,
 * contents with their locales, folder links, versions, tags and metadata, tag definitions. Equal
 * snapshots before and after a call mean the call changed nothing.
 */
export async function providerState(t: TestApp): Promise<unknown> {
  const db = providerDb(t);
  const state = {
    categories: await db.category.findMany({ orderBy: { id: 'asc' } }),
    acl: await db.categoryAcl.findMany({ orderBy: [{ categoryId: 'asc' }, { groupId: 'asc' }] }),
    contents: await db.content.findMany({ orderBy: { id: 'asc' } }),
    locales: await db.contentLocale.findMany({ orderBy: [{ contentId: 'asc' }, { locale: 'asc' }] }),
    links: await db.contentCategory.findMany({ orderBy: [{ contentId: 'asc' }, { categoryId: 'asc' }] }),
    sources: await db.contentSource.findMany({ orderBy: [{ contentId: 'asc' }, { version: 'asc' }] }),
    tags: await db.contentTag.findMany({ orderBy: [{ contentId: 'asc' }, { tagId: 'asc' }] }),
    metadata: await db.contentMetadata.findMany({ orderBy: { id: 'asc' } }),
    tagDefinitions: await db.tagDefinition.findMany({ orderBy: { id: 'asc' } }),
    drafts: await db.contentDraft.findMany({ orderBy: [{ contentId: 'asc' }, { userId: 'asc' }] }),
  };
  return JSON.parse(
    JSON.stringify(state, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
  );
}

/** One route of the built-in provider, read from its controllers' metadata. */
export interface ProviderRoute {
  method: RequestMethod;
  /** The controller's path (`provider/…`) and the route's under it, with its `:params`. */
  base: string;
  route: string;
  controller: Type;
  handler: string;
}

/** Every route under /provider the booted app serves. */
export function providerRoutes(t: TestApp): ProviderRoute[] {
  const routes: ProviderRoute[] = [];
  for (const module of t.app.get(ModulesContainer).values())
    for (const { metatype } of module.controllers.values()) {
      if (!metatype) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, metatype));
      if (!base.startsWith('provider/')) continue;
      const prototype = metatype.prototype as Record<string, unknown>;
      for (const handler of Object.getOwnPropertyNames(prototype)) {
        const fn = prototype[handler];
        if (typeof fn !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, fn) as unknown;
        if (typeof method !== 'number') continue;
        const paths = [Reflect.getMetadata(PATH_METADATA, fn) as string | string[]].flat();
        routes.push({
          method: method as RequestMethod,
          base,
          route: paths[0],
          controller: metatype as Type,
          handler,
        });
      }
    }
  return routes;
}

/** A MARKETING special folder's prettyId by its SPEC §3 code (the demo department the attackers are in). */
export const marketing = (code: string) => departmentFolderPrettyId(code, 'MARKETING');

/** Runs `attack` and answers what it answered, failing if the provider's database changed. */
export async function unchangedProvider<T>(t: TestApp, attack: () => Promise<T>): Promise<T> {
  const before = await providerState(t);
  const answer = await attack();
  expect(await providerState(t)).toEqual(before);
  return answer;
}

/** What every security suite stands on: its own app over the security world, and the ids in it. */
export interface SecuritySuite {
  readonly t: TestApp;
  readonly world: SecurityWorld;
  /** A folder's id by its prettyId. */
  folder(prettyId: string): string;
  /** The client id in the provider's paths. */
  client(): string;
  /** Runs `attack` and answers what it answered, failing if the provider's database changed. */
  unchanged<T>(attack: () => Promise<T>): Promise<T>;
}

/**
 * Starts the app and seeds the security world before the calling describe's tests, and closes it
 * after: call it at the top of the describe, before the suite's own beforeAll.
 */
export function securitySuite(): SecuritySuite {
  let t: TestApp | undefined;
  let world: SecurityWorld | undefined;
  beforeAll(async () => {
    t = await startTestApp();
    world = await seedSecurityWorld(t);
  });
  afterAll(() => t?.close());
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The security suite is used before its beforeAll ran');
    return value;
  };
  return {
    get t() {
      return started(t);
    },
    get world() {
      return started(world);
    },
    folder: (prettyId) => started(world).folders.get(prettyId)!,
    client: () => started(t).config.CLIENT_ID,
    unchanged: (attack) => unchangedProvider(started(t), attack),
  };
}

/** A file put in the caller's own incoming area at the provider, for insert and new-version attacks. */
export async function incomingFile(
  t: TestApp,
  token: string,
  fileName: string,
): Promise<{ bucket: string; filePath: string }> {
  const res = await provider(
    t,
    token,
    'PUT',
    `xpackager/resources/upload/${t.config.CLIENT_ID}?fileName=${fileName}`,
    Buffer.from('bytes of the attacker'),
  );
  expect(res.status).toBe(200);
  return res.body as { bucket: string; filePath: string };
}
