import { BuiltinProviderPrismaService } from '../../src/builtin-provider/builtin-provider-prisma.service';
import { ContentsService } from '../../src/builtin-provider/contents/contents.service';
import { FolderSeeder } from '../../src/builtin-provider/folders/folder.seeder';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import { CallerResolver } from '../../src/builtin-provider/access/provider-caller';
import { UserDirectoryRepository } from '../../src/builtin-provider/identity/user-directory.repository';
import { DirectoryUserRepository } from '../../src/auth/directory-user.repository';
import { ProfileService } from '../../src/profile/profile.service';
import { DemoContentRepository, DemoContentSeeder } from '../../src/seed/demo-content';
import { DemoSeeder } from '../../src/seed/demo-seeder';
import { DemoWorkflowSeeder } from '../../src/seed/demo-workflow';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(180_000);

/**
 * The demo seed's assets (issue 3 §10), written through the provider's contents service into both
 * departments' folders, then made READY by the derivatives job like any upload.
 */
describe('demo content seed (PostgreSQL + Redis + real media)', () => {
  let t: TestApp;
  let seeder: DemoSeeder;
  let db: BuiltinProviderPrismaService;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(BuiltinProviderPrismaService);
    const get = <T>(type: new (...args: never[]) => T): T => t.app.get(type, { strict: false });
    const content = new DemoContentSeeder(
      get(ContentsService),
      get(CallerResolver),
      get(UserDirectoryRepository),
      new DemoContentRepository(db),
    );
    seeder = new DemoSeeder(
      t.config,
      get(ProfileService),
      get(DirectoryUserRepository),
      get(BuiltinIdentitySeeder),
      new FolderSeeder(db),
      content,
      new DemoWorkflowSeeder(db),
    );
  });
  afterAll(() => t.close());

  // Runs first: the cluster suite's seed leaves the media to the suite, yet its people can sign in.
  it('without assets: the demo people, folders and workflow tags, and not one content', async () => {
    await seeder.run({ assets: false });

    expect(await db.content.count()).toBe(0);
    // The accept job tags what it moves: without the tags it fails (E032).
    expect(await db.tagDefinition.count()).toBeGreaterThan(0);
    expect(await db.category.findUnique({ where: { prettyId: 'arch04-marketing' } })).not.toBeNull();
    expect(await t.app.get(UserDirectoryRepository).findByUsername('mario.rossi')).not.toBeNull();
  });

  // How long the seed takes is a benchmark's business (npm run bench), not this test's.
  it('creates a few dozen assets of every type in both departments, and again nothing', async () => {
    await seeder.run();

    const contents = await db.content.findMany({
      include: { locales: true, categories: { include: { category: true } } },
    });
    expect(contents.length).toBeGreaterThanOrEqual(40);
    expect(new Set(contents.map((c) => c.contentType))).toEqual(
      new Set(['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT']),
    );
    const extensions = new Set(contents.map((c) => c.sourceExtension));
    for (const ext of ['jpg', 'png', 'mp4', 'mp3', 'pdf', 'psd', 'ai', 'eps', 'docx', 'pptx', 'zip'])
      expect(extensions).toContain(ext);
    const folders = new Set(contents.flatMap((c) => c.categories.map((l) => l.category.prettyId)));
    for (const dept of ['marketing', 'heritage'])
      for (const code of ['arch04', 'arrc03', 'lvrr02']) expect(folders).toContain(`${code}-${dept}`);
    for (const c of contents) expect(c.locales.map((l) => l.locale).sort()).toEqual(['EN', 'IT']);

    // The derivatives jobs the inserts requested make every demo asset READY.
    const deadline = Date.now() + 150_000;
    let states: string[] = [];
    while (Date.now() < deadline) {
      states = (await db.content.findMany({ select: { state: true } })).map((c) => c.state);
      if (states.every((s) => s !== 'PROCESSING')) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(new Set(states)).toEqual(new Set(['READY']));

    await seeder.run();
    expect(await db.content.count()).toBe(contents.length);
  });
});
