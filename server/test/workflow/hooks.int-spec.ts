import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AssetActions, AssetDetail, FolderNode, UploadResult } from '@paddock/rules';
import sharp from 'sharp';
import type { SignedIn } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { tusUpload } from '../support/tus-client';
import { as, contentsIn, finished, get, post, seedDemoOrganisation, stateOf } from './workflow-fixtures';

jest.setTimeout(120_000);

let t: TestApp;
let blobDir: string;
let folders: Map<string, string>;
let anna: SignedIn;
let mario: SignedIn;
let supplier: SignedIn;
const id = (prettyId: string) => folders.get(prettyId)!;

beforeAll(async () => {
  blobDir = await mkdtemp(join(tmpdir(), 'paddock-hooks-'));
  t = await startTestApp({ BLOB_DIR: blobDir });
  folders = await seedDemoOrganisation(t);
  [anna, mario, supplier] = await Promise.all(
    ['anna.bianchi', 'mario.rossi', 'foto.studio'].map((u) => as(t, u)),
  );
});
afterAll(async () => {
  await t?.close();
  await rm(blobDir, { recursive: true, force: true });
});

async function detail(s: SignedIn, contentId: string, folderId?: string): Promise<AssetDetail> {
  const query = folderId ? `?folderId=${folderId}` : '';
  const res = await get<AssetDetail>(t, s, `/api/assets/${contentId}${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function folderOf(
  s: SignedIn,
  prettyId: string,
): Promise<Required<Pick<FolderNode, 'place' | 'actions'>>> {
  const res = await get<Required<FolderNode>>(t, s, `/api/folders/${id(prettyId)}`);
  expect(res.status).toBe(200);
  return res.body;
}

function allowed(actions: AssetActions | undefined): string[] {
  return Object.entries(actions ?? {})
    .filter(([, yes]) => yes)
    .map(([action]) => action)
    .sort();
}

/** A full-HD JPEG (what the pre-flight lets through) uploaded through tus with `metadata`, then its result. */
async function upload(s: SignedIn, metadata: Record<string, string>): Promise<UploadResult> {
  const bytes = await sharp({
    create: { width: 1920, height: 1080, channels: 3, background: { r: 20, g: 90, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const { create, result } = await tusUpload(t, s, bytes, metadata);
  expect(create.status).toBe(201);
  expect(result?.status).toBe(200);
  return result?.body as UploadResult;
}

/** A supplier delivery at step 1 rejected by anna through the real workflow (note kept on it). */
async function rejectedDelivery(): Promise<string> {
  const [content] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing']);
  const res = await post<{ jobId: string }>(t, anna, '/api/workflow/reject', {
    contentIds: [content],
    folderId: id('appstp1-marketing'),
    note: 'Colours are off',
  });
  expect(res.status).toBe(202);
  expect((await finished(t, anna, res.body.jobId)).state).toBe('completed');
  expect((await stateOf(t, content))?.folders).toEqual(['lvrr02-marketing', 'rftt00-marketing']);
  return content;
}

// The places and actions of each role, and the uploads that stay out of the workflow, are unit specs
// (server/src/places/place-actions.spec.ts, server/src/assets/workflow-entry.spec.ts, assets.service.spec.ts);
// here each hook is proven once through the whole app.
describe('asset detail: place and SPEC §6 actions with ?folderId=', () => {
  it('anna at step 1 may accept and reject, not move; without folderId there is no place', async () => {
    const [content] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing']);
    const seen = await detail(anna, content, id('appstp1-marketing'));
    expect(seen.place).toMatchObject({ view: 'approver', step: 1, department: 'marketing' });
    expect(seen.actions).toMatchObject({ accept: true, reject: true, move: false, delete: false });
    const plain = await detail(anna, content);
    expect(plain.place).toBeUndefined();
    expect(plain.actions).toBeUndefined();
  });
});

describe('folder detail: place and SPEC §6 actions on assets in it', () => {
  it('step 1 for anna: accept and reject; the department archive for mario: move, delete, rename', async () => {
    const step1 = await folderOf(anna, 'appstp1-marketing');
    expect(step1.place).toMatchObject({ view: 'approver', step: 1 });
    expect(allowed(step1.actions)).toEqual(['accept', 'reject']);
    const archive = await folderOf(mario, 'arch04-marketing');
    expect(archive.place).toMatchObject({ view: 'archives', archiveSubState: 'department' });
    expect(archive.actions).toMatchObject({ move: true, delete: true, rename: true, accept: false });
  });
});

describe('uploads entering the workflow', () => {
  it('a supplier upload into the supplier work folder lands in lvrr02 and approval step 1', async () => {
    const result = await upload(supplier, { filename: 'delivery.jpg', folderId: id('lvrr02-marketing') });
    expect(result.version).toBe(1);
    expect(result.jobId).toBeUndefined();
    // Step 1 once the pre-flight let it (issue 27): it warns (a JPEG among documents), it does not block.
    expect(await finished(t, supplier, result.preflightJobId)).toMatchObject({
      state: 'completed',
      result: { verdict: 'warn', resubmitJobId: null },
    });
    expect((await stateOf(t, result.contentId))?.folders).toEqual(['appstp1-marketing', 'lvrr02-marketing']);
    const seen = await detail(anna, result.contentId, id('appstp1-marketing'));
    expect(seen.workflow.step).toBe(1);
    expect(seen.actions?.accept).toBe(true);
    // Each side reads the exchange folder by its direction, as in its tree (issue 12).
    const name = async (s: SignedIn) =>
      (await detail(s, result.contentId, id('lvrr02-marketing'))).folders.find(
        (f) => f.id === id('lvrr02-marketing'),
      )?.name;
    expect(await name(supplier)).toBe('sent to the maker');
    expect(await name(anna)).toBe('received from suppliers');
  });

  it('a new version of a rejected delivery goes back to step 1 without wf-refused, note kept', async () => {
    const content = await rejectedDelivery();
    const result = await upload(supplier, { filename: 'delivery-v2.jpg', contentId: content });
    expect(result.version).toBe(2);
    // Back to step 1 by the resubmit job, which the pre-flight starts once it lets the version go.
    expect(result.jobId).toBe(result.preflightJobId);
    const checked = await finished(t, supplier, result.jobId!);
    const { resubmitJobId } = checked.result as { resubmitJobId: string };
    expect(resubmitJobId).toEqual(expect.any(String));
    const job = await finished(t, supplier, resubmitJobId);
    expect(job.state).toBe('completed');
    const state = await stateOf(t, content);
    expect(state?.folders).toEqual(['appstp1-marketing', 'lvrr02-marketing']);
    expect(state?.tags).not.toContain('wf-refused');
    expect(state?.meta).toMatchObject({ content_note: 'Colours are off' });
  });
});
