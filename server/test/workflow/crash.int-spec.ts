import { hubDb } from '../auth/auth-fixtures';
import { crashWorld, exited, progressReached, type CrashWorld } from '../support/worker-process';
import { contentsIn, finished, post, stateOf } from './workflow-fixtures';

jest.setTimeout(240_000);

const ASSETS = 50;

/**
 * Issue 4 "must show": the worker process dies (SIGKILL) in the middle of a bulk accept of 50
 * assets; a new worker resumes the job; every asset ends in exactly one workflow folder, none
 * lost or duplicated, and the audit has exactly one row per asset.
 */
describe('a worker killed mid bulk accept', () => {
  let world: CrashWorld;

  beforeAll(async () => {
    world = await crashWorld(['anna.bianchi']);
  });
  afterAll(() => world?.stop());

  it('resumes after the crash: 50 assets in step 2, none lost or twice, one audit row each', async () => {
    const {
      t,
      folders,
      people: [anna],
    } = world;
    const ids = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing'], ASSETS);
    const res = await post<{ jobId: string }>(t, anna!, '/api/workflow/accept', {
      contentIds: ids,
      folderId: folders.get('appstp1-marketing'),
    });
    expect(res.status).toBe(202);
    const { jobId } = res.body;

    const first = world.startWorker();
    await progressReached(t, jobId, 10);
    first.kill('SIGKILL');
    await exited(first);
    const record = await hubDb(t).jobRecord.findUniqueOrThrow({ where: { id: jobId } });
    expect(record.progress).toBeGreaterThanOrEqual(10);
    expect(record.progress).toBeLessThan(90);
    expect(record.state).toBe('active');

    world.startWorker();
    const job = await finished(t, anna!, jobId, 180_000);
    expect(job.state).toBe('completed');
    // Every asset done, as an uninterrupted run reports them: those the killed worker moved before
    // it could record them included (the new worker finds them moved, after an earlier start).
    expect(job.result).toEqual({ total: ASSETS, done: ASSETS, unchanged: 0, junk: 0, failed: 0 });

    for (const id of ids) {
      const state = await stateOf(t, id);
      expect(state?.folders).toEqual(['appstp2-marketing', 'lvrr02-marketing']);
      expect(state?.tags).toEqual(['wf-accepted']);
    }
    const rows = await hubDb(t).auditRecord.findMany({ where: { jobId, assetId: { not: null } } });
    expect(rows.map((r) => r.assetId).sort()).toEqual([...ids].sort());
    expect(rows.map((r) => (r.after as { outcome: string }).outcome)).toEqual(ids.map(() => 'done'));
    expect(job.outcomes).toHaveLength(ASSETS);
  });
});
