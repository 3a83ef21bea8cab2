import { ASSET_ERROR_CODES, ERROR_CODES, WORKFLOW_ERROR_CODES, parseDrawing } from '@paddock/rules';
import type { SignedIn } from '../auth/auth-fixtures';
import { hubDb, providerDb } from '../auth/auth-fixtures';
import { folder, seedFolders } from '../folders/folder-fixtures';
import type { TestApp } from '../support/test-app';
import {
  MARKETING_PEOPLE,
  as,
  contentsIn,
  finished,
  post,
  startDemoWorld,
  stateOf,
  submitJob,
} from './workflow-fixtures';

jest.setTimeout(120_000);

const DRAWING = JSON.stringify({
  version: 1,
  strokes: [
    {
      color: '#ff0000',
      width: 0.01,
      points: [
        [0.1, 0.1],
        [0.5, 0.4],
      ],
    },
  ],
});

let t: TestApp;
let folders: Map<string, string>;
let anna: SignedIn;
let luca: SignedIn;
let mario: SignedIn;
/** The junk is the admin's (SPEC §6): restores other than an Undo, and deletes for good. */
let admin: SignedIn;
const id = (prettyId: string) => folders.get(prettyId)!;
const submit = (s: SignedIn, action: string, body: object) =>
  submitJob(t, s, `/api/workflow/${action}`, body);

beforeAll(async () => {
  ({
    t,
    folders,
    people: [anna, luca, mario, admin],
  } = await startDemoWorld([...MARKETING_PEOPLE, 'admin']));
});
afterAll(() => t?.close());

describe('the approval workflow over HTTP (real provider, real jobs)', () => {
  it('accepts at step 1 (anna) into step 2, tagged accepted, accepted_by recorded, audited', async () => {
    const [content] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing']);
    const jobId = await submit(anna, 'accept', { contentIds: [content], folderId: id('appstp1-marketing') });
    const job = await finished(t, anna, jobId);
    expect(job.state).toBe('completed');
    expect(job.result).toEqual({ total: 1, done: 1, unchanged: 0, junk: 0, failed: 0 });
    expect(job.outcomes).toEqual([
      {
        contentId: content,
        outcome: 'done',
        fromFolderId: id('appstp1-marketing'),
        toFolderId: id('appstp2-marketing'),
        errorCode: null,
      },
    ]);
    const state = await stateOf(t, content);
    expect(state?.folders).toEqual(['appstp2-marketing', 'lvrr02-marketing']);
    expect(state?.tags).toEqual(['wf-accepted']);
    expect(state?.meta).toMatchObject({ accepted_by: 'anna.bianchi' });
    const audit = await hubDb(t).auditRecord.findMany({ where: { jobId } });
    expect(audit.map((a) => [a.assetId, a.action, a.outcome])).toEqual(
      expect.arrayContaining([
        [content, 'accept', 'success'],
        [null, 'accept', 'success'],
      ]),
    );
    expect(audit).toHaveLength(2);
  });

  it('refuses to send on an unreadable file; a reject still sends it back to its supplier (issue 23)', async () => {
    const [content] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing']);
    // What the derivatives job leaves on a corrupt file (make-derivatives.int-spec).
    await providerDb(t).content.update({ where: { id: content }, data: { state: 'FAILED' } });
    const body = { contentIds: [content], folderId: id('appstp1-marketing') };
    const jobs = await hubDb(t).jobRecord.count();
    const refused = await post<{ code: string; details: { ids: string[] } }>(
      t,
      anna,
      '/api/workflow/accept',
      body,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: ASSET_ERROR_CODES.UNREADABLE, details: { ids: [content] } });
    expect(await hubDb(t).jobRecord.count()).toBe(jobs);
    expect((await stateOf(t, content!))?.folders).toEqual(['appstp1-marketing', 'lvrr02-marketing']);
    const rejected = await submit(anna, 'reject', { ...body, note: 'Il file non si apre' });
    expect((await finished(t, anna, rejected)).state).toBe('completed');
  });

  it('accepts at the last step (luca) into the enrichment folder chosen, clearing note and drawing', async () => {
    const [content] = await contentsIn(t, folders, ['appstp2-marketing'], 1, {
      metadata: [
        { key: 'content_note', value: 'old note' },
        { key: 'jsoncanvas', value: DRAWING },
      ],
    });
    const body = { contentIds: [content], folderId: id('appstp2-marketing') };
    const jobId = await submit(luca, 'accept', { ...body, enrichmentFolderId: id('arrc03-marketing') });
    expect((await finished(t, luca, jobId)).state).toBe('completed');
    const state = await stateOf(t, content);
    expect(state?.folders).toEqual(['arrc03-marketing']);
    expect(state?.meta).toEqual({ accepted_by: 'luca.conti' });
  });

  it('rejects with a note and a drawing into the rejected folder; the supplier copy stays', async () => {
    const [content] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp2-marketing']);
    const jobId = await submit(luca, 'reject', {
      contentIds: [content],
      folderId: id('appstp2-marketing'),
      note: 'Rifare: riflesso sul cofano',
      canvas: DRAWING,
    });
    expect((await finished(t, luca, jobId)).state).toBe('completed');
    const state = await stateOf(t, content);
    expect(state?.folders).toEqual(['lvrr02-marketing', 'rftt00-marketing']);
    expect(state?.tags).toEqual(['wf-refused']);
    expect(state?.meta).toEqual({
      content_note: 'Rifare: riflesso sul cofano',
      rejected_by: 'luca.conti',
      jsoncanvas: expect.any(String),
    });
    expect(parseDrawing(state!.meta.jsoncanvas!)).toEqual({ ...JSON.parse(DRAWING), contentVersion: 1 });
  });

  it('stamps the stored drawing with the version it was drawn on, whatever the browser sent (issue 23)', async () => {
    const [content] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp2-marketing']);
    await providerDb(t).content.update({ where: { id: content }, data: { version: 2 } });
    const jobId = await submit(luca, 'reject', {
      contentIds: [content],
      folderId: id('appstp2-marketing'),
      note: 'Il logo è tagliato',
      canvas: JSON.stringify({ ...JSON.parse(DRAWING), contentVersion: 7 }),
    });
    expect((await finished(t, luca, jobId)).state).toBe('completed');
    const state = await stateOf(t, content);
    expect(parseDrawing(state!.meta.jsoncanvas!)).toEqual({ ...JSON.parse(DRAWING), contentVersion: 2 });
  });

  it('moves, deletes to the junk with the deletion date, restores, and deletes for good', async () => {
    const [content] = await contentsIn(t, folders, ['arrc03-marketing']);
    const moved = await submit(mario, 'move', {
      contentIds: [content],
      folderId: id('arrc03-marketing'),
      toFolderId: id('arch04-marketing'),
    });
    expect((await finished(t, mario, moved)).state).toBe('completed');
    expect((await stateOf(t, content))?.folders).toEqual(['arch04-marketing']);

    const before = Math.floor(Date.now() / 1000);
    const deleted = await submit(mario, 'delete', {
      contentIds: [content],
      folderId: id('arch04-marketing'),
    });
    expect((await finished(t, mario, deleted)).state).toBe('completed');
    let state = await stateOf(t, content);
    expect(state?.folders).toEqual(['junk-marketing']);
    expect(state?.tags).toEqual(['wf-deleted']);
    expect(Number(state?.meta.dataeliminazione)).toBeGreaterThanOrEqual(before);

    const restored = await submit(admin, 'restore', {
      contentIds: [content],
      folderId: id('junk-marketing'),
      toFolderId: id('arrc03-marketing'),
    });
    expect((await finished(t, admin, restored)).state).toBe('completed');
    state = await stateOf(t, content);
    expect(state).toMatchObject({ folders: ['arrc03-marketing'], tags: [], meta: {} });

    await finished(
      t,
      mario,
      await submit(mario, 'delete', { contentIds: [content], folderId: id('arrc03-marketing') }),
    );
    const gone = await submit(admin, 'permanent-delete', {
      contentIds: [content],
      folderId: id('junk-marketing'),
    });
    expect((await finished(t, admin, gone)).outcomes?.[0]?.outcome).toBe('done');
    expect((await stateOf(t, content))?.trashed).toBe(true);
  });

  it("removes the supplier's copy of what was sent to the supplier; the content stays elsewhere", async () => {
    const [content] = await contentsIn(t, folders, ['inbox-marketing-fotostudio', 'arch04-marketing']);
    const jobId = await submit(mario, 'supplier-remove', {
      contentIds: [content],
      folderId: id('inbox-marketing-fotostudio'),
    });
    expect((await finished(t, mario, jobId)).outcomes?.[0]).toMatchObject({
      contentId: content,
      outcome: 'done',
    });
    expect((await stateOf(t, content))?.folders).toEqual(['arch04-marketing']);
  });

  it("removes a delivery from the supplier's sent folder; it stays at its approval step", async () => {
    const supplier = await as(t, 'foto.studio');
    const [content] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing']);
    const jobId = await submit(supplier, 'supplier-remove', {
      contentIds: [content],
      folderId: id('lvrr02-marketing'),
    });
    expect((await finished(t, supplier, jobId)).outcomes?.[0]).toMatchObject({ outcome: 'done' });
    expect((await stateOf(t, content))?.folders).toEqual(['appstp1-marketing']);
  });

  it('rejects from the supplier view back into the supplier work folder (SPEC §4)', async () => {
    const [content] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing']);
    const body = { contentIds: [content], folderId: id('lvrr02-marketing'), note: 'Luce sbagliata' };
    // Only an approver of the delivery's step may send it back.
    for (const other of [luca, mario]) {
      const refused = await post<{ code: string }>(t, other, '/api/workflow/reject', body);
      expect(refused.status).toBe(403);
    }
    const jobId = await submit(anna, 'reject', body);
    expect((await finished(t, anna, jobId)).outcomes?.[0]).toMatchObject({
      outcome: 'done',
      fromFolderId: id('appstp1-marketing'),
      toFolderId: id('lvrr02-marketing'),
    });
    const state = await stateOf(t, content);
    expect(state).toMatchObject({ folders: ['lvrr02-marketing'], tags: ['wf-refused'] });
    expect(state?.meta).toEqual({ content_note: 'Luce sbagliata', rejected_by: 'anna.bianchi' });
  });

  it('dates what a failed move sends to the junk, so the 30-day purge removes it too', async () => {
    // A shared archive mario writes but the workflow's account may not link into: the move fails.
    const locked = await seedFolders(
      t,
      [
        folder('campaign-locked', null, 'Locked', {
          'L/MARKETING': {},
          'WRITE.MARKETING': { write: true },
        }),
      ],
      ['L/MARKETING', 'WRITE.MARKETING'],
    );
    const [content] = await contentsIn(t, folders, ['arrc03-marketing']);
    const before = Math.floor(Date.now() / 1000);
    const jobId = await submit(mario, 'move', {
      contentIds: [content],
      folderId: id('arrc03-marketing'),
      toFolderId: locked.get('campaign-locked'),
    });
    expect((await finished(t, mario, jobId)).outcomes?.[0]).toMatchObject({
      outcome: 'junk',
      errorCode: 'E049',
    });
    const state = await stateOf(t, content);
    expect(state).toMatchObject({ folders: ['junk-marketing'], tags: ['wf-deleted'] });
    expect(Number(state?.meta.dataeliminazione)).toBeGreaterThanOrEqual(before);
  });

  // The SPEC §4 refusals are unit specs (server/src/workflow/workflow.service.spec.ts); the request
  // validation before the service is proven here.
  it('refuses more contents than a job takes, enqueueing nothing', async () => {
    const [step1] = await contentsIn(t, folders, ['appstp1-marketing']);
    const jobs = await hubDb(t).jobRecord.count();
    const res = await post<{ code: string }>(t, anna, '/api/workflow/accept', {
      contentIds: Array.from({ length: 501 }, () => step1),
      folderId: id('appstp1-marketing'),
    });
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await hubDb(t).jobRecord.count()).toBe(jobs);
    expect((await stateOf(t, step1))?.folders).toEqual(['appstp1-marketing']);
  });
});

describe('move and restore targets (issue 12)', () => {
  it('restores without a target back to the folder each content was deleted from', async () => {
    const [fromArchive, fromEnrichment] = await contentsIn(t, folders, ['arch04-marketing'], 2);
    await finished(
      t,
      mario,
      await submit(mario, 'move', {
        contentIds: [fromEnrichment!],
        folderId: id('arch04-marketing'),
        toFolderId: id('arrc03-marketing'),
      }),
    );
    for (const [content, folder] of [
      [fromArchive!, 'arch04-marketing'],
      [fromEnrichment!, 'arrc03-marketing'],
    ] as const)
      await finished(
        t,
        mario,
        await submit(mario, 'delete', { contentIds: [content], folderId: id(folder) }),
      );
    expect((await stateOf(t, fromEnrichment!))?.folders).toEqual(['junk-marketing']);

    const restored = await submit(mario, 'restore', {
      contentIds: [fromArchive, fromEnrichment],
      folderId: id('junk-marketing'),
    });
    const job = await finished(t, mario, restored);
    expect(job.state).toBe('completed');
    expect(job.outcomes?.map((o) => [o.contentId, o.toFolderId])).toEqual(
      expect.arrayContaining([
        [fromArchive, id('arch04-marketing')],
        [fromEnrichment, id('arrc03-marketing')],
      ]),
    );
    expect((await stateOf(t, fromArchive!))?.folders).toEqual(['arch04-marketing']);
    expect(await stateOf(t, fromEnrichment!)).toMatchObject({ folders: ['arrc03-marketing'], tags: [] });
  });

  it('refuses a restore to the origin when one content has no known origin, enqueueing nothing', async () => {
    const [known] = await contentsIn(t, folders, ['arch04-marketing']);
    await finished(
      t,
      mario,
      await submit(mario, 'delete', { contentIds: [known], folderId: id('arch04-marketing') }),
    );
    // Put in the junk by the provider's own hand: the hub never saw where it came from.
    const [unknown] = await contentsIn(t, folders, ['junk-marketing']);
    const jobsBefore = await hubDb(t).jobRecord.count();
    const res = await post<{ code: string; details: { ids: string[] } }>(t, admin, '/api/workflow/restore', {
      contentIds: [known, unknown],
      folderId: id('junk-marketing'),
    });
    expect([res.status, res.body.code, res.body.details.ids]).toEqual([
      409,
      WORKFLOW_ERROR_CODES.ORIGIN_UNAVAILABLE,
      [unknown],
    ]);
    expect(await hubDb(t).jobRecord.count()).toBe(jobsBefore);
    expect((await stateOf(t, known!))?.folders).toEqual(['junk-marketing']);
  });

  it('does not find the junk as the target of a staff move: the provider hides it from them (404)', async () => {
    const [content] = await contentsIn(t, folders, ['arrc03-marketing']);
    const res = await post<{ code: string }>(t, mario, '/api/workflow/move', {
      contentIds: [content],
      folderId: id('arrc03-marketing'),
      toFolderId: id('junk-marketing'),
    });
    expect([res.status, res.body.code]).toEqual([404, ERROR_CODES.NOT_FOUND]);
    expect((await stateOf(t, content!))?.folders).toEqual(['arrc03-marketing']);
  });

  it.each([
    ['the rejected folder', 'move', 'arrc03-marketing', 'rftt00-marketing'],
    ['an approval step', 'move', 'arrc03-marketing', 'appstp1-marketing'],
    ['the rejected folder', 'restore', 'junk-marketing', 'rftt00-marketing'],
  ])(
    'refuses %s as the target of a %s (400 WORKFLOW_TARGET_NOT_ALLOWED), nothing moves',
    async (_, action, from, to) => {
      const [content] = await contentsIn(t, folders, [from]);
      const res = await post<{ code: string }>(
        t,
        action === 'restore' ? admin : mario,
        `/api/workflow/${action}`,
        {
          contentIds: [content],
          folderId: id(from),
          toFolderId: id(to),
        },
      );
      expect([res.status, res.body.code]).toEqual([400, WORKFLOW_ERROR_CODES.TARGET_NOT_ALLOWED]);
      expect((await stateOf(t, content!))?.folders).toEqual([from]);
    },
  );
});
