import { randomUUID } from 'node:crypto';
import type { JobListResponse, JobSummary } from '@paddock/rules';
import { AuditRepository } from '../../src/audit/audit.repository';
import { HubPrismaService } from '../../src/database/hub-prisma.service';
import { JobName, QueueName, type JobPayloads } from '../../src/jobs/job-catalogue';
import { JobsRepository } from '../../src/jobs/jobs.repository';
import { callAs, seedPerson, signInWithCookie, type CookieSession } from '../support/cookie-session';
import { startTestApp, type TestApp } from '../support/test-app';

// Whole-app integration: the project-level testTimeout (30 s) of jest.config.ts is not applied by Jest.

/** "My jobs" over HTTP with real sessions: whose jobs are listed, retried and cancelled by whom. */
describe('my jobs (HTTP, real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let prisma: HubPrismaService;
  let admin: CookieSession;
  let mario: CookieSession;
  let luca: CookieSession;
  const PASSWORD = 'My-jobs-password-1!';

  const call = (path: string, who?: CookieSession, init?: RequestInit) => callAs(t, path, who, init);
  const post = (path: string, who?: CookieSession) => call(path, who, { method: 'POST' });

  const [A, B, C] = [randomUUID(), randomUUID(), randomUUID()];
  const move: JobPayloads[JobName.WorkflowMove] = {
    folderId: 'work-folder',
    junkFolderId: null,
    plan: [A, B, C].map((contentId) => ({ contentId, from: 'work-folder', to: 'archive-folder' })),
  };

  /** A move of A, B and C recorded for `who`, in `state`, `createdAt` apart from the others. */
  async function moveOf(who: string, state: string, createdAt = new Date()): Promise<string> {
    const id = randomUUID();
    await prisma.jobRecord.create({
      data: {
        id,
        queue: QueueName.Workflow,
        name: JobName.WorkflowMove,
        state,
        payload: move,
        createdBy: who,
        createdAt,
        startedAt: createdAt,
        ...(state === 'active' ? {} : { finishedAt: new Date(), progress: 100 }),
      },
    });
    return id;
  }

  /** The per-asset outcomes the job's ledger would have written: A done, B failed with its E-code, C none. */
  async function outcomes(jobId: string): Promise<void> {
    await t.app.get(AuditRepository).recordAssetOutcomes(
      [
        { contentId: A, outcome: 'done' as const, errorCode: null },
        { contentId: B, outcome: 'failed' as const, errorCode: 'E046' },
      ].map((o) => ({
        jobId,
        actor: 'mario.rossi',
        action: 'move' as const,
        outcome: { ...o, fromFolderId: 'work-folder', toFolderId: o.errorCode ? null : 'archive-folder' },
        before: null,
        after: null,
      })),
    );
  }

  beforeAll(async () => {
    t = await startTestApp();
    prisma = t.app.get(HubPrismaService);
    const user = (username: string, groups: string[]) => seedPerson(t, username, groups, PASSWORD);
    await user('anna.admin', ['PADDOCK.ADMIN', 'L/MARKETING']);
    await user('mario.rossi', ['PADDOCK.USER', 'L/MARKETING']);
    await user('luca.verdi', ['PADDOCK.USER', 'L/MARKETING']);
    admin = await signInWithCookie(t, 'anna.admin', PASSWORD);
    mario = await signInWithCookie(t, 'mario.rossi', PASSWORD);
    luca = await signInWithCookie(t, 'luca.verdi', PASSWORD);
    // A whole app boots here: on a loaded machine that can take longer than the default hook time.
  }, 180_000);
  afterAll(() => t.close());

  it("lists only the caller's jobs, newest first, page by page, with their items and no ETA once ended", async () => {
    expect((await call('/api/jobs/mine')).status).toBe(401);
    const older = await moveOf('mario.rossi', 'completed', new Date(Date.now() - 60_000));
    const newer = await moveOf('mario.rossi', 'failed');
    await moveOf('luca.verdi', 'completed');

    const first = await call('/api/jobs/mine?limit=1&lang=en', mario);
    expect(first.status).toBe(200);
    const page = (await first.json()) as JobListResponse;
    expect(page.items.map((j) => j.id)).toEqual([newer]);
    expect(page.items[0]).toMatchObject({ items: { done: 3, total: 3 }, etaAt: null, retryOf: null });
    const rest = (await (
      await call(`/api/jobs/mine?limit=50&cursor=${encodeURIComponent(page.nextCursor!)}`, mario)
    ).json()) as JobListResponse;
    expect(rest.items.map((j) => j.id)).toEqual([older]);
    expect(rest.nextCursor).toBeNull();

    const lucas = (await (await call('/api/jobs/mine', luca)).json()) as JobListResponse;
    expect(lucas.items.every((j) => j.createdBy === 'luca.verdi')).toBe(true);
    expect(lucas.items.map((j) => j.id)).not.toContain(newer);
    expect((await call('/api/jobs/mine?limit=500', mario)).status).toBe(400);
    // A cursor this listing never gave is refused, not read as "from the start".
    expect((await call('/api/jobs/mine?cursor=not-a-cursor', mario)).status).toBe(400);
  });

  it('gives a running job an ETA from its rate so far', async () => {
    const id = await moveOf('mario.rossi', 'active', new Date(Date.now() - 30_000));
    await prisma.jobRecord.update({ where: { id }, data: { progress: 50 } });
    const job = (await (await call(`/api/jobs/${id}`, mario)).json()) as JobSummary;
    expect(job.items).toEqual({ done: 1, total: 3 });
    // Half done in 30 s: about 30 s more.
    const eta = new Date(job.etaAt!).getTime() - Date.now();
    expect(eta).toBeGreaterThan(20_000);
    expect(eta).toBeLessThan(40_000);
  });

  it('retries the failed items (and those never reached) as a new job linked to the first', async () => {
    const first = await moveOf('mario.rossi', 'failed');
    await outcomes(first);
    const detail = (await (await call(`/api/jobs/${first}`, mario)).json()) as JobSummary;
    expect(detail.outcomes).toEqual([
      expect.objectContaining({ contentId: A, outcome: 'done', errorCode: null }),
      expect.objectContaining({ contentId: B, outcome: 'failed', errorCode: 'E046' }),
    ]);

    const res = await post(`/api/jobs/${first}/retry-failed`, mario);
    expect(res.status).toBe(201);
    const retry = (await res.json()) as JobSummary;
    expect(retry).toMatchObject({ retryOf: first, createdBy: 'mario.rossi', name: JobName.WorkflowMove });
    expect(retry.id).not.toBe(first);
    const row = await prisma.jobRecord.findUniqueOrThrow({ where: { id: retry.id } });
    expect(row.retryOf).toBe(first);
    expect(row.payload).toEqual({ ...move, plan: move.plan.filter((step) => step.contentId !== A) });
    const mine = (await (await call('/api/jobs/mine', mario)).json()) as JobListResponse;
    expect(mine.items[0]).toMatchObject({ id: retry.id, retryOf: first });
  });

  it("refuses another user's job: not listed, neither cancelled nor retried (403), unknown ids 404", async () => {
    const theirs = await moveOf('mario.rossi', 'failed');
    await outcomes(theirs);
    const before = await prisma.jobRecord.count();
    for (const path of [`/api/jobs/${theirs}/retry-failed`, `/api/jobs/${theirs}/cancel`]) {
      const res = await post(path, luca);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await call(`/api/jobs/${theirs}`, luca)).status).toBe(403);
    expect((await post(`/api/jobs/${randomUUID()}/retry-failed`, luca)).status).toBe(404);
    expect(await prisma.jobRecord.count()).toBe(before);
    // An administrator may act on anyone's job.
    expect((await post(`/api/jobs/${theirs}/retry-failed`, admin)).status).toBe(201);
  });

  it('refuses with a clear code a job still running and one without failed items, creating nothing', async () => {
    const running = await moveOf('mario.rossi', 'active');
    const allDone = await moveOf('mario.rossi', 'completed');
    await t.app.get(AuditRepository).recordAssetOutcomes(
      [A, B, C].map((contentId) => ({
        jobId: allDone,
        actor: 'mario.rossi',
        action: 'move' as const,
        outcome: {
          contentId,
          outcome: 'done' as const,
          fromFolderId: null,
          toFolderId: null,
          errorCode: null,
        },
        before: null,
        after: null,
      })),
    );
    const before = await prisma.jobRecord.count();
    const stillRunning = await post(`/api/jobs/${running}/retry-failed`, mario);
    expect(stillRunning.status).toBe(409);
    expect(await stillRunning.json()).toMatchObject({ code: 'JOB_STILL_RUNNING' });
    const none = await post(`/api/jobs/${allDone}/retry-failed`, mario);
    expect(none.status).toBe(409);
    expect(await none.json()).toMatchObject({
      code: 'JOB_NO_FAILED_ITEMS',
      message: expect.stringContaining('no failed items'),
    });
    expect(await prisma.jobRecord.count()).toBe(before);
  });

  it('cancels a running job over assets: asked now and audited, recorded cancelled when it stops', async () => {
    const id = await moveOf('mario.rossi', 'active');
    const res = await post(`/api/jobs/${id}/cancel`, mario);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, state: 'active', cancelRequested: true });
    const jobs = t.app.get(JobsRepository);
    expect(await jobs.stopRequested(id)).toBe(true);
    expect(await prisma.auditRecord.findMany({ where: { jobId: id } })).toEqual([
      expect.objectContaining({ actor: 'mario.rossi', action: 'job-cancel', outcome: 'success' }),
    ]);
    // What the runner records once the job stopped between two assets.
    await jobs.markStopped(id, { total: 3, done: 1, unchanged: 0, junk: 0, failed: 2 }, new Date());
    const stopped = (await (await call(`/api/jobs/${id}`, mario)).json()) as JobSummary;
    expect(stopped).toMatchObject({ state: 'cancelled', result: { done: 1, failed: 2 } });
    expect((await post(`/api/jobs/${id}/cancel`, mario)).status).toBe(409);
  });
});
