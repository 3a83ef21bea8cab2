import { ERROR_CODES, WORKFLOW_TAGS as TAGS } from '@paddock/rules';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentAtStep,
  demoProvider,
  fixedClock,
  jobContext,
  recordingAudit,
} from '../../test/support/workflow-factories';
import { AuditRepository } from '../audit/audit.repository';
import { CLOCK } from '../common/clock';
import type { WorkflowPayload } from '../jobs/job-catalogue';
import { AssetJobRunner } from '../asset-ledger/asset-job-runner';
import { ContentWorks, JUNK_RETRY_SLEEP } from '../asset-ledger/content-work';
import { JobStoppedError } from '../jobs/job-errors';
import { AssetSteps } from './asset-steps';

let provider: InMemoryProvider;
let audit: ReturnType<typeof recordingAudit>;
let runner: AssetJobRunner;
let steps: AssetSteps;
const id = (prettyId: string) => provider.folderByPrettyId(prettyId).id;

beforeEach(async () => {
  provider = demoProvider();
  audit = recordingAudit();
  const module = await provider.compile([
    AssetJobRunner,
    ContentWorks,
    AssetSteps,
    { provide: AuditRepository, useValue: audit },
    { provide: CLOCK, useValue: fixedClock() },
    { provide: JUNK_RETRY_SLEEP, useValue: () => Promise.resolve() },
  ]);
  runner = module.get(AssetJobRunner);
  steps = module.get(AssetSteps);
});

function acceptAll(contentIds: string[]): WorkflowPayload {
  return {
    folderId: id(FOLDERS.step1),
    plan: contentIds.map((contentId) => ({ contentId, from: id(FOLDERS.step1), to: id(FOLDERS.step2) })),
    lastStep: false,
    junkFolderId: id(FOLDERS.junk),
  };
}

const runAccept = (p: WorkflowPayload, jobId = 'job-1', startedBefore = false) =>
  runner.run('accept', p, { ...jobContext(jobId), startedBefore }, (w, item) =>
    steps.accept(w, item, p, 'anna.bianchi'),
  );

describe('a workflow job over its plan', () => {
  it('does every content, audits each with its folders and tags before and after, leaves 100 to the job record', async () => {
    const contents = [contentAtStep(provider, 1), contentAtStep(provider, 1)];
    const context = jobContext();
    const p = acceptAll(contents);
    const result = await runner.run('accept', p, context, (w, item) =>
      steps.accept(w, item, p, 'anna.bianchi'),
    );
    expect(result).toEqual({ total: 2, done: 2, unchanged: 0, junk: 0, failed: 0 });
    expect(audit.assets.map((a) => [a.outcome.contentId, a.before?.folderIds.length, a.after?.tags])).toEqual(
      contents.map((c) => [c, 2, [TAGS.accepted]]),
    );
    expect(audit.jobs).toMatchObject([{ jobId: 'job-1', action: 'accept', outcome: 'success' }]);
    expect(Math.max(...context.reported)).toBe(99);
  });

  it('resumes after a crash: the batch not yet recorded is read again, nothing lost, done twice or recorded twice', async () => {
    const contents = Array.from({ length: 5 }, () => contentAtStep(provider, 1));
    const p = acceptAll(contents);
    // The worker dies while moving the fourth content.
    provider.fail('linkContents', ERROR_CODES.PROVIDER_UNAVAILABLE, {
      transient: true,
      when: (args) => (args[2] as string[]).includes(contents[3]!),
    });
    await expect(runAccept(p)).rejects.toMatchObject({ transient: true });
    // The contents in flight beside it finish (all in memory: one turn of the event loop).
    await new Promise((r) => setImmediate(r));
    const recordedFirst = audit.assets.length;

    // The batch is recorded once its steps are done: the crashed one left no row, and the retry finds
    // the contents its steps finished already moved, counts them done as the first start left them,
    // and completes the fourth.
    expect(await runAccept(p, 'job-1', true)).toEqual({
      total: 5,
      done: 5,
      unchanged: 0,
      junk: 0,
      failed: 0,
    });
    expect(recordedFirst).toBe(0);
    expect(audit.assets.map((a) => a.outcome.contentId)).toEqual(contents);
    for (const c of contents)
      expect(provider.placesOf(c)).toEqual([FOLDERS.step2, FOLDERS.supplierWork].sort());
    // One successful link per content: the crashed try's link was refused, the others not repeated.
    expect(provider.count('linkContents')).toBe(6);
    expect(provider.count('addTags')).toBe(5);
  });

  it('reads the contents of a batch in one provider call before their steps and one after', async () => {
    const contents = Array.from({ length: 3 }, () => contentAtStep(provider, 1));
    expect(await runAccept(acceptAll(contents))).toMatchObject({ done: 3 });
    expect(provider.count('contentsByIds')).toBe(2);
  });

  it('a content that no longer exists is failed NOT_FOUND and fails the job', async () => {
    const gone = contentAtStep(provider, 1);
    provider.contents.get(gone)!.trashed = true;
    const p = acceptAll([gone]);
    expect(await runAccept(p)).toMatchObject({ failed: 1 });
    expect(audit.assets[0]!.outcome).toMatchObject({ outcome: 'failed', errorCode: 'NOT_FOUND' });
    expect(audit.jobs[0]!.outcome).toBe('failure');
  });

  it('stops between contents when its user cancels it: those done stay done and recorded, the rest untouched', async () => {
    const contents = Array.from({ length: 12 }, () => contentAtStep(provider, 1));
    const p = acceptAll(contents);
    // The user cancels once the first content is done.
    const context = jobContext(
      'job-1',
      'anna.bianchi',
      () => audit.assets.length > 0 || provider.count('addTags') > 0,
    );
    const run = runner.run('accept', p, context, (w, item) => steps.accept(w, item, p, 'anna.bianchi'));
    const stopped = await run.then(
      () => null,
      (error: unknown) => error,
    );
    expect(stopped).toBeInstanceOf(JobStoppedError);
    const done = audit.assets.map((a) => a.outcome.contentId);
    expect(done.length).toBeGreaterThan(0);
    expect(done.length).toBeLessThan(contents.length);
    expect((stopped as JobStoppedError).result).toEqual({
      total: 12,
      done: done.length,
      unchanged: 0,
      junk: 0,
      failed: 12 - done.length,
    });
    for (const c of contents)
      expect(provider.placesOf(c)).toContain(done.includes(c) ? FOLDERS.step2 : FOLDERS.step1);
    expect(audit.jobs).toMatchObject([{ jobId: 'job-1', action: 'accept' }]);
  });
});
