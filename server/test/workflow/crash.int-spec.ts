import { execFileSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { hubDb } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { exited, startWorker } from '../support/worker-process';
import { as, contentsIn, finished, post, seedDemoOrganisation, stateOf } from './workflow-fixtures';

jest.setTimeout(240_000);

const root = join(__dirname, '../../..');
const ASSETS = 50;

/**
 * Issue 4 "must show": the worker process dies (SIGKILL) in the middle of a bulk accept of 50
 * assets; a new worker resumes the job; every asset ends in exactly one workflow folder, none
 * lost or duplicated, and the audit has exactly one row per asset.
 */
describe('a worker killed mid bulk accept', () => {
  let t: TestApp;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    execFileSync('npx', ['tsc', '-b', 'packages/rules'], { cwd: root, stdio: 'ignore' });
    execFileSync('npm', ['run', 'build', '-w', '@paddock/server', '--silent'], {
      cwd: root,
      stdio: 'ignore',
    });
    // The api only: the job runs in the worker processes this test starts and kills.
    t = await startTestApp({ PROCESS_ROLE: 'api' });
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited(child);
    }
    await t?.close();
  });

  it('resumes after the crash: 50 assets in step 2, none lost or twice, one audit row each', async () => {
    const folders = await seedDemoOrganisation(t);
    const anna = await as(t, 'anna.bianchi');
    const ids = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing'], ASSETS);
    const res = await post<{ jobId: string }>(t, anna, '/api/workflow/accept', {
      contentIds: ids,
      folderId: folders.get('appstp1-marketing'),
    });
    expect(res.status).toBe(202);
    const { jobId } = res.body;

    const first = startWorker(t);
    children.push(first);
    let progress = 0;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      progress = (await hubDb(t).jobRecord.findUniqueOrThrow({ where: { id: jobId } })).progress;
      if (progress >= 10) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    first.kill('SIGKILL');
    await exited(first);
    const record = await hubDb(t).jobRecord.findUniqueOrThrow({ where: { id: jobId } });
    expect(record.progress).toBeGreaterThanOrEqual(10);
    expect(record.progress).toBeLessThan(90);
    expect(record.state).toBe('active');

    children.push(startWorker(t));
    const job = await finished(t, anna, jobId, 180_000);
    expect(job.state).toBe('completed');
    expect(job.result).toMatchObject({ total: ASSETS, junk: 0, failed: 0 });

    for (const id of ids) {
      const state = await stateOf(t, id);
      expect(state?.folders).toEqual(['appstp2-marketing', 'lvrr02-marketing']);
      expect(state?.tags).toEqual(['wf-accepted']);
    }
    const rows = await hubDb(t).auditRecord.findMany({ where: { jobId, assetId: { not: null } } });
    expect(rows.map((r) => r.assetId).sort()).toEqual([...ids].sort());
    for (const row of rows)
      expect(['done', 'unchanged']).toContain((row.after as { outcome: string }).outcome);
    expect(job.outcomes).toHaveLength(ASSETS);
  });
});
