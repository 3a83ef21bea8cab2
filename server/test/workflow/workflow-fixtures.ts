import { SHARING_TAGS, WORKFLOW_TAGS, type AssetOutcome } from '@paddock/rules';
import { DirectoryUserRepository } from '../../src/auth/directory-user.repository';
import { FolderSeeder } from '../../src/builtin-provider/folders/folder.seeder';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { ProfileService } from '../../src/profile/profile.service';
import { DEMO_PASSWORD } from '../../src/config/demo-secrets';
import { DEMO_DISCLAIMER } from '../../src/seed/demo-data';
import { DemoSeeder } from '../../src/seed/demo-seeder';
import { call, headersOf, providerDb, signIn, type Answer, type SignedIn } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/** The demo organisation (users, groups, both departments' workflow folders), without demo media. */
export async function seedDemoOrganisation(t: TestApp): Promise<Map<string, string>> {
  const get = <T>(type: new (...args: never[]) => T): T => t.app.get(type, { strict: false });
  const seeder = new DemoSeeder(
    t.config,
    get(ProfileService),
    get(DirectoryUserRepository),
    get(BuiltinIdentitySeeder),
    new FolderSeeder(providerDb(t)),
  );
  await seeder.run();
  await ensureServiceAccount(t);
  return folderIds(t);
}

/**
 * The workflow's service account and tags as the demo seed makes them (docs/workflow.md); only
 * adds what is missing, so it agrees with the seed.
 */
async function ensureServiceAccount(t: TestApp): Promise<void> {
  const identity = t.app.get(BuiltinIdentitySeeder);
  const groups = await identity.upsertGroups([{ name: SERVICE_GROUP }]);
  await identity.upsertUser({
    username: t.config.PROVIDER_SERVICE_USERNAME,
    password: t.config.PROVIDER_SERVICE_PASSWORD,
    groups: [SERVICE_GROUP],
  });
  const db = providerDb(t);
  const categories = await db.category.findMany({ select: { id: true } });
  await db.categoryAcl.createMany({
    data: categories.map((c) => ({ categoryId: c.id, groupId: groups.get(SERVICE_GROUP)!, write: true })),
    skipDuplicates: true,
  });
  await db.tagDefinition.createMany({
    data: [
      WORKFLOW_TAGS.accepted,
      WORKFLOW_TAGS.refused,
      WORKFLOW_TAGS.deleted,
      ...Object.values(SHARING_TAGS),
    ].map((prettyId) => ({
      prettyId,
      classificationId: WORKFLOW_TAGS.classification,
      names: [{ lang: 'EN', label: prettyId }],
      searchText: prettyId,
    })),
    skipDuplicates: true,
  });
}

/** Folder id by prettyId. */
export async function folderIds(t: TestApp): Promise<Map<string, string>> {
  const rows = await providerDb(t).category.findMany({ select: { id: true, prettyId: true } });
  return new Map(rows.map((r) => [r.prettyId, r.id]));
}

const SERVICE_GROUP = 'PADDOCK.WORKFLOW';

let ip = 10;
/**
 * A demo user's session, each from its own address (sign-in throttling is per address), with the
 * demo disclaimer accepted as the person does in its dialog (the hub refuses everything before).
 */
export async function as(t: TestApp, username: string): Promise<SignedIn> {
  ip += 1;
  const session = await signIn(t, username, DEMO_PASSWORD, `198.51.100.${ip}`);
  await t.app.get(ProfileService, { strict: false }).acceptDisclaimer(username, DEMO_DISCLAIMER.id);
  return session;
}

/** The Marketing people most workflow tests act as: anna (step 1), luca (step 2), mario (staff). */
export const MARKETING_PEOPLE = ['anna.bianchi', 'luca.conti', 'mario.rossi'] as const;

export interface DemoWorld {
  t: TestApp;
  /** Folder id by prettyId. */
  folders: Map<string, string>;
  /** The sessions of the people asked for, in their order. */
  people: SignedIn[];
}

/** A test file's app: the demo organisation seeded and these people signed in. */
export async function startDemoWorld(
  usernames: readonly string[],
  env: Record<string, string> = {},
): Promise<DemoWorld> {
  const t = await startTestApp(env);
  const folders = await seedDemoOrganisation(t);
  const people = await Promise.all(usernames.map((u) => as(t, u)));
  return { t, folders, people };
}

/** A job's submission (`POST path` as `s`), which must be accepted (202): the job's id. */
export async function submitJob(t: TestApp, s: SignedIn, path: string, body: object): Promise<string> {
  const res = await post<{ jobId: string }>(t, s, path, body);
  if (res.status !== 202) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.jobId;
}

export function post<T = unknown>(t: TestApp, s: SignedIn, path: string, json: unknown): Promise<Answer<T>> {
  return call<T>(t, 'POST', path, { json, headers: headersOf(s) });
}

export function get<T = unknown>(t: TestApp, s: SignedIn, path: string): Promise<Answer<T>> {
  return call<T>(t, 'GET', path, { headers: headersOf(s) });
}

export interface JobAnswer {
  id: string;
  state: string;
  progress: number;
  result: unknown;
  errorCode: string | null;
  outcomes?: AssetOutcome[];
}

/** Polls GET /api/jobs/:id until the job ends (completed or failed). */
export async function finished(
  t: TestApp,
  s: SignedIn,
  jobId: string,
  timeoutMs = 60_000,
): Promise<JobAnswer> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await get<JobAnswer>(t, s, `/api/jobs/${jobId}`);
    if (res.status !== 200) throw new Error(`GET /api/jobs/${jobId} answered ${res.status}`);
    if (res.body.state === 'completed' || res.body.state === 'failed') return res.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.body.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Contents straight in the provider, in the given folders (by prettyId). */
export async function contentsIn(
  t: TestApp,
  folders: Map<string, string>,
  prettyIds: string[],
  count = 1,
  extra: { tags?: string[]; metadata?: { key: string; value: string }[] } = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(
      await insertContent(t, {
        name: `wf-${prettyIds.join('+')}-${i}.jpg`,
        folders: prettyIds.map((p) => folders.get(p)!),
        metadata: extra.metadata,
      }),
    );
  return ids;
}

/** What a content is, read in the provider's tables: folders (prettyIds), tag prettyIds, metadata. */
export async function stateOf(t: TestApp, contentId: string) {
  const db = providerDb(t);
  const content = await db.content.findUnique({
    where: { id: contentId },
    include: {
      categories: { include: { category: true } },
      tags: { include: { tag: true } },
      metadata: true,
    },
  });
  if (!content) return null;
  return {
    trashed: content.trashedAt !== null,
    folders: content.categories.map((c) => c.category.prettyId).sort(),
    tags: content.tags.map((x) => x.tag.prettyId ?? x.tag.id).sort(),
    meta: Object.fromEntries(content.metadata.map((m) => [m.key, m.value])),
  };
}
