import {
  MAKER_ROLES,
  WORKFLOW_TAGS,
  assetLocaleOf,
  deriveRoles,
  folderNameIn,
  parseDrawing,
} from '@paddock/rules';
import { DirectoryUserRepository } from '../../src/auth/directory-user.repository';
import { BuiltinProviderPrismaService } from '../../src/builtin-provider/builtin-provider-prisma.service';
import { FolderSeeder } from '../../src/builtin-provider/folders/folder.seeder';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { HttpProviderGateway, createProviderHttp } from '../../src/provider/http-provider.gateway';
import { ProfileService } from '../../src/profile/profile.service';
import { SERVICE_ACCOUNT, campaignFolderPrettyId, demoFolders } from '../../src/seed/demo-data';
import { DemoSeeder } from '../../src/seed/demo-seeder';
import { DEMO_DELIVERIES, DEMO_REJECTION, DemoWorkflowSeeder } from '../../src/seed/demo-workflow';
import { hubDb } from '../auth/auth-fixtures';
import { foldersGateway } from '../folders/folder-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The demo seed's workflow part: the service account and its ACL, the workflow tags, and the
 * supplier's deliveries put in the flow (docs/workflow.md). Demo media are replaced by bare
 * contents with the demo names, which is all the workflow seed looks at.
 */
describe('demo seed: workflow service account, tags and deliveries', () => {
  let t: TestApp;
  let db: BuiltinProviderPrismaService;
  let seeder: DemoSeeder;
  const deliveries: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(BuiltinProviderPrismaService);
    const get = <T>(type: new (...args: never[]) => T): T => t.app.get(type, { strict: false });
    seeder = new DemoSeeder(
      t.config,
      get(ProfileService),
      get(DirectoryUserRepository),
      get(BuiltinIdentitySeeder),
      new FolderSeeder(db),
      undefined,
      new DemoWorkflowSeeder(db),
    );
    await seeder.run();
    // What the demo content seed uploads as foto.studio into MARKETING's supplier work folder.
    const work = await db.category.findUniqueOrThrow({ where: { prettyId: DEMO_DELIVERIES.supplierWork } });
    for (const name of [...DEMO_DELIVERIES.waiting.names, ...DEMO_DELIVERIES.rejected.names]) {
      const c = await db.content.create({
        data: {
          contentType: 'IMAGE',
          sourceExtension: 'jpg',
          ownerUsername: 'foto.studio',
          locales: { create: [{ locale: 'EN', name }] },
          categories: { create: [{ categoryId: work.id }] },
        },
      });
      deliveries[name] = c.id;
    }
  });
  afterAll(() => t.close());

  const linksOf = async (contentId: string) =>
    (
      await db.contentCategory.findMany({
        where: { contentId },
        select: { category: { select: { prettyId: true } } },
      })
    )
      .map((l) => l.category.prettyId)
      .sort();

  /** Every row the workflow seed writes or touches, in a stable order. */
  const snapshot = async () => ({
    tags: await db.tagDefinition.findMany({ orderBy: { prettyId: 'asc' } }),
    links: await db.contentCategory.findMany({
      select: { contentId: true, categoryId: true },
      orderBy: [{ contentId: 'asc' }, { categoryId: 'asc' }],
    }),
    contentTags: await db.contentTag.findMany({
      select: { contentId: true, tagId: true },
      orderBy: [{ contentId: 'asc' }, { tagId: 'asc' }],
    }),
    metadata: await db.contentMetadata.findMany({
      select: { contentId: true, key: true, value: true },
      orderBy: [{ contentId: 'asc' }, { key: 'asc' }],
    }),
    acl: await db.categoryAcl.findMany({ orderBy: [{ categoryId: 'asc' }, { groupId: 'asc' }] }),
    users: await db.user.findMany({ select: { username: true, groups: true }, orderBy: { username: 'asc' } }),
  });

  it('puts three deliveries at step 1 and one in rejected, each still in the supplier work folder', async () => {
    await seeder.run();
    const [waiting1, waiting2, quote] = DEMO_DELIVERIES.waiting.names.map((n) => deliveries[n]);
    for (const id of [waiting1, waiting2, quote])
      expect(await linksOf(id)).toEqual(['appstp1-marketing', 'lvrr02-marketing']);

    const refused = deliveries[DEMO_DELIVERIES.rejected.names[0]];
    expect(await linksOf(refused)).toEqual(['lvrr02-marketing', 'rftt00-marketing']);
    const tags = await db.contentTag.findMany({ where: { contentId: refused }, include: { tag: true } });
    expect(tags.map((x) => x.tag.prettyId)).toEqual([WORKFLOW_TAGS.refused]);
    const metadata = new Map(
      (await db.contentMetadata.findMany({ where: { contentId: refused } })).map((m) => [m.key, m.value]),
    );
    expect(metadata.get('content_note')).toBe(DEMO_REJECTION.note);
    expect(metadata.get('rejected_by')).toBe('luca.conti');
    expect(parseDrawing(metadata.get('jsoncanvas') ?? '')).toEqual(DEMO_REJECTION.drawing);
  });

  it('seeds the workflow tags with their labels in the ggdyqo classification', async () => {
    const tags = await db.tagDefinition.findMany({ orderBy: { prettyId: 'asc' } });
    expect(tags.map((x) => [x.prettyId, x.classificationId])).toEqual([
      ['wf-accepted', 'ggdyqo'],
      ['wf-deleted', 'ggdyqo'],
      ['wf-internal-shared', 'ggdyqo'],
      ['wf-published', 'ggdyqo'],
      ['wf-refused', 'ggdyqo'],
    ]);
    expect(tags[0].names).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ lang: 'IT', label: 'Accettato' }),
        expect.objectContaining({ lang: 'EN', label: 'Accepted' }),
        expect.objectContaining({ lang: 'FR', label: 'Accepté' }),
      ]),
    );
  });

  it('gives the service account show, write and manage on every demo folder of both departments', async () => {
    const login = await new HttpProviderGateway(createProviderHttp(t.config.providerUrl), {
      CLIENT_ID: t.config.CLIENT_ID,
    }).login(t.config.PROVIDER_SERVICE_USERNAME, t.config.PROVIDER_SERVICE_PASSWORD);
    expect(login.username).toBe('paddock.workflow');
    const acl = await db.categoryAcl.findMany({
      where: { group: { name: SERVICE_ACCOUNT.group } },
      include: { category: { select: { prettyId: true } } },
    });
    expect(acl.map((a) => a.category.prettyId).sort()).toEqual(
      demoFolders()
        .map((f) => f.prettyId)
        .sort(),
    );
    expect(acl.every((a) => a.show && a.write && a.manage)).toBe(true);
  });

  it('names every demo folder in French, and the built-in provider returns the name to French readers (issue 23)', async () => {
    const { token } = await new HttpProviderGateway(createProviderHttp(t.config.providerUrl), {
      CLIENT_ID: t.config.CLIENT_ID,
    }).login(t.config.PROVIDER_SERVICE_USERNAME, t.config.PROVIDER_SERVICE_PASSWORD);
    const rows = await db.category.findMany({ select: { id: true, prettyId: true } });
    const { gateway } = foldersGateway(t.config.providerUrl, t.config.CLIENT_ID);
    const read = await gateway.foldersByIds(
      token,
      rows.map((r) => r.id),
      assetLocaleOf('fr'),
    );
    const byPrettyId = new Map(read.map((f) => [f.prettyId, f]));
    for (const f of demoFolders())
      expect([f.prettyId, byPrettyId.get(f.prettyId)?.names.FR]).toEqual([f.prettyId, f.fr]);
    const french = (prettyId: string) => folderNameIn(byPrettyId.get(prettyId)!, 'fr', 'maker');
    expect(french('dept-heritage')).toBe('Patrimoine et restauration');
    expect(french(campaignFolderPrettyId('MARKETING'))).toBe('Campagnes 2026');
    expect(french('channel-marketing-press')).toBe('Presse');
    expect(french('channel-website')).toBe('Site web');
  });

  it('gives the service account no staff role and keeps it out of the user directory', async () => {
    const derived = deriveRoles([{ id: 'x', name: SERVICE_ACCOUNT.group }], SERVICE_ACCOUNT.companyName);
    expect(derived.roles.filter((r) => (MAKER_ROLES as readonly string[]).includes(r))).toEqual([]);
    expect(derived.department).toBeNull();
    expect(await hubDb(t).directoryUser.count({ where: { username: 'paddock.workflow' } })).toBe(0);
  });

  it('seeds again to the same rows, and leaves a delivery the users moved on where it is', async () => {
    const before = await snapshot();
    await seeder.run();
    expect(await snapshot()).toEqual(before);

    const moved = deliveries[DEMO_DELIVERIES.waiting.names[0]];
    const folder = (prettyId: string) => db.category.findUniqueOrThrow({ where: { prettyId } });
    await db.contentCategory.delete({
      where: {
        categoryId_contentId: { categoryId: (await folder('appstp1-marketing')).id, contentId: moved },
      },
    });
    await db.contentCategory.create({
      data: { contentId: moved, categoryId: (await folder('appstp2-marketing')).id },
    });
    await seeder.run();
    expect(await linksOf(moved)).toEqual(['appstp2-marketing', 'lvrr02-marketing']);
  });
});
