import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ERROR_CODES,
  FOLDER_CODES,
  LEGAL_HOLD_ERROR_CODES,
  WORKFLOW_METADATA,
  type LegalHoldScope,
  type LegalHoldView,
} from '@paddock/rules';
import { BLOB_STORE, type BlobStore } from '../../src/blob-store/blob-store';
import { JobName } from '../../src/jobs/job-catalogue';
import { JobsService } from '../../src/jobs/jobs.service';
import { MetricsListener } from '../../src/metrics/metrics-listener';
import { providerDb } from '../auth/auth-fixtures';
import { insertContent } from '../search/search-fixtures';
import { hubMatrix } from '../security/hub-matrix-fixtures';
import { incomingFile, marketing, provider } from '../security/security-fixtures';
import { tusUpload, type TusOutcome } from '../support/tus-client';
import { finished, stateOf, type JobAnswer } from '../workflow/workflow-fixtures';

jest.setTimeout(600_000);

const ARCHIVE = marketing(FOLDER_CODES.departmentArchive);
const REJECTED = marketing(FOLDER_CODES.rejected);
const JUNK = marketing(FOLDER_CODES.junk);
const TOP = 'dept-marketing';
const DAY = 86_400;

/** What one destructive path acts on. */
interface Target {
  contentId?: string;
  folderId?: string;
}

/**
 * One destructive route or job: what it acts on, how it is asked, what it answers while a hold
 * keeps its target (refused or skipped) and once the hold is released (done).
 */
interface DestructivePath {
  name: string;
  /** The scopes of hold tried on it: a content's own, a folder above it, its department. */
  scopes: readonly LegalHoldScope[];
  setup(): Promise<Target>;
  attempt(target: Target): Promise<unknown>;
  whileHeld(answer: unknown, target: Target): void | Promise<void>;
  onceReleased(answer: unknown, target: Target): Promise<void>;
}

/**
 * Every destructive path of the hub and of the built-in provider (docs/legal-hold.md "Every
 * destructive path"), each run against a content (or folder) a legal hold keeps, then again once
 * the hold is released: held, it is refused or skipped and nothing about the target changes;
 * released, it does its work. Paths that destroy no asset's bytes (delete to the junk, the supplier's
 * removal, the incoming and unfinished-upload clean-ups, superseded derivatives) are not here:
 * docs/legal-hold.md says why each leaves a held asset whole.
 */
describe('legal hold: every destructive route and job, held and released', () => {
  const hub = hubMatrix(['admin', 'mario.rossi']);
  const { folder, send, session } = hub;
  const token = (username: string) => hub.world.token(username);
  const client = () => hub.client();
  const blobs = () => hub.t.app.get<BlobStore>(BLOB_STORE);

  /** A content only in `prettyId`, owned by nobody who signs in. */
  const contentIn = (prettyId: string, metadata: { key: string; value: string }[] = []) =>
    insertContent(hub.t, {
      name: `held-${randomUUID()}`,
      folders: [folder(prettyId)],
      owner: 'nobody',
      metadata,
    });
  /** A content in the junk deleted `days` ago. */
  const deletedDaysAgo = (days: number) =>
    contentIn(JUNK, [
      { key: WORKFLOW_METADATA.deletedAt, value: String(Math.floor(Date.now() / 1000) - days * DAY) },
    ]);
  /** A content whose version 1 has its bytes in the blob store. */
  async function contentWithSource(prettyIds: string[]): Promise<{ contentId: string; blobKey: string }> {
    const contentId = await insertContent(hub.t, {
      name: `held-${randomUUID()}`,
      folders: prettyIds.map(folder),
      owner: 'nobody',
    });
    const blobKey = `contents/${contentId}/v1/source.jpg`;
    const written = await blobs().put(blobKey, Readable.from([Buffer.from('the held bytes')]));
    await providerDb(hub.t).contentSource.create({
      data: {
        contentId,
        version: 1,
        blobKey,
        fileName: 'held.jpg',
        mimeType: 'image/jpeg',
        size: BigInt(written.size),
        sha256: written.sha256,
        createdBy: 'nobody',
      },
    });
    return { contentId, blobKey };
  }
  /** An empty folder below the department archive, created by the admin through the hub. */
  async function emptyFolder(): Promise<Target> {
    const created = await send('admin', 'POST', '/api/folders', {
      parentId: folder(ARCHIVE),
      name: `Case ${randomUUID().slice(0, 8)}`,
    });
    expect(created.status).toBe(201);
    return { folderId: (created.body as unknown as { id: string }).id };
  }

  /** Everything about a target a destructive path could change, read in the provider's tables. */
  async function snapshot(target: Target): Promise<unknown> {
    const db = providerDb(hub.t);
    return {
      content: target.contentId ? await stateOf(hub.t, target.contentId) : null,
      version: target.contentId
        ? await db.content.findUnique({ where: { id: target.contentId }, select: { version: true } })
        : null,
      sources: target.contentId
        ? await Promise.all(
            (await db.contentSource.findMany({ where: { contentId: target.contentId } })).map(async (s) => [
              s.blobKey,
              await blobs().exists(s.blobKey),
            ]),
          )
        : null,
      folder: target.folderId ? await db.category.findUnique({ where: { id: target.folderId } }) : null,
    };
  }

  const job = (answer: unknown) => answer as JobAnswer;
  const refusedAsHeld = (answer: unknown) =>
    expect(answer).toMatchObject({ status: 409, body: { code: LEGAL_HOLD_ERROR_CODES.HELD } });
  const heldAtProvider = (answer: unknown) =>
    expect(answer).toMatchObject({
      status: 418,
      body: { resultCode: 'ACCESS_DENIED', errorDescription: 'LEGAL_HOLD' },
    });
  const trashed = async (contentId?: string) => (await stateOf(hub.t, contentId!))?.trashed;
  const submitted = async (path: string, body: object = {}) => {
    const answer = await send('admin', 'POST', path, body);
    expect(answer.status).toBe(202);
    return finished(hub.t, session('admin'), (answer.body as unknown as { jobId: string }).jobId);
  };
  const newVersion = (contentId: string): Promise<TusOutcome> =>
    tusUpload(hub.t, session('mario.rossi'), Buffer.from('version two'), {
      filename: 'version-two.jpg',
      filetype: 'image/jpeg',
      contentId,
      folderId: folder(REJECTED),
    });
  const atProvider = async (username: string, path: string, body: unknown) =>
    provider(hub.t, await token(username), 'POST', path, body);

  const PATHS: DestructivePath[] = [
    {
      name: 'POST /api/workflow/permanent-delete (the junk’s permanent delete)',
      scopes: ['asset', 'folder', 'department'],
      setup: async () => ({ contentId: await contentIn(JUNK) }),
      attempt: ({ contentId }) =>
        send('admin', 'POST', '/api/workflow/permanent-delete', {
          contentIds: [contentId],
          folderId: folder(JUNK),
        }),
      whileHeld: (answer, { contentId }) => {
        refusedAsHeld(answer);
        expect(answer).toMatchObject({ body: { details: { ids: [contentId] } } });
      },
      onceReleased: async (answer, { contentId }) => {
        expect(answer).toMatchObject({ status: 202 });
        const ended = await finished(
          hub.t,
          session('admin'),
          (answer as { body: { jobId: string } }).body.jobId,
        );
        expect(ended.outcomes?.[0]).toMatchObject({ contentId, outcome: 'done' });
        expect(await trashed(contentId)).toBe(true);
      },
    },
    {
      name: 'job workflow-permanent-delete (a hold placed after the delete was asked)',
      scopes: ['asset', 'folder', 'department'],
      setup: async () => ({ contentId: await contentIn(JUNK) }),
      attempt: async ({ contentId }) => {
        const junk = folder(JUNK);
        const { jobId } = await hub.t.app
          .get(JobsService)
          .submit(
            JobName.WorkflowPermanentDelete,
            { folderId: junk, plan: [{ contentId: contentId!, from: junk, to: null }], junkFolderId: junk },
            'admin',
          );
        return finished(hub.t, session('admin'), jobId);
      },
      whileHeld: (answer, { contentId }) =>
        expect(job(answer).outcomes).toMatchObject([
          { contentId, outcome: 'failed', errorCode: LEGAL_HOLD_ERROR_CODES.HELD },
        ]),
      onceReleased: async (answer, { contentId }) => {
        expect(job(answer).outcomes).toMatchObject([{ contentId, outcome: 'done' }]);
        expect(await trashed(contentId)).toBe(true);
      },
    },
    {
      name: 'job purge-junk (the nightly schedule, asked now through POST /api/jobs/maintenance/purge-junk)',
      scopes: ['asset', 'folder', 'department'],
      setup: async () => ({ contentId: await deletedDaysAgo(31) }),
      attempt: () => submitted('/api/jobs/maintenance/purge-junk'),
      // Skipped by the purge itself, not left to the provider's refusal (which would count it failed).
      whileHeld: (answer) => {
        expect(job(answer)).toMatchObject({ state: 'completed', result: { failed: 0 } });
        expect((job(answer).result as { held: number }).held).toBeGreaterThanOrEqual(1);
      },
      onceReleased: async (answer, { contentId }) => {
        expect(job(answer)).toMatchObject({ state: 'completed', result: { held: 0 } });
        expect(await trashed(contentId)).toBe(true);
      },
    },
    {
      name: 'a new version through /api/uploads (tus, with contentId)',
      scopes: ['asset', 'folder', 'department'],
      setup: async () => ({ contentId: await contentIn(REJECTED) }),
      attempt: ({ contentId }) => newVersion(contentId!),
      whileHeld: async (answer) => {
        const { create } = answer as TusOutcome;
        expect(create.status).toBe(409);
        expect(await create.json()).toMatchObject({ code: LEGAL_HOLD_ERROR_CODES.HELD });
      },
      onceReleased: async (answer, { contentId }) => {
        expect((answer as TusOutcome).result).toMatchObject({ status: 200, body: { contentId, version: 2 } });
      },
    },
    {
      name: 'DELETE /api/folders/:id of a held (empty) folder',
      scopes: ['folder'],
      setup: emptyFolder,
      attempt: ({ folderId }) => send('admin', 'DELETE', `/api/folders/${folderId}`),
      whileHeld: refusedAsHeld,
      onceReleased: async (answer, { folderId }) => {
        expect(answer).toMatchObject({ status: 204 });
        expect(await providerDb(hub.t).category.findUnique({ where: { id: folderId } })).toBeNull();
      },
    },
    {
      name: 'provider xadmin content/trash with a writer’s own token (the second front door)',
      scopes: ['asset', 'folder', 'department'],
      setup: async () => ({ contentId: await contentIn(ARCHIVE) }),
      attempt: ({ contentId }) =>
        atProvider('mario.rossi', `xadmin/resources/content/trash/${client()}`, {
          contentList: { contentsToTrash: [{ xcontentId: contentId }] },
        }),
      whileHeld: (answer, { contentId }) =>
        expect(answer).toMatchObject({ status: 200, body: { contentsInIssue: [contentId] } }),
      onceReleased: async (answer, { contentId }) => {
        expect(answer).toMatchObject({ status: 200, body: { contentsInIssue: [] } });
        expect(await trashed(contentId)).toBe(true);
      },
    },
    {
      name: 'provider xadmin content/remove with a writer’s own token: the rows and the source’s bytes',
      scopes: ['asset', 'folder', 'department'],
      setup: async () => contentWithSource([ARCHIVE]),
      attempt: ({ contentId }) =>
        atProvider('mario.rossi', `xadmin/resources/content/remove/${client()}`, { xcontentId: contentId }),
      whileHeld: heldAtProvider,
      onceReleased: async (answer, target) => {
        expect(answer).toMatchObject({ status: 200 });
        expect(await stateOf(hub.t, target.contentId!)).toBeNull();
        expect(await blobs().exists(`contents/${target.contentId}/v1/source.jpg`)).toBe(false);
      },
    },
    {
      name: 'provider xadmin content/remove by the hub’s own service account (no account is above a hold)',
      scopes: ['asset', 'folder', 'department'],
      setup: async () => contentWithSource([ARCHIVE]),
      attempt: async ({ contentId }) =>
        atProvider(hub.t.config.PROVIDER_SERVICE_USERNAME, `xadmin/resources/content/remove/${client()}`, {
          xcontentId: contentId,
        }),
      whileHeld: heldAtProvider,
      onceReleased: async (answer, { contentId }) => {
        expect(answer).toMatchObject({ status: 200 });
        expect(await stateOf(hub.t, contentId!)).toBeNull();
      },
    },
    {
      name: 'provider xadmin content/updateSource with a writer’s own token (a new version replaces the source)',
      scopes: ['asset', 'folder', 'department'],
      setup: async () => ({ contentId: await contentIn(ARCHIVE) }),
      attempt: async ({ contentId }) => {
        const file = await incomingFile(hub.t, await token('mario.rossi'), 'version-two.jpg');
        return atProvider('mario.rossi', `xadmin/resources/content/updateSource/${client()}`, {
          contentId,
          sources: [{ s3: file }],
        });
      },
      whileHeld: heldAtProvider,
      onceReleased: async (answer) => {
        expect(answer).toMatchObject({ status: 200, body: { version: 2 } });
      },
    },
    {
      name: 'provider xcontents category/remove of a held (empty) folder',
      scopes: ['folder'],
      setup: emptyFolder,
      attempt: ({ folderId }) =>
        atProvider('admin', `xcontents/resources/category/remove/${client()}/${folderId}`, {}),
      whileHeld: heldAtProvider,
      onceReleased: async (answer, { folderId }) => {
        expect(answer).toMatchObject({ status: 200 });
        expect(await providerDb(hub.t).category.findUnique({ where: { id: folderId } })).toBeNull();
      },
    },
  ];

  /** Places a hold through the hub's API as the admin; answers its id. */
  async function place(scope: LegalHoldScope, targetId: string): Promise<string> {
    const answer = await send('admin', 'POST', '/api/legal-holds', {
      scope,
      targetIds: [targetId],
      reason: `Matrix ${scope}`,
    });
    expect(answer.status).toBe(201);
    return (answer.body as unknown as LegalHoldView[])[0]!.id;
  }
  const holdTarget = (scope: LegalHoldScope, target: Target): string =>
    scope === 'asset'
      ? target.contentId!
      : scope === 'department'
        ? 'marketing'
        : (target.folderId ?? folder(TOP));

  for (const path of PATHS)
    for (const scope of path.scopes)
      it(`${path.name}: held by ${scope === 'asset' ? 'an' : 'a'} ${scope} hold, refused or skipped and nothing changed; released, done`, async () => {
        const target = await path.setup();
        const hold = await place(scope, holdTarget(scope, target));
        const before = await snapshot(target);
        await path.whileHeld(await path.attempt(target), target);
        expect(await snapshot(target)).toEqual(before);

        const released = await send('admin', 'POST', `/api/legal-holds/${hold}/release`);
        expect(released).toMatchObject({ status: 200, body: { releasedBy: 'admin' } });
        await path.onceReleased(await path.attempt(target), target);
      });

  it('a held asset’s detail offers no new version and names the hold; released, it offers it again', async () => {
    const contentId = await contentIn(REJECTED);
    const detail = async () =>
      (await send('mario.rossi', 'GET', `/api/assets/${contentId}?folderId=${folder(REJECTED)}&lang=en`))
        .body as unknown as { actions: { updateFile: boolean }; holdReasons?: string[] };
    expect(await detail()).toMatchObject({ actions: { updateFile: true } });
    expect((await detail()).holdReasons).toBeUndefined();
    const hold = await place('folder', folder(REJECTED));
    expect(await detail()).toMatchObject({ actions: { updateFile: false }, holdReasons: ['Matrix folder'] });
    await send('admin', 'POST', `/api/legal-holds/${hold}/release`);
    const released = await detail();
    expect(released.actions.updateFile).toBe(true);
    expect(released.holdReasons).toBeUndefined();
  });

  it('counts every content a hold kept from a destructive act', async () => {
    const port = hub.t.app.get(MetricsListener).port;
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    for (const act of ['purge-junk', 'permanent-delete', 'new-version', 'folder-delete'])
      expect(text).toMatch(new RegExp(`paddock_legal_hold_kept_total\\{act="${act}"[^}]*\\} [1-9]`));
  });

  describe('the administrators’ routes', () => {
    it('keeps released holds, newest first, apart from the active ones', async () => {
      const contentId = await contentIn(ARCHIVE);
      const id = await place('asset', contentId);
      const listed = async (state: string) =>
        (
          (await send('admin', 'GET', `/api/legal-holds?state=${state}&lang=en`)).body as unknown as {
            items: LegalHoldView[];
          }
        ).items.map((h) => h.id);
      expect(await listed('active')).toContain(id);
      expect(await listed('released')).not.toContain(id);
      await send('admin', 'POST', `/api/legal-holds/${id}/release`);
      expect(await listed('active')).not.toContain(id);
      expect(await listed('released')).toContain(id);
      const again = await send('admin', 'POST', `/api/legal-holds/${id}/release`);
      expect([again.status, again.body.code]).toEqual([409, LEGAL_HOLD_ERROR_CODES.ALREADY_RELEASED]);
    });

    it('shows an administrator what keeps an asset: its hold, its folder’s, its department’s', async () => {
      const contentId = await contentIn(JUNK);
      const ids = [
        await place('asset', contentId),
        await place('folder', folder(JUNK)),
        await place('department', 'marketing'),
      ];
      const answer = await send('admin', 'GET', `/api/legal-holds/assets/${contentId}?lang=en`);
      expect((answer.body as unknown as LegalHoldView[]).map((h) => [h.scope, h.targetName])).toEqual([
        ['asset', expect.stringContaining('held-')],
        ['folder', 'Department junk'],
        ['department', 'Marketing'],
      ]);
      for (const id of ids) await send('admin', 'POST', `/api/legal-holds/${id}/release`);
    });

    it('lets only administrators place and release holds, and refuses bad input before any lookup', async () => {
      const contentId = await contentIn(ARCHIVE);
      const body = { scope: 'asset', targetIds: [contentId], reason: 'Not mine to hold' };
      const staff = await send('mario.rossi', 'POST', '/api/legal-holds', body);
      expect([staff.status, staff.body.code]).toEqual([403, ERROR_CODES.FORBIDDEN]);
      expect((await send('mario.rossi', 'GET', '/api/legal-holds')).status).toBe(403);
      expect((await send('mario.rossi', 'POST', '/api/jobs/maintenance/purge-junk')).status).toBe(403);
      for (const bad of [
        { ...body, reason: '   ' },
        { ...body, reason: 'x'.repeat(501) },
        { ...body, reason: 'Ω case' },
        { ...body, scope: 'everything' },
        { ...body, targetIds: [] },
        { ...body, targetIds: ['not-an-id'] },
        { ...body, scope: 'department', targetIds: ['l/marketing'] },
        { ...body, extra: true },
      ]) {
        const answer = await send('admin', 'POST', '/api/legal-holds', bad);
        expect([JSON.stringify(bad), answer.status, answer.body.code]).toEqual([
          JSON.stringify(bad),
          400,
          ERROR_CODES.VALIDATION_FAILED,
        ]);
      }
      const unknown = await send('admin', 'POST', '/api/legal-holds', { ...body, targetIds: [randomUUID()] });
      expect([unknown.status, unknown.body.code]).toEqual([404, ERROR_CODES.NOT_FOUND]);
      const heritage = await send('admin', 'POST', '/api/legal-holds', {
        scope: 'department',
        targetIds: ['heritage'],
        reason: 'Another department',
      });
      expect([heritage.status, heritage.body.code]).toEqual([403, ERROR_CODES.FORBIDDEN]);
      const active = (await send('admin', 'GET', '/api/legal-holds?state=active')).body as unknown as {
        items: LegalHoldView[];
      };
      expect(active.items.filter((h) => h.targetId === contentId || h.targetId === 'heritage')).toEqual([]);

      // A release: only an administrator's, of a hold that exists and is active; a refusal changes nothing.
      const placed = await send('admin', 'POST', '/api/legal-holds', body);
      const [hold] = placed.body as unknown as LegalHoldView[];
      const byStaff = await send('mario.rossi', 'POST', `/api/legal-holds/${hold!.id}/release`);
      expect([byStaff.status, byStaff.body.code]).toEqual([403, ERROR_CODES.FORBIDDEN]);
      const notAnId = await send('admin', 'POST', '/api/legal-holds/not-an-id/release');
      expect([notAnId.status, notAnId.body.code]).toEqual([400, ERROR_CODES.VALIDATION_FAILED]);
      const noSuch = await send('admin', 'POST', `/api/legal-holds/${randomUUID()}/release`);
      expect([noSuch.status, noSuch.body.code]).toEqual([404, ERROR_CODES.NOT_FOUND]);
      const still = (await send('admin', 'GET', `/api/legal-holds/assets/${contentId}`))
        .body as unknown as LegalHoldView[];
      expect(still.map((h) => h.id)).toContain(hold!.id);
      expect((await send('admin', 'POST', `/api/legal-holds/${hold!.id}/release`)).status).toBe(200);
      const again = await send('admin', 'POST', `/api/legal-holds/${hold!.id}/release`);
      expect(again.status).toBe(409);
    });
  });
});
