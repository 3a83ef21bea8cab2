import {
  ERROR_CODES,
  LIMITS,
  WORKFLOW_ERROR_CODES,
  WORKFLOW_METADATA as META,
  WORKFLOW_TAGS as TAGS,
  parseDrawing,
} from '@paddock/rules';
import { InMemoryProvider, SERVICE_USER, tokenOf } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentAtStep,
  contentIn,
  demoProvider,
  fixedClock,
  folderIn,
} from '../../test/support/workflow-factories';
import type { WorkflowPayload } from '../jobs/job-catalogue';
import type { PlanItem, StepResult } from '../asset-ledger/content-work';
import { AssetSteps } from './asset-steps';
import { WorkflowFolders } from '../places/workflow-folders';

const SERVICE = tokenOf(SERVICE_USER);
const STROKE = { color: '#e11d48', width: 0.005, points: [[0.2, 0.3] as [number, number]] };

let provider: InMemoryProvider;
let steps: AssetSteps;
let folders: WorkflowFolders;
let slept: number[];
const clock = fixedClock();
const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;
const toFolder = (prettyId: string) => (args: unknown[]) => args[1] === id(prettyId);

beforeEach(() => {
  provider = demoProvider();
  slept = [];
  steps = new AssetSteps(provider, provider, provider, clock, (ms) => {
    slept.push(ms);
    return Promise.resolve();
  });
  folders = new WorkflowFolders(provider, provider);
});

type Action = 'accept' | 'reject' | 'move' | 'delete' | 'restore' | 'resubmit' | 'supplierRemove';

/** One try of the job's step for one content, with the content as the provider has it now. */
async function run(
  action: Action,
  contentId: string,
  item: PlanItem,
  payload: Partial<WorkflowPayload> = {},
) {
  const [content] = await provider.contentsByIds(SERVICE, [contentId]);
  const work = steps.work(SERVICE, content!);
  const p: WorkflowPayload = {
    folderId: item.from ?? '',
    plan: [item],
    junkFolderId: id(FOLDERS.junk),
    ...payload,
  };
  const runs: Record<Action, () => Promise<StepResult>> = {
    accept: () => steps.accept(work, item, p, 'anna.bianchi'),
    reject: () => steps.reject(work, item, p, 'anna.bianchi'),
    move: () => steps.move(work, item, p),
    delete: () => steps.delete(work, item),
    restore: () => steps.restore(work, item),
    resubmit: () => steps.resubmit(work, item, p),
    supplierRemove: () => steps.supplierRemove(work, item),
  };
  return runs[action]();
}

const plan = (contentId: string, from: string | null, to: string | null): PlanItem => ({
  contentId,
  from: from && id(from),
  to: to && id(to),
});

describe('accept: tags and metadata, then link the next step, then unlink the source', () => {
  it('moves a step-1 content to step 2, tagged accepted, no longer refused, accepted_by recorded', async () => {
    const c = contentAtStep(provider, 1, { tags: [TAGS.refused] });
    const result = await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2));
    expect(result).toEqual({ outcome: 'done', errorCode: null, to: id(FOLDERS.step2) });
    expect(provider.placesOf(c)).toEqual([FOLDERS.step2, FOLDERS.supplierWork].sort());
    expect(provider.tagsOf(c)).toEqual([TAGS.accepted]);
    expect(provider.metaOf(c, META.acceptedBy)).toBe('anna.bianchi');
  });

  it('at the last step clears the note and the drawing', async () => {
    const c = contentAtStep(provider, 2, { metadata: { [META.note]: 'riflesso', [META.canvas]: '{}' } });
    await run('accept', c, plan(c, FOLDERS.step2, FOLDERS.enrichment), { lastStep: true });
    expect([provider.metaOf(c, META.note), provider.metaOf(c, META.canvas)]).toEqual([null, null]);
    expect(provider.placesOf(c)).toContain(FOLDERS.enrichment);
  });

  it('a retry after a crash between link and unlink completes without doing anything twice', async () => {
    const c = contentAtStep(provider, 1);
    provider.fail('unlinkContents', ERROR_CODES.PROVIDER_UNAVAILABLE, { transient: true });
    await expect(run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2))).rejects.toMatchObject({
      transient: true,
    });
    // Crashed half-way: in both steps, nothing lost.
    expect(provider.placesOf(c)).toEqual([FOLDERS.step1, FOLDERS.step2, FOLDERS.supplierWork].sort());

    const retried = await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2));
    expect(retried).toEqual({ outcome: 'done', errorCode: null, to: id(FOLDERS.step2) });
    expect(provider.placesOf(c)).toEqual([FOLDERS.step2, FOLDERS.supplierWork].sort());
    expect(provider.count('linkContents')).toBe(1);
    expect(provider.count('addTags')).toBe(1);
    expect(provider.count('setMetadata')).toBe(1);
  });

  it('a retry after the whole step is done changes nothing and says unchanged', async () => {
    const c = contentAtStep(provider, 1);
    await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2));
    const calls = provider.calls.length;
    const again = await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2));
    expect(again).toEqual({ outcome: 'unchanged', errorCode: null, to: id(FOLDERS.step2) });
    // One read of the content, no change.
    expect(provider.calls.slice(calls).map((x) => x.call)).toEqual(['contentsByIds']);
  });

  it('a refused link sends the content to the junk with E046 (SPEC §4)', async () => {
    const c = contentAtStep(provider, 1);
    provider.fail('linkContents', ERROR_CODES.FORBIDDEN, { when: toFolder(FOLDERS.step2) });
    const result = await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2));
    expect(result).toEqual({ outcome: 'junk', errorCode: 'E046', to: id(FOLDERS.junk) });
    expect(provider.placesOf(c)).toEqual([FOLDERS.junk, FOLDERS.supplierWork].sort());
  });

  it('a refused unlink of the source sends the content to the junk with E048, in no step any more', async () => {
    const c = contentAtStep(provider, 1);
    provider.fail('unlinkContents', ERROR_CODES.FORBIDDEN, { when: toFolder(FOLDERS.step1) });
    const result = await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2));
    expect(result).toEqual({ outcome: 'junk', errorCode: 'E048', to: id(FOLDERS.junk) });
    expect(provider.placesOf(c)).toEqual([FOLDERS.junk, FOLDERS.supplierWork].sort());
    expect(provider.tagsOf(c)).toContain(TAGS.deleted);
  });

  it('an outage on the link is rethrown so the job retries, nothing moved', async () => {
    const c = contentAtStep(provider, 1);
    provider.fail('linkContents', ERROR_CODES.PROVIDER_UNAVAILABLE, { transient: true });
    await expect(run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2))).rejects.toMatchObject({
      code: ERROR_CODES.PROVIDER_UNAVAILABLE,
    });
    expect(provider.placesOf(c)).toEqual([FOLDERS.step1, FOLDERS.supplierWork].sort());
  });

  it('a content neither in its source nor in its target fails NOT_IN_FOLDER', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    const result = await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2));
    expect(result).toEqual({ outcome: 'failed', errorCode: WORKFLOW_ERROR_CODES.NOT_IN_FOLDER, to: null });
    expect(provider.count('addTags')).toBe(0);
  });

  it('a content sent to the junk by an earlier try is reported junk, not moved again', async () => {
    const c = contentIn(provider, [FOLDERS.junk]);
    const result = await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2));
    expect(result).toEqual({ outcome: 'junk', errorCode: null, to: id(FOLDERS.junk) });
    expect(provider.count('linkContents')).toBe(0);
  });
});

describe('the junk fallback retries through the injected sleep', () => {
  it('links the junk at the third try, after two pauses that take no real time', async () => {
    const c = contentAtStep(provider, 1);
    provider.fail('linkContents', ERROR_CODES.FORBIDDEN, { when: toFolder(FOLDERS.step2) });
    provider.fail('linkContents', ERROR_CODES.PROVIDER_UNAVAILABLE, {
      transient: true,
      times: 2,
      when: toFolder(FOLDERS.junk),
    });
    const result = await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2));
    expect(result).toEqual({ outcome: 'junk', errorCode: 'E046', to: id(FOLDERS.junk) });
    expect(slept).toEqual([50, 100]);
  });

  it(`gives up after LIMITS.junkMoveRetryMax (${LIMITS.junkMoveRetryMax}) tries with E054, the content left in its source`, async () => {
    const c = contentAtStep(provider, 1);
    provider.fail('linkContents', ERROR_CODES.FORBIDDEN, { times: Infinity });
    const result = await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2));
    expect(result).toEqual({ outcome: 'failed', errorCode: 'E054', to: null });
    expect(provider.count('linkContents', toFolder(FOLDERS.junk))).toBe(LIMITS.junkMoveRetryMax);
    expect(slept).toHaveLength(LIMITS.junkMoveRetryMax);
    expect(provider.placesOf(c)).toEqual([FOLDERS.step1, FOLDERS.supplierWork].sort());
  });

  it('without a junk folder the refused link fails with its own code (E046)', async () => {
    const c = contentAtStep(provider, 1);
    provider.fail('linkContents', ERROR_CODES.FORBIDDEN);
    const result = await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2), { junkFolderId: null });
    expect(result).toEqual({ outcome: 'failed', errorCode: 'E046', to: null });
  });

  it('linked to the junk, the source unlinked at a later try: in the junk only, with the link code (E046)', async () => {
    const c = contentAtStep(provider, 1);
    provider.fail('linkContents', ERROR_CODES.FORBIDDEN, { when: toFolder(FOLDERS.step2) });
    provider.fail('unlinkContents', ERROR_CODES.FORBIDDEN, { times: 3 });
    const result = await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2));
    expect(result).toEqual({ outcome: 'junk', errorCode: 'E046', to: id(FOLDERS.junk) });
    expect(provider.placesOf(c)).toEqual([FOLDERS.junk, FOLDERS.supplierWork].sort());
    expect(slept).toEqual([50, 100, 150]);
  });

  it('the source never unlinked: E054 after every try, the content back in its step only, undeleted', async () => {
    const c = contentAtStep(provider, 1);
    provider.fail('unlinkContents', ERROR_CODES.FORBIDDEN, {
      times: Infinity,
      when: toFolder(FOLDERS.step1),
    });
    const result = await run('accept', c, plan(c, FOLDERS.step1, FOLDERS.step2));
    expect(result).toEqual({ outcome: 'failed', errorCode: 'E054', to: null });
    expect(slept).toHaveLength(LIMITS.junkMoveRetryMax);
    expect(provider.placesOf(c)).toEqual([FOLDERS.step1, FOLDERS.supplierWork].sort());
    expect(provider.tagsOf(c)).not.toContain(TAGS.deleted);
    expect(provider.metaOf(c, META.deletedAt)).toBeNull();
  });

  it('a junk that will not let go either: E054, the content left in the junk too, still marked deleted', async () => {
    const c = contentIn(provider, [FOLDERS.enrichment]);
    provider.fail('unlinkContents', ERROR_CODES.FORBIDDEN, { times: Infinity });
    const result = await run('move', c, plan(c, FOLDERS.enrichment, FOLDERS.archive));
    expect(result).toEqual({ outcome: 'failed', errorCode: 'E054', to: id(FOLDERS.junk) });
    expect(provider.placesOf(c)).toEqual([FOLDERS.archive, FOLDERS.enrichment, FOLDERS.junk].sort());
    expect(provider.tagsOf(c)).toContain(TAGS.deleted);
  });
});

describe('reject', () => {
  it('stores the drawing first, then refused (not accepted), the note and rejected_by, into the rejected folder', async () => {
    const c = contentAtStep(provider, 1, { tags: [TAGS.accepted] });
    const result = await run('reject', c, plan(c, FOLDERS.step1, FOLDERS.rejected), {
      note: 'Riflesso sul cofano',
      canvas: '{"version":1,"strokes":[]}',
    });
    expect(result.outcome).toBe('done');
    expect(provider.tagsOf(c)).toEqual([TAGS.refused]);
    expect(provider.metaOf(c, META.note)).toBe('Riflesso sul cofano');
    expect(provider.metaOf(c, META.rejectedBy)).toBe('anna.bianchi');
    const metaCalls = provider.calls.filter((x) => x.call === 'setMetadata' || x.call === 'addTags');
    expect(metaCalls.map((x) => x.call)).toEqual(['setMetadata', 'addTags', 'setMetadata']);
    expect(provider.placesOf(c)).toEqual([FOLDERS.rejected, FOLDERS.supplierWork].sort());
  });

  it('stamps each content’s drawing with that content’s own version, whatever the browser sent, and a retry writes nothing more', async () => {
    const v1 = contentAtStep(provider, 1);
    const v3 = contentAtStep(provider, 1, { version: 3 });
    const canvas = JSON.stringify({ version: 1, contentVersion: 9, strokes: [STROKE] });
    const payload = { note: 'Logo tagliato', canvas };
    for (const c of [v1, v3]) await run('reject', c, plan(c, FOLDERS.step1, FOLDERS.rejected), payload);

    const stored = (c: string) => parseDrawing(provider.metaOf(c, META.canvas) ?? '');
    expect(stored(v1)).toEqual({ version: 1, contentVersion: 1, strokes: [STROKE] });
    expect(stored(v3)).toEqual({ version: 1, contentVersion: 3, strokes: [STROKE] });

    const calls = provider.calls.length;
    const retry = await run('reject', v3, plan(v3, FOLDERS.step1, FOLDERS.rejected), payload);
    expect(retry.outcome).toBe('unchanged');
    expect(provider.calls.slice(calls).filter((x) => x.call === 'setMetadata')).toEqual([]);
  });

  it('without a drawing, removes the one of an earlier rejection: the next version would carry it as this one’s', async () => {
    const earlier = JSON.stringify({ version: 1, contentVersion: 1, strokes: [STROKE] });
    const c = contentAtStep(provider, 1, { version: 2, metadata: { [META.canvas]: earlier } });
    await run('reject', c, plan(c, FOLDERS.step1, FOLDERS.rejected), { note: 'Ancora sfocata' });
    expect(provider.metaOf(c, META.canvas)).toBeNull();
    expect(provider.metaOf(c, META.note)).toBe('Ancora sfocata');
  });
});

describe('resubmit: a new version of a rejected content goes back to step 1', () => {
  it('drops the refused tag and keeps the note until the next decision', async () => {
    const c = contentIn(provider, [FOLDERS.rejected, FOLDERS.supplierWork], {
      tags: [TAGS.refused],
      metadata: { [META.note]: 'riflesso' },
    });
    const result = await run('resubmit', c, plan(c, FOLDERS.rejected, FOLDERS.step1));
    expect(result.outcome).toBe('done');
    expect(provider.tagsOf(c)).toEqual([]);
    expect(provider.metaOf(c, META.note)).toBe('riflesso');
    expect(provider.placesOf(c)).toEqual([FOLDERS.step1, FOLDERS.supplierWork].sort());
  });
});

describe('move', () => {
  it('links the target and unlinks the source', async () => {
    const c = contentIn(provider, [FOLDERS.enrichment]);
    expect(await run('move', c, plan(c, FOLDERS.enrichment, FOLDERS.archive))).toEqual({
      outcome: 'done',
      errorCode: null,
      to: id(FOLDERS.archive),
    });
    expect(provider.placesOf(c)).toEqual([FOLDERS.archive]);
  });

  it('a target the service account may not write sends the content to the junk with E049', async () => {
    folderIn(provider, 'private-box', null, { 'L/MARKETING': { write: true } });
    const c = contentIn(provider, [FOLDERS.enrichment]);
    const result = await run('move', c, plan(c, FOLDERS.enrichment, 'private-box'));
    expect(result).toEqual({ outcome: 'junk', errorCode: 'E049', to: id(FOLDERS.junk) });
    expect(provider.placesOf(c)).toEqual([FOLDERS.junk]);
  });

  it('a refused unlink sends the content to the junk with E050, out of the target as well', async () => {
    const c = contentIn(provider, [FOLDERS.enrichment]);
    provider.fail('unlinkContents', ERROR_CODES.FORBIDDEN);
    expect(await run('move', c, plan(c, FOLDERS.enrichment, FOLDERS.archive))).toEqual({
      outcome: 'junk',
      errorCode: 'E050',
      to: id(FOLDERS.junk),
    });
    expect(provider.placesOf(c)).toEqual([FOLDERS.junk]);
  });
});

describe('delete to the junk', () => {
  it('tags deleted, dates the deletion by the clock, links the junk and unlinks the source', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    const result = await run('delete', c, plan(c, FOLDERS.archive, FOLDERS.junk));
    expect(result).toEqual({ outcome: 'done', errorCode: null, to: id(FOLDERS.junk) });
    expect(provider.tagsOf(c)).toEqual([TAGS.deleted]);
    expect(provider.metaOf(c, META.deletedAt)).toBe(String(clock.now().getTime() / 1000));
    expect(provider.placesOf(c)).toEqual([FOLDERS.junk]);
  });

  it('a retry keeps the first deletion date (the purge is not pushed back)', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    provider.fail('unlinkContents', ERROR_CODES.PROVIDER_UNAVAILABLE, { transient: true });
    await expect(run('delete', c, plan(c, FOLDERS.archive, FOLDERS.junk))).rejects.toMatchObject({
      transient: true,
    });
    const first = provider.metaOf(c, META.deletedAt);
    const later = new AssetSteps(provider, provider, provider, fixedClock(new Date('2026-07-01T00:00:00Z')));
    const [content] = await provider.contentsByIds(SERVICE, [c]);
    await later.delete(later.work(SERVICE, content!), plan(c, FOLDERS.archive, FOLDERS.junk));
    expect(provider.metaOf(c, META.deletedAt)).toBe(first);
    expect(provider.count('setMetadata')).toBe(1);
    expect(provider.placesOf(c)).toEqual([FOLDERS.junk]);
  });

  it('a junk that refuses every link fails with E054 after the retries, the content undeleted', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    provider.fail('linkContents', ERROR_CODES.FORBIDDEN, { times: Infinity });
    expect(await run('delete', c, plan(c, FOLDERS.archive, FOLDERS.junk))).toEqual({
      outcome: 'failed',
      errorCode: 'E054',
      to: null,
    });
    expect(provider.placesOf(c)).toEqual([FOLDERS.archive]);
    expect([provider.tagsOf(c), provider.metaOf(c, META.deletedAt)]).toEqual([[], null]);
  });

  it('a refused unlink is retried: in the junk only at a later try, the delete is done (SPEC §4)', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    provider.fail('unlinkContents', ERROR_CODES.FORBIDDEN, { times: 2 });
    expect(await run('delete', c, plan(c, FOLDERS.archive, FOLDERS.junk))).toEqual({
      outcome: 'done',
      errorCode: null,
      to: id(FOLDERS.junk),
    });
    expect(provider.placesOf(c)).toEqual([FOLDERS.junk]);
    expect(slept).toEqual([50]);
  });

  it('a source that never lets go: E054 after the retries, the content back in its source only, undeleted', async () => {
    const c = contentIn(provider, [FOLDERS.archive]);
    provider.fail('unlinkContents', ERROR_CODES.FORBIDDEN, {
      times: Infinity,
      when: toFolder(FOLDERS.archive),
    });
    expect(await run('delete', c, plan(c, FOLDERS.archive, FOLDERS.junk))).toEqual({
      outcome: 'failed',
      errorCode: 'E054',
      to: null,
    });
    expect(slept).toHaveLength(LIMITS.junkMoveRetryMax);
    expect(provider.placesOf(c)).toEqual([FOLDERS.archive]);
    expect([provider.tagsOf(c), provider.metaOf(c, META.deletedAt)]).toEqual([[], null]);
  });
});

describe('restore from the junk', () => {
  it('drops the deleted tag and date, links the target, unlinks the junk', async () => {
    const c = contentIn(provider, [FOLDERS.junk], {
      tags: [TAGS.deleted],
      metadata: { [META.deletedAt]: '1700000000' },
    });
    expect((await run('restore', c, plan(c, FOLDERS.junk, FOLDERS.archive))).outcome).toBe('done');
    expect([provider.tagsOf(c), provider.metaOf(c, META.deletedAt)]).toEqual([[], null]);
    expect(provider.placesOf(c)).toEqual([FOLDERS.archive]);
  });

  it('a refused target leaves the content in the junk with E049 (no junk fallback)', async () => {
    const c = contentIn(provider, [FOLDERS.junk], { tags: [TAGS.deleted] });
    provider.fail('linkContents', ERROR_CODES.FORBIDDEN, { times: Infinity });
    expect(await run('restore', c, plan(c, FOLDERS.junk, FOLDERS.archive))).toEqual({
      outcome: 'failed',
      errorCode: 'E049',
      to: null,
    });
    expect(provider.placesOf(c)).toEqual([FOLDERS.junk]);
    expect(slept).toEqual([]);
  });

  it('a refused unlink of the junk fails with E050', async () => {
    const c = contentIn(provider, [FOLDERS.junk], { tags: [TAGS.deleted] });
    provider.fail('unlinkContents', ERROR_CODES.FORBIDDEN);
    expect(await run('restore', c, plan(c, FOLDERS.junk, FOLDERS.archive))).toMatchObject({
      outcome: 'failed',
      errorCode: 'E050',
    });
  });
});

describe('permanent delete', () => {
  async function trash(contentId: string): Promise<StepResult> {
    const [content] = await provider.contentsByIds(SERVICE, [contentId]);
    return steps.permanentDelete(steps.work(SERVICE, content!), folders);
  }

  const channels = () => {
    const acl = { 'L/MARKETING': { write: true }, 'PADDOCK.WORKFLOW': { write: true } };
    folderIn(provider, 'channel-press', FOLDERS.internalShared, acl);
    folderIn(provider, 'channel-web', FOLDERS.internalShared, acl);
  };

  it('trashes a content of the junk', async () => {
    const c = contentIn(provider, [FOLDERS.junk]);
    expect(await trash(c)).toEqual({ outcome: 'done', errorCode: null, to: null });
    expect(provider.contents.get(c)!.trashed).toBe(true);
  });

  it('refuses a content shared in more than one channel, allows one channel', async () => {
    channels();
    const twice = contentIn(provider, [FOLDERS.junk, 'channel-press', 'channel-web']);
    const once = contentIn(provider, [FOLDERS.junk, 'channel-press']);
    expect(await trash(twice)).toEqual({
      outcome: 'failed',
      errorCode: WORKFLOW_ERROR_CODES.SHARED_IN_CHANNELS,
      to: null,
    });
    expect(provider.contents.get(twice)!.trashed).toBe(false);
    expect((await trash(once)).outcome).toBe('done');
  });

  it('a content the provider refuses to trash fails with E055', async () => {
    const c = contentIn(provider, [FOLDERS.junk]);
    provider.fail('trash', ERROR_CODES.FORBIDDEN);
    expect(await trash(c)).toEqual({ outcome: 'failed', errorCode: 'E055', to: null });
  });

  it('a content the provider answers in issue fails with E055', async () => {
    // The service account sees it but may not write it.
    folderIn(provider, 'read-only', null, { 'PADDOCK.WORKFLOW': {} });
    const c = contentIn(provider, ['read-only']);
    expect(await trash(c)).toEqual({ outcome: 'failed', errorCode: 'E055', to: null });
    expect(provider.contents.get(c)!.trashed).toBe(false);
  });

  it('an outage is rethrown so the job retries', async () => {
    const c = contentIn(provider, [FOLDERS.junk]);
    provider.fail('trash', ERROR_CODES.PROVIDER_UNAVAILABLE, { transient: true });
    await expect(trash(c)).rejects.toMatchObject({ transient: true });
  });
});

describe('supplier remove', () => {
  it("unlinks the supplier's copy only", async () => {
    const c = contentIn(provider, [FOLDERS.inbox, FOLDERS.archive]);
    expect(await run('supplierRemove', c, plan(c, FOLDERS.inbox, null))).toEqual({
      outcome: 'done',
      errorCode: null,
      to: null,
    });
    expect(provider.placesOf(c)).toEqual([FOLDERS.archive]);
  });

  it('a refused unlink fails with E051', async () => {
    const c = contentIn(provider, [FOLDERS.inbox]);
    provider.fail('unlinkContents', ERROR_CODES.FORBIDDEN);
    expect(await run('supplierRemove', c, plan(c, FOLDERS.inbox, null))).toEqual({
      outcome: 'failed',
      errorCode: 'E051',
      to: null,
    });
  });
});
