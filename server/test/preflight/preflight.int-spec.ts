import {
  DEFAULT_PREFLIGHT_RULES,
  type AssetDetail,
  type AssetListResponse,
  type AssetSummary,
  type ErrorBody,
  type PreflightRuleSetView,
  type UploadResult,
} from '@paddock/rules';
import type { SignedIn } from '../auth/auth-fixtures';
import { photo } from '../support/photos';
import { tusUpload } from '../support/tus-client';
import type { TestApp } from '../support/test-app';
import { call, headersOf } from '../auth/auth-fixtures';
import { providerDb } from '../auth/auth-fixtures';
import {
  as,
  contentsIn,
  finished,
  get,
  startDemoWorld,
  stateOf,
  submitJob,
} from '../workflow/workflow-fixtures';

jest.setTimeout(180_000);

/** Pre-flight before approval (issue 27 point 1): each delivery judged by its department's rules. */
let t: TestApp;
let folders: Map<string, string>;
let supplier: SignedIn;
let admin: SignedIn;
let mario: SignedIn;
let anna: SignedIn;

beforeAll(async () => {
  ({
    t,
    folders,
    people: [admin, mario, anna],
  } = await startDemoWorld(['admin', 'mario.rossi', 'anna.bianchi']));
  supplier = await as(t, 'foto.studio');
});
afterAll(() => t?.close());

/** The supplier's delivery into Marketing's work folder, and its checked detail as the supplier sees it. */
async function deliver(bytes: Buffer, filename: string): Promise<AssetDetail> {
  const upload = await tusUpload(t, supplier, bytes, {
    filename,
    filetype: 'image/jpeg',
    folderId: folders.get('lvrr02-marketing')!,
  });
  expect(upload.result?.status).toBe(200);
  const { contentId, preflightJobId } = upload.result!.body as UploadResult;
  const job = await finished(t, supplier, preflightJobId);
  expect([job.state, job.errorCode]).toEqual(['completed', null]);
  const detail = await get<AssetDetail>(t, supplier, `/api/assets/${contentId}`);
  expect(detail.status).toBe(200);
  return detail.body;
}

/** Files the archive holds, as accepted deliveries do: the same bytes are compared with these. */
async function archive(contentId: string): Promise<void> {
  await providerDb(t).contentCategory.create({
    data: { categoryId: folders.get('arch04-marketing')!, contentId },
  });
}

const foldersOf = async (contentId: string) => (await stateOf(t, contentId))?.folders;

/** The card a listing of the folder shows for the asset. */
async function cardIn(s: SignedIn, prettyId: string, id: string): Promise<AssetSummary | undefined> {
  const query = new URLSearchParams({ folderId: folders.get(prettyId)!, limit: '100' });
  const res = await get<AssetListResponse>(t, s, `/api/assets?${query.toString()}`);
  expect(res.status).toBe(200);
  return res.body.items.find((item) => item.id === id);
}

const outcomes = (detail: AssetDetail) =>
  Object.fromEntries((detail.preflight?.results ?? []).map((r) => [r.ruleId, r.outcome]));

const rulesPath = (department: string) => `/api/preflight/rules/${department}`;
const put = (s: SignedIn, department: string, rules: unknown) =>
  call<PreflightRuleSetView & ErrorBody>(t, 'PUT', rulesPath(department), {
    json: { rules },
    headers: headersOf(s),
  });

describe('pre-flight of a supplier delivery (issue 27)', () => {
  let first: AssetDetail;

  it('judges a photo by every image rule of the department, with the measured and the asked value', async () => {
    first = await deliver(await photo(2400, 1600, '#e8b04a'), 'spider-front.jpg');
    expect(first.preflight).toMatchObject({ version: 1, verdict: 'warn', gates: true });
    // A warning lets it through: the delivery entered approval step 1.
    expect(await foldersOf(first.id)).toEqual(['appstp1-marketing', 'lvrr02-marketing']);
    expect(outcomes(first)).toEqual({
      'image-format': 'pass',
      'image-shorter-side': 'pass',
      'image-megapixels': 'fail',
      'image-colour': 'pass',
      'image-exact-duplicate': 'pass',
      'image-near-duplicate': 'pass',
      'image-vin': 'pass',
    });
    const megapixels = first.preflight!.results.find((r) => r.ruleId === 'image-megapixels')!;
    expect(megapixels).toMatchObject({
      action: 'warn',
      actual: 3.8,
      target: { min: 12 },
      message: { key: 'preflight.results.minMegapixels', params: { actual: 3.8, target: 12 } },
    });
  });

  it('blocks a picture too small for the shorter-side rule: it never reaches approval step 1', async () => {
    const small = await deliver(await photo(900, 600, '#4ab0e8'), 'too-small.jpg');
    expect(small.preflight?.verdict).toBe('block');
    expect(await foldersOf(small.id)).toEqual(['lvrr02-marketing']);
    // Its card says so in the supplier's folder; the one that warned says so at step 1.
    expect((await cardIn(supplier, 'lvrr02-marketing', small.id))?.preflightVerdict).toBe('block');
    expect((await cardIn(anna, 'appstp1-marketing', first.id))?.preflightVerdict).toBe('warn');
    expect(small.preflight!.results.find((r) => r.ruleId === 'image-shorter-side')).toMatchObject({
      outcome: 'fail',
      actual: 600,
      target: { min: 1080 },
    });
  });

  it('finds the same bytes as an archived asset, and a re-encode of it as a near duplicate', async () => {
    // Still in approval, the first delivery is no archived asset: a second copy is not refused for it.
    const early = await deliver(await photo(2400, 1600, '#e8b04a'), 'spider-front-early.jpg');
    expect(outcomes(early)).toMatchObject({
      'image-exact-duplicate': 'pass',
      'image-near-duplicate': 'pass',
    });

    await archive(first.id);
    const again = await deliver(await photo(2400, 1600, '#e8b04a'), 'spider-front-again.jpg');
    expect(again.preflight?.verdict).toBe('block');
    expect(again.preflight!.results.find((r) => r.ruleId === 'image-exact-duplicate')).toMatchObject({
      outcome: 'fail',
      actual: [first.id],
    });
    expect(await foldersOf(again.id)).toEqual(['lvrr02-marketing']);

    const reencoded = await deliver(await photo(2400, 1600, '#e8b04a', 60), 'spider-front-q60.jpg');
    expect(outcomes(reencoded)).toMatchObject({
      'image-exact-duplicate': 'pass',
      'image-near-duplicate': 'fail',
    });
    const near = await get<AssetDetail>(t, mario, `/api/assets/${reencoded.id}`);
    expect(near.body.preflight!.results.find((r) => r.ruleId === 'image-near-duplicate')!.actual).toEqual([
      first.id,
    ]);
    expect(await foldersOf(reencoded.id)).toEqual(['appstp1-marketing', 'lvrr02-marketing']);
  });

  it("says a copy of the maker's archive is archived without naming an asset the supplier cannot see", async () => {
    const bytes = await photo(2000, 1500, '#3050a0');
    const staff = await tusUpload(t, mario, bytes, {
      filename: 'press-kit-cover.jpg',
      filetype: 'image/jpeg',
      folderId: folders.get('arch04-marketing')!,
    });
    const archived = staff.result!.body as UploadResult;
    expect((await finished(t, mario, archived.preflightJobId)).state).toBe('completed');
    // Filed by the maker outside the workflow: the report is advice; its card carries no mark.
    const filed = await get<AssetDetail>(t, mario, `/api/assets/${archived.contentId}`);
    expect(filed.body.preflight).toMatchObject({ verdict: 'warn', gates: false });
    const card = await cardIn(mario, 'arch04-marketing', archived.contentId);
    expect(card).toBeDefined();
    expect(card?.preflightVerdict).toBeUndefined();

    const copy = await deliver(bytes, 'cover-again.jpg');
    expect(copy.preflight!.results.find((r) => r.ruleId === 'image-exact-duplicate')).toMatchObject({
      outcome: 'fail',
      actual: [],
      message: { params: { found: 1 } },
    });
    const seenByStaff = await get<AssetDetail>(t, mario, `/api/assets/${copy.id}`);
    expect(
      seenByStaff.body.preflight!.results.find((r) => r.ruleId === 'image-exact-duplicate')!.actual,
    ).toEqual([archived.contentId]);
  });

  it("keeps a rejected delivery's blocked new version out of approval: no resubmit", async () => {
    const [rejected] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing']);
    const refusal = await submitJob(t, anna, '/api/workflow/reject', {
      contentIds: [rejected],
      folderId: folders.get('appstp1-marketing'),
      note: 'Too dark',
    });
    expect((await finished(t, anna, refusal)).state).toBe('completed');
    const upload = await tusUpload(t, supplier, await photo(900, 600, '#c04ae8'), {
      filename: 'still-too-small.jpg',
      filetype: 'image/jpeg',
      contentId: rejected!,
    });
    expect([upload.create.status, upload.result?.status]).toEqual([201, 200]);
    const { version, jobId, preflightJobId } = upload.result!.body as UploadResult;
    expect([version, jobId]).toEqual([2, preflightJobId]);
    expect(await finished(t, supplier, preflightJobId)).toMatchObject({
      state: 'completed',
      result: { verdict: 'block', resubmitJobId: null },
    });
    expect(await foldersOf(rejected!)).toEqual(['lvrr02-marketing', 'rftt00-marketing']);
  });

  it('says which VIN in the file name has a wrong check digit', async () => {
    // ZFA31200000123456: the check digit (9th) should not be 0 for this VIN.
    const named = await deliver(await photo(1920, 1080, '#20a060'), 'ZFA31200000123456_side.jpg');
    expect(named.preflight!.results.find((r) => r.ruleId === 'image-vin')).toMatchObject({
      outcome: 'fail',
      actual: ['ZFA31200000123456'],
    });
  });
});

describe("a department's rules, edited by an administrator (issue 27)", () => {
  afterAll(async () => {
    await call(t, 'DELETE', rulesPath('marketing'), { headers: headersOf(admin) });
  });

  it('answers the defaults until the department saves its own', async () => {
    const res = await call<PreflightRuleSetView>(t, 'GET', rulesPath('marketing'), {
      headers: headersOf(admin),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ department: 'marketing', isDefault: true, updatedBy: null });
    expect(res.body.rules).toEqual(DEFAULT_PREFLIGHT_RULES);
  });

  it('refuses a rule set with problems, naming each field, and keeps the rules it had', async () => {
    const res = await put(admin, 'marketing', [
      { id: 'a', assetType: 'IMAGE', check: 'minShorterSide', params: { min: -1 }, action: 'block' },
      { id: 'a', assetType: 'AUDIO', check: 'frameRate', params: { min: 25 }, action: 'stop' },
    ]);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { field: 'rules.0.params.min', problem: 'outOfRange' },
        { field: 'rules.1.action', problem: 'unknownValue' },
        { field: 'rules.1.check', problem: 'notForAssetType' },
        { field: 'rules.1.id', problem: 'duplicate' },
      ]),
    );
    const after = await call<PreflightRuleSetView>(t, 'GET', rulesPath('marketing'), {
      headers: headersOf(admin),
    });
    expect(after.body.isDefault).toBe(true);
  });

  it('lets only administrators read or change rules, and only of a department that exists', async () => {
    for (const who of [mario, supplier]) {
      expect((await call(t, 'GET', rulesPath('marketing'), { headers: headersOf(who) })).status).toBe(403);
      expect((await put(who, 'marketing', [])).status).toBe(403);
    }
    expect((await put(admin, 'nosuchdepartment', [])).status).toBe(404);
    expect((await put(admin, 'Marketing!', [])).status).toBe(400);
  });

  it("leaves another department's rules to its own administrators: read, not changed", async () => {
    // The demo admin administers Marketing; Heritage's checks are Heritage's administrators' to set.
    const rules = [
      { id: 'lax', assetType: 'IMAGE', check: 'minShorterSide', params: { min: 10 }, action: 'warn' },
    ];
    const refused = await put(admin, 'heritage', rules);
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    const reset = await call<ErrorBody>(t, 'DELETE', rulesPath('heritage'), { headers: headersOf(admin) });
    expect(reset.status).toBe(403);
    const read = await call<PreflightRuleSetView>(t, 'GET', rulesPath('heritage'), {
      headers: headersOf(admin),
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ department: 'heritage', isDefault: true });
  });

  it('judges the next delivery by the rules saved, and goes back to the defaults on reset', async () => {
    const saved = await put(admin, 'marketing', [
      { id: 'small-ok', assetType: 'IMAGE', check: 'minShorterSide', params: { min: 500 }, action: 'block' },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ isDefault: false, updatedBy: 'admin' });

    const small = await deliver(await photo(900, 600, '#a040c0'), 'small-but-allowed.jpg');
    expect(small.preflight).toMatchObject({ verdict: 'pass' });
    expect(outcomes(small)).toEqual({ 'small-ok': 'pass' });
    // A version that passed carries no mark on its card.
    expect(await cardIn(supplier, 'lvrr02-marketing', small.id)).not.toHaveProperty('preflightVerdict');
    expect(await foldersOf(small.id)).toEqual(['appstp1-marketing', 'lvrr02-marketing']);

    const reset = await call<PreflightRuleSetView>(t, 'DELETE', rulesPath('marketing'), {
      headers: headersOf(admin),
    });
    expect(reset.body).toMatchObject({ isDefault: true, rules: DEFAULT_PREFLIGHT_RULES });
  });
});
