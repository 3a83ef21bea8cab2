import { FIXED_FOLDER_IDS, FOLDER_CODES, HEADER_CSRF, departmentFolderPrettyId } from '@paddock/rules';
import { BuiltinProviderPrismaService } from '../../src/builtin-provider/builtin-provider-prisma.service';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import {
  DEMO_GROUPS,
  DEMO_USERS,
  SERVICE_ACCOUNT,
  campaignFolderPrettyId,
  demoFolders,
} from '../../src/seed/demo-data';
import type {
  FolderDetailResponse,
  FolderNodeResponse,
  FolderTreeResponse,
} from '../../src/folders/folders.dto';
import { call, signIn, type Answer } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { FOLDER_PASSWORD, folder, seedFolders, seedUser } from './folder-fixtures';

interface Client {
  get<T>(path: string): Promise<Answer<T>>;
  send<T>(method: string, path: string, json?: unknown): Promise<Answer<T>>;
}

function flatten(nodes: FolderNodeResponse[]): FolderNodeResponse[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

/** The demo folders a user's groups may show (show is implied by any ACL row). */
function visibleDemoCodes(groups: string[]): string[] {
  return demoFolders()
    .filter((f) => Object.keys(f.acl).some((g) => groups.includes(g)))
    .map((f) => f.prettyId)
    .sort();
}

const groupsOf = (username: string) => DEMO_USERS.find((u) => u.username === username)?.groups ?? [];

/** The folder tree and folder changes through the hub, with real sign-ins over the demo folder tree. */
describe('folders over HTTP', () => {
  let t: TestApp;
  let ids: Map<string, string>;
  const clients: Record<string, Client> = {};
  let ip = 10;

  async function signedIn(username: string): Promise<Client> {
    const { cookie, session } = await signIn(t, username, FOLDER_PASSWORD, `198.51.100.${ip++}`);
    const headers = { cookie, [HEADER_CSRF]: session.csrfToken };
    return {
      get: <T>(path: string) => call<T>(t, 'GET', path, { headers }),
      send: <T>(method: string, path: string, json?: unknown) => call<T>(t, method, path, { headers, json }),
    };
  }

  beforeAll(async () => {
    t = await startTestApp();
    ids = await seedFolders(
      t,
      demoFolders().map((f) =>
        folder(f.prettyId, f.parent, f.en, f.acl, { it: f.it, fr: f.fr, isSupplier: f.isSupplier }),
      ),
      DEMO_GROUPS.map((g) => g.name),
    );
    for (const u of DEMO_USERS.filter((d) => d.active !== false && !d.passwordExpired))
      await seedUser(t, u.username, u.groups, u.companyName);
    // The hub's service account reads the department names above a supplier's roots.
    await t.app.get(BuiltinIdentitySeeder).upsertUser({
      username: t.config.PROVIDER_SERVICE_USERNAME,
      password: t.config.PROVIDER_SERVICE_PASSWORD,
      groups: [SERVICE_ACCOUNT.group],
    });
    for (const u of ['mario.rossi', 'foto.studio', 'marco.multi', 'anna.bianchi', 'paola.neri', 'admin'])
      clients[u] = await signedIn(u);
  });
  afterAll(() => t.close());

  const id = (prettyId: string) => ids.get(prettyId) ?? '';
  const mkt = (code: string) => `${code}-marketing`;
  const tree = async (username: string, lang = 'en') => {
    const res = await clients[username].get<FolderTreeResponse>(`/api/folders/tree?lang=${lang}`);
    expect(res.status).toBe(200);
    return res.body.roots;
  };

  it('shows each user exactly the folders their groups may see, as a tree', async () => {
    for (const username of ['mario.rossi', 'foto.studio', 'marco.multi', 'anna.bianchi', 'paola.neri']) {
      const nodes = flatten(await tree(username));
      expect(nodes.map((n) => n.prettyId).sort()).toEqual(visibleDemoCodes(groupsOf(username)));
    }
    const mario = await tree('mario.rossi', 'it');
    // The department's tree, and the organisation's shared archive (SPEC §3 fixed id) beside it.
    expect(mario.map((r) => r.name)).toEqual(['Archivio condiviso', 'Marketing']);
    expect(mario[0]!.children?.map((c) => c.prettyId)).toEqual(['channel-website']);
    const top = mario[1]!;
    expect(top).toMatchObject({ parentId: 'root', hasChildren: true, rights: { manage: false } });
    const children = top.children ?? [];
    expect(children.map((c) => c.name)).toEqual([
      'Approvazione',
      'Approvazione fornitori',
      'Archivio di reparto',
      'Arricchimento',
      // No 'Cestino di reparto': the provider shows the junk to admins only (SPEC §6).
      'Condivisi internamente',
      'Fornitori',
    ]);
    expect(children.every((c) => c.parentId === top.id)).toBe(true);
    const byCode = new Map(flatten(mario).map((n) => [n.prettyId, n]));
    expect(byCode.get(mkt(FOLDER_CODES.departmentArchive))?.rights).toEqual({
      manage: true,
      share: true,
      write: true,
    });
    expect(byCode.has(mkt(FOLDER_CODES.junk))).toBe(false);
    expect(byCode.get(mkt(FOLDER_CODES.internalShared))?.rights).toEqual({
      manage: false,
      share: true,
      write: false,
    });
    expect(byCode.get(mkt(FOLDER_CODES.suppliers))).toMatchObject({ isSupplier: true, hasChildren: true });
    expect(byCode.get(mkt(FOLDER_CODES.approvalStep1))).toMatchObject({ hasChildren: false, children: [] });
    // The multi-department user sees both departments.
    expect((await tree('marco.multi')).map((r) => r.name)).toEqual([
      'Heritage and restoration',
      'Marketing',
      'Shared archive',
    ]);
  });

  it("names supplier exchange folders from each side's point of view (SPEC §2)", async () => {
    const supplier = await tree('foto.studio');
    // The suppliers folders above are hidden, so each supplier folder is a top-level node.
    expect(supplier.map((r) => [r.prettyId, r.name, r.parentId]).sort()).toEqual([
      [`${FOLDER_CODES.suppliers}-heritage-fotostudio`, 'Foto Studio', 'root'],
      [`${mkt(FOLDER_CODES.suppliers)}-fotostudio`, 'Foto Studio', 'root'],
    ]);
    expect(
      supplier.find((r) => r.prettyId.includes('marketing'))?.children?.map((c) => [c.name, c.rights.write]),
    ).toEqual([
      ['received from the maker', false],
      ['sent to the maker', true],
    ]);
    const maker = flatten(await tree('mario.rossi'));
    expect(maker.find((n) => n.prettyId === mkt(FOLDER_CODES.supplierWork))?.name).toBe(
      'received from suppliers',
    );
    expect(maker.find((n) => n.prettyId === 'inbox-marketing-fotostudio')).toMatchObject({
      name: 'sent to suppliers',
      rights: { write: true },
    });
    const italian = flatten(await tree('foto.studio', 'it'));
    expect(italian.find((n) => n.prettyId === mkt(FOLDER_CODES.supplierWork))?.name).toBe(
      'inviati al costruttore',
    );
  });

  it('names the department of each root the supplier sees, in the asked language (issue 12)', async () => {
    const departments = async (lang: string) =>
      (await tree('foto.studio', lang)).map((r) => [r.name, r.department]).sort();
    expect(await departments('en')).toEqual([
      ['Foto Studio', 'Heritage and restoration'],
      ['Foto Studio', 'Marketing'],
    ]);
    expect(await departments('it')).toEqual([
      ['Foto Studio', 'Heritage e restauro'],
      ['Foto Studio', 'Marketing'],
    ]);
    // French reads the departments' French names (issue 23), as any folder's.
    expect(await departments('fr')).toEqual([
      ['Foto Studio', 'Marketing'],
      ['Foto Studio', 'Patrimoine et restauration'],
    ]);
    // Roots that are the department's own top folder need no such name.
    expect((await tree('marco.multi')).map((r) => r.department)).toEqual([undefined, undefined, undefined]);
  });

  /** The view-scoped tree as `prettyId` (marked `~` when kept only as context), depth first. */
  const scoped = async (username: string, query: string) => {
    const res = await clients[username].get<FolderTreeResponse>(`/api/folders/tree?${query}`);
    expect(res.status).toBe(200);
    return flatten(res.body.roots).map((n) => (n.context ? `~${n.prettyId}` : n.prettyId));
  };

  it("answers each view's own folders, with the folders above them as context (SPEC §2)", async () => {
    // The approver meets the step she approves at; the observer, who approves at none, every step.
    expect(await scoped('anna.bianchi', 'view=approver')).toEqual([
      '~dept-marketing',
      `~${mkt(FOLDER_CODES.approval)}`,
      mkt(FOLDER_CODES.approvalStep1),
    ]);
    expect(await scoped('paola.neri', 'view=approver')).toEqual([
      '~dept-marketing',
      `~${mkt(FOLDER_CODES.approval)}`,
      mkt(FOLDER_CODES.approvalStep1),
      mkt('appstp2'),
    ]);
    expect(await scoped('mario.rossi', 'view=rejected')).toEqual([
      '~dept-marketing',
      `~${mkt(FOLDER_CODES.approval)}`,
      mkt(FOLDER_CODES.rejected),
    ]);
    expect(await scoped('mario.rossi', 'view=enrichment')).toEqual([
      '~dept-marketing',
      mkt(FOLDER_CODES.enrichment),
    ]);
    expect(await scoped('mario.rossi', 'view=departmentJunk')).toEqual([]);
    expect(await scoped('mario.rossi', 'view=supplier')).toEqual([
      '~dept-marketing',
      mkt(FOLDER_CODES.suppliers),
      `${mkt(FOLDER_CODES.suppliers)}-fotostudio`,
      // By name: 'received from suppliers', then 'sent to suppliers'.
      mkt(FOLDER_CODES.supplierWork),
      'inbox-marketing-fotostudio',
    ]);
    // The supplier's own folders are its roots, as context: sent holds its work folder, received the maker's.
    const sent = await scoped('foto.studio', 'view=supplierSent');
    expect(sent.filter((c) => c.includes('marketing'))).toEqual([
      `~${mkt(FOLDER_CODES.suppliers)}-fotostudio`,
      mkt(FOLDER_CODES.supplierWork),
    ]);
    const received = await scoped('foto.studio', 'view=supplierRecieved');
    expect(received.filter((c) => c.includes('marketing'))).toEqual([
      `~${mkt(FOLDER_CODES.suppliers)}-fotostudio`,
      'inbox-marketing-fotostudio',
    ]);
  });

  it('answers each archive sub-state, the channels below the internally shared folder and the shared archive', async () => {
    expect(await scoped('mario.rossi', 'view=archives&archive=department')).toEqual([
      '~dept-marketing',
      mkt(FOLDER_CODES.departmentArchive),
      campaignFolderPrettyId('MARKETING'),
    ]);
    expect(await scoped('mario.rossi', 'view=archives&archive=internSharing')).toEqual([
      '~dept-marketing',
      mkt(FOLDER_CODES.internalShared),
    ]);
    expect(await scoped('mario.rossi', 'view=archives&archive=shared&lang=en')).toEqual([
      'dept-marketing',
      FIXED_FOLDER_IDS.sharedArchive,
    ]);
    // SPEC §2 'channels': below the department's internally shared folder and below the
    // organisation's shared archive (SPEC §3 fixed id), for each role that has archives.
    const channels = [
      '~dept-marketing',
      `~${mkt(FOLDER_CODES.internalShared)}`,
      'channel-marketing-press',
      `~${FIXED_FOLDER_IDS.sharedArchive}`,
      'channel-website',
    ];
    for (const username of ['mario.rossi', 'anna.bianchi', 'paola.neri', 'admin'])
      expect([username, await scoped(username, 'view=archives&archive=channels&lang=en')]).toEqual([
        username,
        channels,
      ]);
    // The multi-department user sees both departments' channels and the shared one.
    expect(await scoped('marco.multi', 'view=archives&archive=channels&lang=en')).toEqual([
      '~dept-heritage',
      `~${departmentFolderPrettyId(FOLDER_CODES.internalShared, 'HERITAGE')}`,
      'channel-heritage-press',
      ...channels,
    ]);
    // A supplier has no archives: no channel of either kind.
    expect(await scoped('foto.studio', 'view=archives&archive=channels')).toEqual([]);
    // A view that has no folder for the user is an empty tree, never another view's folders.
    expect(await scoped('foto.studio', 'view=archives&archive=department')).toEqual([]);
    const bad = await clients['mario.rossi'].get<{ code: string }>('/api/folders/tree?view=nowhere');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('answers one folder with its sub-folders and breadcrumb; hidden folders are not found', async () => {
    const work = await clients['mario.rossi'].get<FolderDetailResponse>(
      `/api/folders/${id(mkt(FOLDER_CODES.supplierWork))}?lang=it`,
    );
    expect(work.status).toBe(200);
    expect(work.body.path.map((p) => p.name)).toEqual([
      'Marketing',
      'Fornitori',
      'Foto Studio',
      'ricevuti dai fornitori',
    ]);
    const top = await clients['mario.rossi'].get<FolderDetailResponse>(
      `/api/folders/${id('dept-marketing')}`,
    );
    expect(top.body).toMatchObject({ parentId: 'root', hasChildren: true, path: [{ name: 'Marketing' }] });
    // Seven below the department, less the junk, which the provider shows to admins only (SPEC §6).
    expect(top.body.children).toHaveLength(6);
    expect((top.body.children ?? []).map((c) => c.prettyId)).not.toContain(mkt(FOLDER_CODES.junk));
    // The supplier's breadcrumb starts at the first folder they may see.
    const supplierWork = await clients['foto.studio'].get<FolderDetailResponse>(
      `/api/folders/${id(mkt(FOLDER_CODES.supplierWork))}`,
    );
    expect(supplierWork.body.path.map((p) => p.name)).toEqual(['Foto Studio', 'sent to the maker']);
    const root = await clients['foto.studio'].get<FolderDetailResponse>('/api/folders/root');
    expect(root.body).toMatchObject({ id: 'root', name: 'root', parentId: null, hasChildren: true });
    expect(root.body.children).toHaveLength(2);

    for (const hidden of [id('arrc03-heritage'), id(mkt(FOLDER_CODES.enrichment)), 'no-such-folder']) {
      const res = await clients['foto.studio'].get<{ code: string }>(`/api/folders/${hidden}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await clients['mario.rossi'].get(`/api/folders/${id('arrc03-heritage')}`)).status).toBe(404);
  });

  it('carries the origin folder (SPEC §3) on the folder and its tree node, and null where there is none', async () => {
    const prisma = t.app.get(BuiltinProviderPrismaService);
    const [made, from] = [id(mkt(FOLDER_CODES.enrichment)), id(mkt(FOLDER_CODES.departmentArchive))];
    await prisma.category.update({ where: { id: made }, data: { originId: from } });
    try {
      const detail = await clients['mario.rossi'].get<FolderDetailResponse>(`/api/folders/${made}`);
      expect(detail.body.originId).toBe(from);
      const nodes = flatten(await tree('mario.rossi'));
      expect(nodes.find((n) => n.id === made)?.originId).toBe(from);
      expect(nodes.find((n) => n.id === from)?.originId).toBeNull();
    } finally {
      await prisma.category.update({ where: { id: made }, data: { originId: null } });
    }
  });

  it('creates, renames and deletes a folder with manage', async () => {
    const mario = clients['mario.rossi'];
    const archive = id(mkt(FOLDER_CODES.departmentArchive));
    const created = await mario.send<FolderDetailResponse>('POST', '/api/folders?lang=it', {
      parentId: archive,
      name: '  Campagna 2026 ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Campagna 2026',
      parentId: archive,
      rights: { manage: true, share: true, write: true },
      hasChildren: false,
    });
    // Whoever could see the parent sees the new folder; others still do not.
    const seen = flatten(await tree('foto.studio')).map((n) => n.id);
    expect(seen).not.toContain(created.body.id);
    expect(flatten(await tree('marco.multi')).map((n) => n.id)).toContain(created.body.id);

    const child = await mario.send<FolderDetailResponse>('POST', '/api/folders', {
      parentId: created.body.id,
      name: 'Shooting',
    });
    expect(child.status).toBe(201);
    const full = await mario.send<{ code: string }>('DELETE', `/api/folders/${created.body.id}`);
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('FOLDER_NOT_EMPTY');

    const renamed = await mario.send<FolderDetailResponse>('PATCH', `/api/folders/${child.body.id}?lang=en`, {
      name: 'Shooting Monza',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Shooting Monza',
      path: [{}, {}, {}, { name: 'Shooting Monza' }],
    });
    expect((await mario.get<FolderDetailResponse>(`/api/folders/${child.body.id}?lang=it`)).body.name).toBe(
      'Shooting Monza',
    );

    expect((await mario.send('DELETE', `/api/folders/${child.body.id}`)).status).toBe(204);
    expect((await mario.send('DELETE', `/api/folders/${created.body.id}`)).status).toBe(204);
    expect((await mario.get(`/api/folders/${created.body.id}`)).status).toBe(404);
  });

  it('says canCreate on each tree node where POST /api/folders would create, and not where it refuses', async () => {
    const creatable = async (username: string) => {
      const res = await clients[username].get<FolderTreeResponse>('/api/folders/tree');
      return new Map(flatten(res.body.roots).map((n) => [n.prettyId, n.canCreate]));
    };
    const mario = await creatable('mario.rossi');
    expect(mario.get(mkt(FOLDER_CODES.departmentArchive))).toBe(true);
    expect(mario.get(mkt(FOLDER_CODES.suppliers))).toBe(false);
    expect(mario.has(mkt(FOLDER_CODES.junk))).toBe(false);
    expect((await creatable('foto.studio')).get(mkt(FOLDER_CODES.supplierWork))).toBe(false);
    expect((await creatable('admin')).get(mkt(FOLDER_CODES.junk))).toBe(false);
  });

  it('refuses create, rename and delete without manage, and changes nothing', async () => {
    const prisma = t.app.get(BuiltinProviderPrismaService);
    const before = await prisma.category.findMany({ orderBy: { id: 'asc' } });
    const refusals: [string, string, string, unknown][] = [
      // Read-only on the suppliers folder.
      ['mario.rossi', 'POST', '/api/folders', { parentId: id(mkt(FOLDER_CODES.suppliers)), name: 'x' }],
      // write (contents) is not manage (the folder).
      ['foto.studio', 'POST', '/api/folders', { parentId: id(mkt(FOLDER_CODES.supplierWork)), name: 'x' }],
      ['foto.studio', 'PATCH', `/api/folders/${id(mkt(FOLDER_CODES.supplierWork))}`, { name: 'mine' }],
      ['anna.bianchi', 'DELETE', `/api/folders/${id(mkt(FOLDER_CODES.approvalStep1))}`, undefined],
      ['mario.rossi', 'DELETE', `/api/folders/${id('dept-marketing')}`, undefined],
      // The admin manages the junk in the provider, but SPEC §6 keeps folder changes out of it.
      ['admin', 'POST', '/api/folders', { parentId: id(mkt(FOLDER_CODES.junk)), name: 'x' }],
      ['admin', 'PATCH', `/api/folders/${id(mkt(FOLDER_CODES.junk))}`, { name: 'Bin' }],
      // The synthetic root cannot be written by anyone.
      ['mario.rossi', 'POST', '/api/folders', { parentId: 'root', name: 'Top' }],
      ['mario.rossi', 'DELETE', '/api/folders/root', undefined],
    ];
    for (const [username, method, path, json] of refusals) {
      const res = await clients[username].send<{ code: string }>(method, path, json);
      expect([username, method, path, res.status, res.body.code]).toEqual([
        username,
        method,
        path,
        403,
        'FORBIDDEN',
      ]);
    }
    // A folder the user cannot see is not found, whatever the method.
    const hidden = await clients['foto.studio'].send<{ code: string }>(
      'DELETE',
      `/api/folders/${id('arch04-marketing')}`,
    );
    expect(hidden.status).toBe(404);
    const junk = await clients['mario.rossi'].send('PATCH', `/api/folders/${id(mkt(FOLDER_CODES.junk))}`, {
      name: 'Bin',
    });
    expect(junk.status).toBe(404);
    expect(await prisma.category.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
  });

  it('requires a folder name (SPEC §5)', async () => {
    const mario = clients['mario.rossi'];
    const archive = id(mkt(FOLDER_CODES.departmentArchive));
    for (const body of [
      { parentId: archive, name: '' },
      { parentId: archive, name: '   ' },
      { parentId: archive },
    ]) {
      const res = await mario.send<{ code: string }>('POST', '/api/folders', body);
      expect([res.status, res.body.code]).toEqual([400, 'FOLDER_NAME_REQUIRED']);
    }
    const rename = await mario.send<{ code: string }>('PATCH', `/api/folders/${archive}`, { name: ' ' });
    expect([rename.status, rename.body.code]).toEqual([400, 'FOLDER_NAME_REQUIRED']);
    expect((await mario.get<FolderDetailResponse>(`/api/folders/${archive}`)).body.name).toBe(
      'Department archive',
    );
  });

  it("changes a folder's code; a taken, malformed or workflow code each has its own error", async () => {
    const mario = clients['mario.rossi'];
    const archive = id(mkt(FOLDER_CODES.departmentArchive));
    const created = await mario.send<FolderDetailResponse>('POST', '/api/folders', {
      parentId: archive,
      name: 'Salone 2026',
    });
    const folderPath = `/api/folders/${created.body.id}`;
    const recoded = await mario.send<FolderDetailResponse>('PATCH', folderPath, { prettyId: 'salone-2026' });
    expect(recoded.status).toBe(200);
    expect(recoded.body).toMatchObject({ prettyId: 'salone-2026', name: 'Salone 2026' });

    const refusals: [unknown, number, string][] = [
      [{ prettyId: 'dept-heritage' }, 409, 'FOLDER_PRETTY_ID_FAILED'],
      [{ prettyId: 'Salone 2026' }, 400, 'FOLDER_PRETTY_ID_INVALID'],
      [{ prettyId: 'arch04-marketing-2' }, 400, 'FOLDER_PRETTY_ID_RESERVED'],
      [{}, 400, 'VALIDATION_FAILED'],
      [{ prettyId: null }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of refusals) {
      const res = await mario.send<{ code: string }>('PATCH', folderPath, body);
      expect([body, res.status, res.body.code]).toEqual([body, status, code]);
    }
    // A workflow folder keeps its code, even where its user may rename it.
    const special = await mario.send<{ code: string }>('PATCH', `/api/folders/${archive}`, {
      prettyId: 'my-archive',
    });
    expect([special.status, special.body.code]).toEqual([400, 'FOLDER_PRETTY_ID_RESERVED']);
    expect((await mario.get<FolderDetailResponse>(folderPath)).body.prettyId).toBe('salone-2026');
    expect((await mario.send('DELETE', folderPath)).status).toBe(204);
  });

  it('refuses changes without the CSRF token and answers 401 when signed out', async () => {
    expect((await call(t, 'GET', '/api/folders/tree')).status).toBe(401);
    const { cookie } = await signIn(t, 'mario.rossi', FOLDER_PASSWORD, '198.51.100.99');
    const res = await call(t, 'POST', '/api/folders', {
      headers: { cookie },
      json: { parentId: id(mkt(FOLDER_CODES.departmentArchive)), name: 'x' },
    });
    expect(res.status).toBe(403);
  });
});
