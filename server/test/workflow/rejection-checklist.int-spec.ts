import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  WORKFLOW_ERROR_CODES as CODES,
  type AssetDetail,
  type ErrorBody,
  type UploadResult,
} from '@paddock/rules';
import sharp from 'sharp';
import { call, headersOf, type SignedIn } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { tusUpload } from '../support/tus-client';
import { as, finished, get, post, seedDemoOrganisation, stateOf } from './workflow-fixtures';

jest.setTimeout(180_000);

/**
 * Versions compared, the rejection carried over (issue 27 point 3), through the whole app: a
 * supplier's delivery rejected with a drawing of two regions, its new version back at step 1,
 * the earlier version's preview beside the new one's, and an accept that waits for the checklist.
 */
let t: TestApp;
let blobDir: string;
let folders: Map<string, string>;
let anna: SignedIn;
let luca: SignedIn;
let mario: SignedIn;
let supplier: SignedIn;
const id = (prettyId: string) => folders.get(prettyId)!;

/** Two corrections far apart: a ring at the top left, a scratch at the bottom right. */
const DRAWING = JSON.stringify({
  version: 1,
  strokes: [
    {
      color: '#e11d48',
      width: 0.005,
      points: [
        [0.1, 0.1],
        [0.2, 0.1],
        [0.2, 0.2],
        [0.1, 0.2],
      ],
    },
    {
      color: '#e11d48',
      width: 0.005,
      points: [
        [0.8, 0.8],
        [0.9, 0.9],
      ],
    },
  ],
});

beforeAll(async () => {
  blobDir = await mkdtemp(join(tmpdir(), 'paddock-checklist-'));
  t = await startTestApp({ BLOB_DIR: blobDir });
  folders = await seedDemoOrganisation(t);
  [anna, luca, mario, supplier] = await Promise.all(
    ['anna.bianchi', 'luca.conti', 'mario.rossi', 'foto.studio'].map((u) => as(t, u)),
  );
});
afterAll(async () => {
  await t?.close();
  await rm(blobDir, { recursive: true, force: true });
});

/** A full-HD photo of one colour, which the pre-flight lets through. */
const photo = (background: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 1920, height: 1080, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function upload(metadata: Record<string, string>, bytes: Buffer): Promise<UploadResult> {
  // As the browser names it: a photo, previewed as one.
  const { create, result } = await tusUpload(t, supplier, bytes, { filetype: 'image/jpeg', ...metadata });
  expect(create.status).toBe(201);
  expect(result?.status).toBe(200);
  return result?.body as UploadResult;
}

async function detail(s: SignedIn, contentId: string, folder: string): Promise<AssetDetail> {
  const res = await get<AssetDetail>(t, s, `/api/assets/${contentId}?folderId=${id(folder)}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** `PUT /api/workflow/checklist` with any body (ChecklistMarkRequest, or a bad one). */
const mark = (s: SignedIn, body: Record<string, unknown>) =>
  call<ErrorBody>(t, 'PUT', '/api/workflow/checklist', { json: body, headers: headersOf(s) });

/** The preview's bytes once the derivatives job made them (a placeholder SVG until then). */
async function previewOf(contentId: string, query: string): Promise<Buffer> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await fetch(`${t.url}/api/assets/${contentId}/preview${query}`, { headers: headersOf(anna) });
    expect(res.status).toBe(200);
    if (!res.headers.get('content-type')?.includes('svg')) return Buffer.from(await res.arrayBuffer());
    if (Date.now() > deadline) throw new Error(`no preview ${query} of ${contentId}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const dominant = async (image: Buffer) => (await sharp(image).stats()).dominant;

describe('a rejection carried over to the next version (issue 27 point 3)', () => {
  let content: string;

  beforeAll(async () => {
    const first = await upload(
      { filename: 'checklist-delivery.jpg', folderId: id('lvrr02-marketing') },
      await photo({ r: 20, g: 60, b: 200 }),
    );
    expect((await finished(t, supplier, first.preflightJobId)).state).toBe('completed');
    content = first.contentId;
    const reject = await post<{ jobId: string }>(t, anna, '/api/workflow/reject', {
      contentIds: [content],
      folderId: id('appstp1-marketing'),
      note: 'Specchietto e graffio',
      canvas: DRAWING,
    });
    expect(reject.status).toBe(202);
    expect((await finished(t, anna, reject.body.jobId)).state).toBe('completed');

    const second = await upload(
      { filename: 'checklist-delivery-v2.jpg', contentId: content },
      await photo({ r: 210, g: 30, b: 30 }),
    );
    expect(second.version).toBe(2);
    const checked = await finished(t, supplier, second.preflightJobId);
    const { resubmitJobId } = checked.result as { resubmitJobId: string };
    expect((await finished(t, supplier, resubmitJobId)).state).toBe('completed');
    expect((await stateOf(t, content))?.folders).toEqual(['appstp1-marketing', 'lvrr02-marketing']);
  });

  it('shows the approver the checklist of the drawing, and the rejected version beside the new one', async () => {
    const seen = await detail(anna, content, 'appstp1-marketing');
    expect(seen.version).toBe(2);
    expect(seen.workflow).toMatchObject({ rejected: false, note: 'Specchietto e graffio' });
    expect(seen.checklist).toEqual({ version: 2, drawnOn: 1, regions: 2, marks: [] });

    // Version 1 is still there, read-only, as its own rendition; the current one is the new file.
    const earlier = await dominant(await previewOf(content, '?version=1'));
    const current = await dominant(await previewOf(content, '?v=2'));
    expect(earlier.b).toBeGreaterThan(earlier.r);
    expect(current.r).toBeGreaterThan(current.b);
    // The supplier sees the same rejection and its checklist on the version they sent.
    const theirs = await get<AssetDetail>(t, supplier, `/api/assets/${content}`);
    expect(theirs.body.checklist).toMatchObject({ drawnOn: 1, regions: 2 });
  });

  it('refuses a version that is not a number, and answers a missing one with the placeholder', async () => {
    for (const query of ['?version=0', '?version=abc', '?version=1&version=2', '?version=-1']) {
      const res = await call<ErrorBody>(t, 'GET', `/api/assets/${content}/preview${query}`, {
        headers: headersOf(anna),
      });
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
    const missing = await fetch(`${t.url}/api/assets/${content}/preview?version=7`, {
      headers: headersOf(anna),
    });
    expect(missing.status).toBe(200);
    expect(missing.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('lets only who may accept here mark, the current version and its regions, and refuses bad marks', async () => {
    const base = {
      contentId: content,
      folderId: id('appstp1-marketing'),
      version: 2,
      region: 1,
      mark: 'fixed',
    };
    // Luca approves step 2, Mario works on the archive: neither may decide step 1.
    expect((await mark(luca, base)).body.code).toBe(CODES.NOT_ENABLED_FOR_STEP);
    expect((await mark(mario, base)).status).toBe(403);
    // A supplier cannot tick its own corrections, from its own folder either.
    expect((await mark(supplier, { ...base, folderId: id('lvrr02-marketing') })).status).toBe(403);
    expect((await mark(anna, { ...base, version: 1 })).status).toBe(400);
    expect((await mark(anna, { ...base, version: 3 })).body.code).toBe(CODES.CHECKLIST_STALE);
    expect((await mark(anna, { ...base, region: 3 })).body.code).toBe(CODES.CHECKLIST_STALE);
    for (const bad of [
      { mark: 'maybe' },
      { region: 0 },
      { region: 1.5 },
      { contentId: 'nope' },
      { extra: 1 },
    ])
      expect([bad, (await mark(anna, { ...base, ...bad })).status]).toEqual([bad, 400]);
    expect((await detail(anna, content, 'appstp1-marketing')).checklist?.marks).toEqual([]);
  });

  it('refuses the accept until every region is fixed or n/a, then the version goes on with its marks', async () => {
    const accept = () =>
      post<ErrorBody>(t, anna, '/api/workflow/accept', {
        contentIds: [content],
        folderId: id('appstp1-marketing'),
      });
    const open = await accept();
    expect([open.status, open.body.code, open.body.details]).toEqual([
      409,
      CODES.CHECKLIST_OPEN,
      { ids: [content] },
    ]);

    const base = { contentId: content, folderId: id('appstp1-marketing'), version: 2 };
    expect((await mark(anna, { ...base, region: 1, mark: 'fixed' })).status).toBe(204);
    expect((await mark(anna, { ...base, region: 2, mark: 'notFixed' })).status).toBe(204);
    expect((await accept()).body.code).toBe(CODES.CHECKLIST_OPEN);
    const marked = await detail(anna, content, 'appstp1-marketing');
    expect(marked.checklist?.marks).toEqual([
      { region: 1, mark: 'fixed', markedBy: 'Anna Bianchi', markedAt: expect.any(String) },
      { region: 2, mark: 'notFixed', markedBy: 'Anna Bianchi', markedAt: expect.any(String) },
    ]);

    expect((await mark(anna, { ...base, region: 2, mark: 'na' })).status).toBe(204);
    const accepted = await accept();
    expect(accepted.status).toBe(202);
    expect((await finished(t, anna, (accepted.body as unknown as { jobId: string }).jobId)).state).toBe(
      'completed',
    );
    expect((await stateOf(t, content))?.folders).toContain('appstp2-marketing');
    // At step 2 the marks stand: Luca sees what Anna checked.
    const atStep2 = await detail(luca, content, 'appstp2-marketing');
    expect(atStep2.checklist?.marks.map((m) => m.mark)).toEqual(['fixed', 'na']);
  });
});
