import {
  ASSET_ERROR_CODES,
  type AssetDetail,
  type ErrorBody,
  type RejectedDeliveriesResponse,
} from '@paddock/rules';
import sharp from 'sharp';
import type { SignedIn } from '../auth/auth-fixtures';
import { providerDb } from '../auth/auth-fixtures';
import { tusUpload } from '../support/tus-client';
import type { TestApp } from '../support/test-app';
import { as, contentsIn, finished, get, startDemoWorld, submitJob } from './workflow-fixtures';

jest.setTimeout(120_000);

/** A supplier told what came back rejected and why, and kept to its own departments (issue 23). */
let t: TestApp;
let folders: Map<string, string>;
let anna: SignedIn;
let luca: SignedIn;
let mario: SignedIn;
let supplier: SignedIn;
const id = (prettyId: string) => folders.get(prettyId)!;

beforeAll(async () => {
  ({
    t,
    folders,
    people: [luca, mario, anna],
  } = await startDemoWorld(['luca.conti', 'mario.rossi', 'anna.bianchi']));
  supplier = await as(t, 'foto.studio');
});
afterAll(() => t?.close());

const rejectedOf = async (s: SignedIn, lang = 'en') => {
  const res = await get<RejectedDeliveriesResponse>(t, s, `/api/assets/rejected-deliveries?lang=${lang}`);
  expect(res.status).toBe(200);
  return res.body.items;
};
const countsOf = async (s: SignedIn) => (await get<Record<string, number>>(t, s, '/api/assets/counts')).body;

describe("a supplier's rejected deliveries (issue 23)", () => {
  it('lists a rejection with its note and who made it, and counts it on the deliveries view', async () => {
    const before = await rejectedOf(supplier);
    const [content] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp2-marketing']);
    expect((await rejectedOf(supplier)).map((r) => r.id)).not.toContain(content);

    const jobId = await submitJob(t, luca, '/api/workflow/reject', {
      contentIds: [content],
      folderId: id('appstp2-marketing'),
      note: 'Riflesso sul cofano',
    });
    expect((await finished(t, luca, jobId)).state).toBe('completed');

    const after = await rejectedOf(supplier);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((r) => r.id === content)).toEqual({
      id: content,
      name: expect.stringMatching(/^wf-/),
      extension: expect.any(String),
      version: 1,
      folderId: id('lvrr02-marketing'),
      note: 'Riflesso sul cofano',
      // By the name the supplier knows, not luca.conti's username (issue 23).
      rejectedBy: 'Luca Conti',
    });
    expect(await countsOf(supplier)).toEqual({ supplierSent: after.length });
    // The asset's detail names them the same way.
    const detail = await get<AssetDetail>(t, supplier, `/api/assets/${content}`);
    expect(detail.body.workflow.rejectedBy).toBe('Luca Conti');
  });

  it('names who accepted in the detail by their name too (issue 23)', async () => {
    const [content] = await contentsIn(t, folders, ['appstp1-marketing']);
    const jobId = await submitJob(t, anna, '/api/workflow/accept', {
      contentIds: [content],
      folderId: id('appstp1-marketing'),
    });
    expect((await finished(t, anna, jobId)).state).toBe('completed');
    // Luca, at the next step, opens it.
    const detail = await get<AssetDetail>(t, luca, `/api/assets/${content}`);
    expect(detail.body.workflow.acceptedBy).toBe('Anna Bianchi');
  });

  it('leaves out deliveries that were not rejected', async () => {
    const [waiting] = await contentsIn(t, folders, ['lvrr02-heritage', 'appstp1-heritage']);
    expect((await rejectedOf(supplier)).map((r) => r.id)).not.toContain(waiting);
  });

  it('tells no one else: staff get an empty list and no deliveries count', async () => {
    expect(await rejectedOf(mario)).toEqual([]);
    expect(await countsOf(mario)).not.toHaveProperty('supplierSent');
  });

  it('refuses an upload into the work folder of a department the supplier does not work for, creating nothing', async () => {
    const image = await sharp({
      create: { width: 32, height: 24, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const db = providerDb(t);
    // The supplier stops working for Heritage: its company's group loses the work folder's rights.
    const group = await db.group.findUniqueOrThrow({ where: { name: 'SUP.FOTOSTUDIO' } });
    await db.categoryAcl.updateMany({
      where: { categoryId: id('lvrr02-heritage'), groupId: group.id },
      data: { write: false },
    });
    const before = await db.content.count();
    const refused = await tusUpload(t, supplier, image, {
      filename: 'wrong-department.jpg',
      folderId: id('lvrr02-heritage'),
    });
    expect(refused.create.status).toBe(403);
    expect(((await refused.create.json()) as { code: string }).code).toBe(ASSET_ERROR_CODES.UPLOAD_FORBIDDEN);
    expect(await db.content.count()).toBe(before);

    // Where it does work, the same upload goes through.
    const accepted = await tusUpload(t, supplier, image, {
      filename: 'right-department.jpg',
      folderId: id('lvrr02-marketing'),
    });
    expect(accepted.create.status).toBe(201);
    expect(accepted.result?.status).toBe(200);
  });

  it('refuses a language it does not speak and any unknown parameter with 400, naming the field', async () => {
    for (const [query, field] of [
      ['lang=de', 'lang'],
      ['lang=', 'lang'],
      ['lang=en&lang=fr', 'lang'],
      [`folderId=${id('lvrr02-heritage')}`, 'folderId'],
    ]) {
      const res = await get<ErrorBody>(t, supplier, `/api/assets/rejected-deliveries?${query}`);
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
      expect(JSON.stringify(res.body.details)).toContain(field);
    }
  });

  it("shows nothing of a department's work folder the supplier no longer sees", async () => {
    const [content] = await contentsIn(t, folders, ['lvrr02-heritage', 'appstp2-marketing']);
    const jobId = await submitJob(t, luca, '/api/workflow/reject', {
      contentIds: [content],
      folderId: id('appstp2-marketing'),
      note: 'Fuori fuoco',
    });
    expect((await finished(t, luca, jobId)).state).toBe('completed');
    expect((await rejectedOf(supplier)).map((r) => r.id)).toContain(content);

    // The supplier company stops working for Heritage altogether: its group loses the work folder.
    const db = providerDb(t);
    const group = await db.group.findUniqueOrThrow({ where: { name: 'SUP.FOTOSTUDIO' } });
    await db.categoryAcl.deleteMany({ where: { categoryId: id('lvrr02-heritage'), groupId: group.id } });

    const after = await rejectedOf(await as(t, 'foto.studio'));
    expect(after.map((r) => r.id)).not.toContain(content);
    expect(after.filter((r) => r.folderId === id('lvrr02-heritage'))).toEqual([]);
    expect(after.length).toBeGreaterThan(0);
  });
});
