import { Client } from 'pg';
import { filter, firstValueFrom, lastValueFrom, timeout, toArray } from 'rxjs';
import { HubPrismaService } from '../../src/database/hub-prisma.service';
import { JobName } from '../../src/jobs/job-catalogue';
import { JobEventsService } from '../../src/jobs/job-events.service';
import { JobsService } from '../../src/jobs/jobs.service';
import { PURGE_BATCH_SIZE } from '../../src/auth/purge-expired-sessions.handler';
import { startTestApp } from '../support/test-app';

// Whole-app integration: the project-level testTimeout (30 s) of jest.config.ts is not applied by Jest.

/** Shutting down mid-job lets the job finish and record itself before anything disconnects. */
describe('graceful shutdown', () => {
  it('lets a running job complete and record itself, and ends open progress streams', async () => {
    const t = await startTestApp();
    try {
      const expired = PURGE_BATCH_SIZE * 6;
      const expiresAt = new Date(Date.now() - 60_000);
      await t.app.get(HubPrismaService).session.createMany({
        data: Array.from({ length: expired }, (_, i) => ({
          id: `old-${i}`,
          username: 'seed.user',
          providerToken: 'provider-token',
          csrfToken: 'csrf-token',
          expiresAt,
        })),
      });
      const { jobId } = await t.app.get(JobsService).submit(JobName.PurgeExpiredSessions, {}, 'admin.user');
      await firstValueFrom(
        t.app
          .get(JobEventsService)
          .watch(jobId)
          .pipe(
            filter((e) => e.state === 'active' && e.progress > 0),
            timeout(20_000),
          ),
      );

      // A stream that would never end on its own: a job recorded but never enqueued.
      const idle = await t.app.get(HubPrismaService).jobRecord.create({
        data: {
          id: 'never-enqueued',
          queue: 'maintenance',
          name: 'purge-expired-sessions',
          state: 'waiting',
          payload: {},
          createdBy: 'admin.user',
        },
      });
      const events = t.app.get(JobEventsService);
      const watching = events.watcherCount();
      const idleEvents = lastValueFrom(events.watch(idle.id).pipe(toArray()));
      while (events.watcherCount() === watching) await new Promise((r) => setTimeout(r, 10));

      await t.app.close();

      await expect(idleEvents).resolves.toEqual([{ jobId: idle.id, state: 'waiting', progress: 0 }]);

      const db = new Client({ connectionString: t.db.url });
      await db.connect();
      try {
        const job = await db.query('SELECT state, progress, result FROM hub.job_record WHERE id = $1', [
          jobId,
        ]);
        expect(job.rows).toEqual([{ state: 'completed', progress: 100, result: { deleted: expired } }]);
        const sessions = await db.query('SELECT count(*)::int AS n FROM hub.session');
        expect(sessions.rows[0].n).toBe(0);
        const audit = await db.query('SELECT outcome, after FROM hub.audit_record WHERE job_id = $1', [
          jobId,
        ]);
        expect(audit.rows).toEqual([{ outcome: 'success', after: { deleted: expired } }]);
      } finally {
        await db.end();
      }
    } finally {
      await t.db.drop();
    }
  });
});
