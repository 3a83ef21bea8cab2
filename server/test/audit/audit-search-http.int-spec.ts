import { randomUUID } from 'node:crypto';
import type { AuditListResponse } from '@paddock/rules';
import { HubPrismaService } from '../../src/database/hub-prisma.service';
import { folder, seedFolders } from '../folders/folder-fixtures';
import { seedPerson, signInWithCookie, type CookieSession } from '../support/cookie-session';
import { startTestApp, type TestApp } from '../support/test-app';

type Session = CookieSession;

// Whole-app integration: the project-level testTimeout (30 s) of jest.config.ts is not applied by Jest.

/** GET /api/audit over HTTP: administrators search the log by asset, user, dates, action and outcome. */
describe('audit log search (HTTP, PostgreSQL)', () => {
  let t: TestApp;
  let admin: Session;
  let mario: Session;
  const PASSWORD = 'Audit-password-1!';
  const day = (d: number, h = 12) => new Date(Date.UTC(2026, 10, d, h));

  const signIn = (username: string) => signInWithCookie(t, username, PASSWORD);

  const search = async (query: string, who: Session = admin): Promise<AuditListResponse> => {
    const res = await fetch(`${t.url}/api/audit?${query}`, { headers: { cookie: who.cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as AuditListResponse;
  };
  const assetsOf = (page: AuditListResponse) => page.items.map((r) => r.assetId);

  beforeAll(async () => {
    t = await startTestApp();
    const user = (username: string, groups: string[]) => seedPerson(t, username, groups, PASSWORD);
    await user('anna.admin', ['PADDOCK.ADMIN', 'L/MARKETING']);
    await user('mario.rossi', ['PADDOCK.USER', 'L/MARKETING']);
    admin = await signIn('anna.admin');
    mario = await signIn('mario.rossi');

    // Inserted oldest first, as the jobs write them.
    await t.app.get(HubPrismaService).auditRecord.createMany({
      data: [
        {
          actor: 'anna.bianchi',
          action: 'workflow-accept',
          assetId: 'asset-1',
          outcome: 'success',
          at: day(1),
        },
        {
          actor: 'luca.conti',
          action: 'workflow-reject',
          assetId: 'asset-1',
          outcome: 'success',
          at: day(2),
        },
        {
          actor: 'luca.conti',
          action: 'workflow-move',
          assetId: 'asset-2',
          fromFolderId: 'f-a',
          toFolderId: 'junk-marketing',
          outcome: 'failure',
          errorCode: 'E046',
          at: day(3),
        },
        {
          actor: 'anna.bianchi',
          action: 'workflow-delete',
          assetId: 'asset-3',
          outcome: 'success',
          at: day(4),
        },
        {
          actor: 'anna.bianchi',
          action: 'workflow-accept',
          assetId: 'asset-1',
          outcome: 'success',
          at: day(5),
        },
      ],
    });
  });
  afterAll(() => t.close());

  it('is for administrators only: 401 without a session, 403 for a user', async () => {
    expect((await fetch(`${t.url}/api/audit`)).status).toBe(401);
    const res = await fetch(`${t.url}/api/audit`, { headers: { cookie: mario.cookie } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('finds what happened to one asset, newest first, with who did it', async () => {
    // Luca is in the directory with his name; anna.bianchi is not, and stays her username (issue 23).
    await t.app.get(HubPrismaService).directoryUser.upsert({
      where: { username: 'luca.conti' },
      create: { username: 'luca.conti', firstName: 'Luca', lastName: 'Conti', roles: [] },
      update: { firstName: 'Luca', lastName: 'Conti' },
    });
    const page = await search('assetId=asset-1');
    expect(page.items.map((r) => [r.actor, r.actorName, r.action, r.at])).toEqual([
      ['anna.bianchi', 'anna.bianchi', 'workflow-accept', day(5).toISOString()],
      ['luca.conti', 'Luca Conti', 'workflow-reject', day(2).toISOString()],
      ['anna.bianchi', 'anna.bianchi', 'workflow-accept', day(1).toISOString()],
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it('finds what a user did, and narrows by action, outcome and dates', async () => {
    expect(assetsOf(await search('actor=luca.conti'))).toEqual(['asset-2', 'asset-1']);
    expect(assetsOf(await search('actor=anna.bianchi&action=workflow-accept'))).toEqual([
      'asset-1',
      'asset-1',
    ]);
    expect((await search('outcome=failure')).items).toEqual([
      expect.objectContaining({
        assetId: 'asset-2',
        fromFolderId: 'f-a',
        toFolderId: 'junk-marketing',
        errorCode: 'E046',
        outcome: 'failure',
      }),
    ]);
    // From inclusive, to exclusive.
    expect(assetsOf(await search(`from=${day(2).toISOString()}&to=${day(4).toISOString()}`))).toEqual([
      'asset-2',
      'asset-1',
    ]);
    expect((await search('actor=nobody')).items).toEqual([]);
  });

  it('finds a user by a part of the username, in any case (issue 12)', async () => {
    expect(assetsOf(await search('actor=LUCA'))).toEqual(['asset-2', 'asset-1']);
    expect(assetsOf(await search('actor=conti'))).toEqual(['asset-2', 'asset-1']);
    expect(new Set((await search('actor=.')).items.map((r) => r.actor))).toEqual(
      new Set(['anna.bianchi', 'luca.conti']),
    );
    expect((await search('actor=bianchi.')).items).toEqual([]);
    // LIKE's wildcard is a letter like any other in a part of a name.
    expect((await search('actor=anna_bianchi')).items).toEqual([]);
  });

  it('names the folders of a row in the asked language; ids the provider does not know stay unnamed', async () => {
    const ids = await seedFolders(
      t,
      [
        folder(
          'audit-from',
          null,
          'Department archive',
          { 'PADDOCK.ADMIN': {} },
          { it: 'Archivio di reparto' },
        ),
        folder('audit-to', null, 'Enrichment', { 'PADDOCK.ADMIN': {} }, { it: 'Arricchimento' }),
      ],
      ['PADDOCK.ADMIN'],
    );
    await t.app.get(HubPrismaService).auditRecord.create({
      data: {
        actor: 'named.user',
        action: 'move',
        assetId: 'gone-asset',
        fromFolderId: ids.get('audit-from')!,
        toFolderId: ids.get('audit-to')!,
        outcome: 'success',
        at: day(6),
      },
    });
    const [row] = (await search('actor=named.user&lang=it')).items;
    expect(row).toMatchObject({
      assetName: null,
      fromFolderName: 'Archivio di reparto',
      toFolderName: 'Arricchimento',
    });
    expect((await search('actor=named.user&lang=en')).items[0]?.toFolderName).toBe('Enrichment');
    await t.app.get(HubPrismaService).auditRecord.deleteMany({ where: { actor: 'named.user' } });
  });

  it("tells a job's own row as its story: an e-mail share's name, recipients and counts, never a password", async () => {
    const prisma = t.app.get(HubPrismaService);
    const jobId = randomUUID();
    const contentIds = [randomUUID(), randomUUID()];
    await prisma.jobRecord.create({
      data: {
        id: jobId,
        queue: 'workflow',
        name: 'external-share',
        state: 'completed',
        createdBy: 'share.user',
        payload: {
          type: 'email',
          name: 'Spring campaign',
          contentIds,
          message: '',
          disclaimer: '',
          contentDownload: true,
          expiresAt: day(20).toISOString(),
          language: 'en',
          recipients: ['press@example.com', 'agency@example.com'],
        },
        result: { shareId: 's-1', url: 'https://x/s/1', links: [], sent: 2 },
      },
    });
    await prisma.auditRecord.create({
      data: { jobId, actor: 'share.user', action: 'external-share', outcome: 'success', at: day(7) },
    });
    const [row] = (await search(`jobId=${jobId}&lang=fr`)).items;
    expect(row?.story).toEqual({
      job: 'external-share',
      // Assets the provider does not know keep their count, without a name.
      assets: { total: 2, ids: contentIds, names: [null, null] },
      folder: null,
      targets: [],
      tags: { added: [], removed: [] },
      metadata: { set: [], removed: [] },
      share: {
        name: 'Spring campaign',
        type: 'email',
        recipients: ['press@example.com', 'agency@example.com'],
      },
      version: null,
      counts: { sent: 2 },
      state: null,
    });
    await prisma.auditRecord.deleteMany({ where: { jobId } });
    await prisma.jobRecord.delete({ where: { id: jobId } });
  });

  it('pages with the cursor it returns, to the end', async () => {
    const first = await search('actor=anna.bianchi&limit=2');
    expect(assetsOf(first)).toEqual(['asset-1', 'asset-3']);
    const second = await search(`actor=anna.bianchi&limit=2&cursor=${first.nextCursor}`);
    expect(assetsOf(second)).toEqual(['asset-1']);
    expect(second.nextCursor).toBeNull();
  });

  it('pages rows written at the same instant without losing or repeating one', async () => {
    const same = day(10);
    await t.app.get(HubPrismaService).auditRecord.createMany({
      data: ['tie-1', 'tie-2', 'tie-3'].map((assetId) => ({
        actor: 'tie.user',
        action: 'workflow-move',
        assetId,
        outcome: 'success',
        at: same,
      })),
    });
    const seen: (string | null)[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditListResponse = await search(
        `actor=tie.user&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...assetsOf(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['tie-3', 'tie-2', 'tie-1']);
  });

  it('refuses a malformed search with 400 and the reason', async () => {
    for (const bad of [
      'from=yesterday',
      'outcome=maybe',
      'limit=0',
      'limit=201',
      'cursor=abc',
      'actor=a%20b',
      `from=${day(4).toISOString()}&to=${day(2).toISOString()}`,
    ]) {
      const res = await fetch(`${t.url}/api/audit?${bad}`, { headers: { cookie: admin.cookie } });
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
