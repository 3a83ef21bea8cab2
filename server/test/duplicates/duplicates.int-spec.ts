import {
  ENRICHMENT_CLASSIFICATIONS,
  type DuplicateDecisionResponse,
  type DuplicateGroup,
  type DuplicatePair,
  type DuplicateReviewResponse,
  type ErrorBody,
  type UploadCheckFilesResponse,
  type UploadResult,
} from '@paddock/rules';
import { createHash, randomUUID } from 'node:crypto';
import { differenceHash } from '../../src/media/image';
import { FingerprintsRepository } from '../../src/preflight/fingerprints.repository';
import type { SignedIn } from '../auth/auth-fixtures';
import { call, headersOf } from '../auth/auth-fixtures';
import { photo } from '../support/photos';
import { tusUpload } from '../support/tus-client';
import { seedEnrichmentWorld } from '../enrichment/enrichment-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { as, finished, get, post, stateOf } from '../workflow/workflow-fixtures';

jest.setTimeout(180_000);

/** A folder of Marketing's archive, where tags and values are given (not the archive itself, SPEC §6). */
const ARCHIVE = 'arrc03-marketing';

/** Duplicates with a memory (issue 27 point 2): pairs found by the pre-flight, each decided once. */
let t: TestApp;
let folders: Map<string, string>;
let mario: SignedIn;
let admin: SignedIn;
let supplier: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  folders = await seedEnrichmentWorld(t);
  [mario, admin, supplier] = await Promise.all(['mario.rossi', 'admin', 'foto.studio'].map((u) => as(t, u)));
});
afterAll(() => t?.close());

/** A photo mario files into a folder of Marketing's archive, once its pre-flight (which finds the pairs) has run. */
async function archived(bytes: Buffer, filename: string): Promise<string> {
  const upload = await tusUpload(t, mario, bytes, {
    filename,
    filetype: 'image/jpeg',
    folderId: folders.get(ARCHIVE)!,
  });
  expect(upload.result?.status).toBe(200);
  const { contentId, preflightJobId } = upload.result!.body as UploadResult;
  expect((await finished(t, mario, preflightJobId)).state).toBe('completed');
  return contentId;
}

const review = async (s: SignedIn, state: 'open' | 'ignored') => {
  const res = await get<DuplicateReviewResponse>(t, s, `/api/duplicates?state=${state}&lang=en`);
  expect(res.status).toBe(200);
  return res.body.groups;
};
const decide = (s: SignedIn, json: object) =>
  call<DuplicateDecisionResponse & ErrorBody>(t, 'PUT', '/api/duplicates/decision', {
    json,
    headers: headersOf(s),
  });
const undo = (s: SignedIn, a: string, b: string) =>
  call<ErrorBody>(t, 'DELETE', `/api/duplicates/decision?a=${a}&b=${b}`, { headers: headersOf(s) });

/** A group's pairs as "x~y match decision", with the test's names for the ids. */
function described(group: DuplicateGroup | undefined, names: Record<string, string>): string[] {
  const name = (id: string) => names[id] ?? id;
  return (group?.pairs ?? [])
    .map((p: DuplicatePair) => `${[name(p.a), name(p.b)].sort().join('~')} ${p.match} ${p.decision ?? '-'}`)
    .sort();
}

const groupWith = (groups: DuplicateGroup[], id: string) =>
  groups.find((g) => g.assets.some((a) => a.id === id));

describe('possible duplicates, decided once (issue 27)', () => {
  let A: string;
  let B: string;
  let C: string;
  let D: string;
  let names: Record<string, string>;

  beforeAll(async () => {
    const bytes = await photo(2400, 1600, '#e8b04a');
    A = await archived(bytes, 'spider-front.jpg');
    B = await archived(bytes, 'spider-front-copy.jpg');
    C = await archived(await photo(2400, 1600, '#e8b04a', 60), 'spider-front-q60.jpg');
    names = { [A]: 'A', [B]: 'B', [C]: 'C' };
  });

  it('groups the same bytes and the re-encode, each pair still to decide, with what the user needs to decide', async () => {
    const group = groupWith(await review(mario, 'open'), A);
    expect(group?.assets.map((a) => names[a.id]).sort()).toEqual(['A', 'B', 'C']);
    expect(described(group, names)).toEqual(['A~B exact -', 'A~C near -', 'B~C near -']);
    const asset = group!.assets.find((a) => a.id === A)!;
    expect(asset).toMatchObject({
      name: 'spider-front.jpg',
      type: 'IMAGE',
      folderId: folders.get(ARCHIVE),
    });
    expect(asset.thumbnailUrl).toContain(`/api/assets/${A}/thumbnail`);
  });

  it('is not for suppliers, observers or basic users, and refuses bad input without changing anything', async () => {
    // An observer and a basic user of Marketing read its archive, yet may not decide about it.
    const [observer, basic] = await Promise.all(['paola.neri', 'giulia.basic'].map((u) => as(t, u)));
    for (const who of [supplier, observer, basic]) {
      expect((await get<ErrorBody>(t, who, '/api/duplicates')).status).toBe(403);
      const refused = await decide(who, { a: A, b: B, decision: 'distinct' });
      expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    }
    expect((await decide(mario, { a: A, b: B, decision: 'maybe' })).status).toBe(400);
    expect((await decide(mario, { a: 'not-a-uuid', b: B, decision: 'distinct' })).status).toBe(400);
    expect((await decide(mario, { a: A, b: randomUUID(), decision: 'distinct' })).status).toBe(404);
    expect((await decide(mario, { a: A, b: A, decision: 'distinct' })).status).toBe(404);
    const noKeep = await decide(mario, {
      a: A,
      b: B,
      decision: 'same',
      folderId: folders.get(ARCHIVE),
    });
    expect([noKeep.status, noKeep.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const foreign = await decide(mario, { a: A, b: B, decision: 'same', keep: C, folderId: 'x' });
    expect(foreign.status).toBe(400);
    expect(described(groupWith(await review(mario, 'open'), A), names)).toEqual([
      'A~B exact -',
      'A~C near -',
      'B~C near -',
    ]);
    expect((await stateOf(t, B))?.folders).toEqual([ARCHIVE]);
  });

  it('never proposes a decided pair again; the decisions that keep both are listed as ignored', async () => {
    const first = await decide(mario, { a: B, b: A, decision: 'distinct' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      pair: { decision: 'distinct', decidedBy: 'Mario Rossi', kept: null },
      jobId: null,
    });
    expect((await decide(mario, { a: A, b: B, decision: 'alternate' })).status).toBe(400);
    expect((await decide(mario, { a: A, b: C, decision: 'alternate' })).status).toBe(200);
    expect((await decide(mario, { a: B, b: C, decision: 'distinct' })).status).toBe(200);

    expect(groupWith(await review(mario, 'open'), A)).toBeUndefined();
    expect(described(groupWith(await review(mario, 'ignored'), A), names)).toEqual([
      'A~B exact distinct',
      'A~C near alternate',
      'B~C near distinct',
    ]);
  });

  it('asks again when a new similar asset arrives: it joins the group, whose earlier decisions stay beside it', async () => {
    D = await archived(await photo(2400, 1600, '#e8b04a', 75), 'spider-front-q75.jpg');
    names[D] = 'D';
    const group = groupWith(await review(mario, 'open'), D);
    expect(group?.assets.map((a) => names[a.id]).sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(described(group, names)).toEqual([
      'A~B exact distinct',
      'A~C near alternate',
      'A~D near -',
      'B~C near distinct',
      'B~D near -',
      'C~D near -',
    ]);
  });

  it('undoes "not duplicates": the pair is proposed again', async () => {
    expect((await undo(mario, B, A)).status).toBe(204);
    expect(described(groupWith(await review(mario, 'open'), A), names)).toContain('A~B exact -');
    expect(described(groupWith(await review(mario, 'ignored'), A), names)).not.toContain(
      'A~B exact distinct',
    );
    expect((await undo(mario, A, B)).status).toBe(400);
  });

  it('keeps one of "the same", its tags and values merged into it, and sends the other to the junk through the workflow', async () => {
    const tagged = await post<{ jobId: string }>(t, mario, '/api/tags/bulk', {
      contentIds: [D],
      folderId: folders.get(ARCHIVE),
      action: 'add',
      tags: [{ id: 'tag-exterior', classificationId: ENRICHMENT_CLASSIFICATIONS.tags }],
      metadata: [{ key: 'typology', value: 'esterni' }],
    });
    expect((await finished(t, mario, tagged.body.jobId)).state).toBe('completed');
    const group = groupWith(await review(mario, 'open'), D)!;
    const [kept, other] = [A, D].map((id) => group.assets.find((a) => a.id === id)!);
    const same = { a: A, b: D, decision: 'same', keep: A, folderId: other!.folderId, merge: true };

    // A merge into a folder where A is not: refused before anything is sent to the junk.
    const wrongFolder = await decide(mario, { ...same, keptFolderId: folders.get('arch04-marketing') });
    expect([wrongFolder.status, wrongFolder.body.code]).toEqual([409, 'ENRICHMENT_NOT_IN_FOLDER']);
    expect((await stateOf(t, D))?.folders).toEqual([ARCHIVE]);
    expect((await review(mario, 'open')).some((g) => g.pairs.some((p) => p.decision === 'same'))).toBe(false);

    const decided = await decide(mario, { ...same, keptFolderId: kept!.folderId });
    expect(decided.status).toBe(200);
    expect(decided.body.pair).toMatchObject({ decision: 'same', kept: A });
    expect((await finished(t, mario, decided.body.jobId!)).state).toBe('completed');
    expect((await finished(t, mario, decided.body.mergeJobId!)).state).toBe('completed');
    expect((await stateOf(t, D))?.folders).toEqual(['junk-marketing']);
    const a = await stateOf(t, A);
    expect(a?.folders).toEqual([ARCHIVE]);
    expect(a?.tags).toContain('tag-exterior');
    expect(a?.meta.typology).toBe('esterni');
    // Only in the junk now, D is asked about no more, even by who still reads it there.
    for (const who of [mario, admin]) expect(groupWith(await review(who, 'open'), D)).toBeUndefined();
    // The junk is the admin's: mario no longer reads D; the admin is told where the way back is.
    expect((await undo(mario, A, D)).status).toBe(404);
    const back = await undo(admin, A, D);
    expect([back.status, back.body.message]).toEqual([
      400,
      expect.stringContaining('restoring it from the junk'),
    ]);
  });

  it('sends one asset to the junk when two reviewers decide "the same" of one pair at once, each keeping another', async () => {
    const bytes = await photo(2100, 1400, '#3c8cc0', 90, 0.75);
    const [x, y] = [await archived(bytes, 'race-left.jpg'), await archived(bytes, 'race-right.jpg')];
    const folderId = folders.get(ARCHIVE);
    const answers = await Promise.all([
      decide(mario, { a: x, b: y, decision: 'same', keep: x, folderId }),
      decide(admin, { a: x, b: y, decision: 'same', keep: y, folderId }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? mario : admin;
    const won = answers.find((a) => a.status === 200)!;
    expect((await finished(t, winner, won.body.jobId!)).state).toBe('completed');
    const states = await Promise.all([x, y].map((id) => stateOf(t, id)));
    expect(states.map((s) => s?.folders).sort()).toEqual([[ARCHIVE], ['junk-marketing']]);
  });

  it('compares with the current version only: a file replaced by a new version is no copy any more', async () => {
    // A new version is given where SPEC §6 lets one be (a rejected delivery); its pre-flight saves
    // its fingerprint as the job does, and the earlier version's goes.
    const before = await photo(2300, 1500, '#8cc03c', 90, 0.55);
    const id = await archived(before, 'replaced.jpg');
    const fingerprints = t.app.get(FingerprintsRepository);
    const after = await photo(2300, 1500, '#c03c8c', 90, 0.9);
    await fingerprints.save({
      contentId: id,
      version: 2,
      sha256: createHash('sha256').update(after).digest('hex'),
      dhash: await differenceHash(after),
    });
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(await fingerprints.matchesOf({ sha256: sha(before), dhash: null })).toEqual([]);
    expect(await fingerprints.matchesOf({ sha256: sha(after), dhash: null })).toEqual([
      { otherId: id, match: 'exact', distance: 0 },
    ]);
  });

  it('finds two copies filed at the same moment as the same file, whichever pre-flight runs first', async () => {
    const bytes = await photo(2000, 1500, '#7a3cc0', 90, 0.1);
    const [x, y] = await Promise.all([archived(bytes, 'twin-left.jpg'), archived(bytes, 'twin-right.jpg')]);
    const group = groupWith(await review(mario, 'open'), x);
    expect(described(group, { [x]: 'X', [y]: 'Y' })).toEqual(['X~Y exact -']);
  });
});

describe('the upload check by content (issue 27)', () => {
  const check = (s: SignedIn, json: object) =>
    call<UploadCheckFilesResponse & ErrorBody>(t, 'POST', '/api/duplicates/check', {
      json,
      headers: headersOf(s),
    });
  const fingerprint = async (name: string, bytes: Buffer, whole = true) => ({
    name,
    sha256: whole ? createHash('sha256').update(bytes).digest('hex') : null,
    dhash: await differenceHash(bytes),
  });

  it('answers per file the assets the user reads with its bytes or a similar picture, before any upload', async () => {
    const bytes = await photo(2200, 1400, '#c0503c');
    const filed = await archived(bytes, 'check-original.jpg');
    const res = await check(mario, {
      lang: 'en',
      files: [
        await fingerprint('same.jpg', bytes),
        await fingerprint('re-encoded.jpg', await photo(2200, 1400, '#c0503c', 55)),
        // Past the size the browser hashes whole: its picture still finds the asset.
        await fingerprint('huge.jpg', bytes, false),
        await fingerprint('other.jpg', await photo(2200, 1400, '#20c0b0')),
      ],
    });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.files.map((f) => [f.name, f]));
    expect(byName['same.jpg']!.exact.map((a) => [a.id, a.name])).toEqual([[filed, 'check-original.jpg']]);
    expect(byName['re-encoded.jpg']!.exact).toEqual([]);
    expect(byName['re-encoded.jpg']!.near.map((a) => a.id)).toContain(filed);
    expect(byName['huge.jpg']!.near.map((a) => a.id)).toContain(filed);
    expect(byName['other.jpg']!.exact.concat(byName['other.jpg']!.near).map((a) => a.id)).not.toContain(
      filed,
    );
    // A supplier reads none of the maker's archive: nothing of it is named.
    const supplierSees = await check(supplier, { files: [await fingerprint('same.jpg', bytes)] });
    expect(supplierSees.status).toBe(200);
    expect(supplierSees.body.files).toEqual([{ name: 'same.jpg', exact: [], near: [] }]);
  });

  it('refuses what is not a check: no files, too many, a hash that is not one', async () => {
    const file = { name: 'a.jpg', sha256: null, dhash: null };
    for (const json of [
      { files: [] },
      { files: Array.from({ length: 51 }, () => file) },
      { files: [{ ...file, sha256: 'xyz' }] },
      { files: [{ ...file, dhash: 'not-a-hash-value' }] },
    ]) {
      const res = await check(mario, json);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});
