import {
  DEFAULT_PREFLIGHT_RULES,
  type AssetDetail,
  type ErrorBody,
  type PreflightRuleSetView,
  type UploadResult,
} from '@paddock/rules';
import sharp from 'sharp';
import type { SignedIn } from '../auth/auth-fixtures';
import { tusUpload } from '../support/tus-client';
import type { TestApp } from '../support/test-app';
import { call, headersOf } from '../auth/auth-fixtures';
import { as, finished, get, startDemoWorld } from '../workflow/workflow-fixtures';

jest.setTimeout(180_000);

/** Pre-flight before approval (issue 27 point 1): each delivery judged by its department's rules. */
let t: TestApp;
let folders: Map<string, string>;
let supplier: SignedIn;
let admin: SignedIn;
let mario: SignedIn;

beforeAll(async () => {
  ({
    t,
    folders,
    people: [admin, mario],
  } = await startDemoWorld(['admin', 'mario.rossi']));
  supplier = await as(t, 'foto.studio');
});
afterAll(() => t?.close());

/** A real photo: a gradient and a disc, so that a re-encode stays near and another picture is far. */
async function photo(width: number, height: number, disc: string, quality = 90): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#102030"/><stop offset="1" stop-color="#c0d0e0"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height / 2}" r="${height / 3}" fill="${disc}"/></svg>`;
  return sharp(Buffer.from(svg)).withIccProfile('srgb').jpeg({ quality }).toBuffer();
}

/** The supplier's delivery into Marketing's work folder, and its checked detail as the supplier sees it. */
async function deliver(bytes: Buffer, filename: string): Promise<AssetDetail> {
  const upload = await tusUpload(t, supplier, bytes, {
    filename,
    filetype: 'image/jpeg',
    folderId: folders.get('lvrr02-marketing')!,
  });
  expect(upload.result?.status).toBe(200);
  const { contentId, version } = upload.result!.body as UploadResult;
  const job = await finished(t, supplier, `preflight-${contentId}-${version}`);
  expect([job.state, job.errorCode]).toEqual(['completed', null]);
  const detail = await get<AssetDetail>(t, supplier, `/api/assets/${contentId}`);
  expect(detail.status).toBe(200);
  return detail.body;
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
    expect(first.preflight).toMatchObject({ version: 1, verdict: 'warn' });
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

  it('blocks a picture too small for the shorter-side rule', async () => {
    const small = await deliver(await photo(900, 600, '#4ab0e8'), 'too-small.jpg');
    expect(small.preflight?.verdict).toBe('block');
    expect(small.preflight!.results.find((r) => r.ruleId === 'image-shorter-side')).toMatchObject({
      outcome: 'fail',
      actual: 600,
      target: { min: 1080 },
    });
  });

  it('finds the same bytes delivered again, and a re-encode of them as a near duplicate', async () => {
    const again = await deliver(await photo(2400, 1600, '#e8b04a'), 'spider-front-again.jpg');
    expect(again.preflight?.verdict).toBe('block');
    expect(again.preflight!.results.find((r) => r.ruleId === 'image-exact-duplicate')).toMatchObject({
      outcome: 'fail',
      actual: [first.id],
    });

    const reencoded = await deliver(await photo(2400, 1600, '#e8b04a', 60), 'spider-front-q60.jpg');
    expect(outcomes(reencoded)).toMatchObject({
      'image-exact-duplicate': 'pass',
      'image-near-duplicate': 'fail',
    });
    const near = reencoded.preflight!.results.find((r) => r.ruleId === 'image-near-duplicate')!;
    expect(near.actual).toEqual(expect.arrayContaining([first.id, again.id]));
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

  it('judges the next delivery by the rules saved, and goes back to the defaults on reset', async () => {
    const saved = await put(admin, 'marketing', [
      { id: 'small-ok', assetType: 'IMAGE', check: 'minShorterSide', params: { min: 500 }, action: 'block' },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ isDefault: false, updatedBy: 'admin' });

    const small = await deliver(await photo(900, 600, '#a040c0'), 'small-but-allowed.jpg');
    expect(small.preflight).toMatchObject({ verdict: 'pass' });
    expect(outcomes(small)).toEqual({ 'small-ok': 'pass' });

    const reset = await call<PreflightRuleSetView>(t, 'DELETE', rulesPath('marketing'), {
      headers: headersOf(admin),
    });
    expect(reset.body).toMatchObject({ isDefault: true, rules: DEFAULT_PREFLIGHT_RULES });
  });
});
