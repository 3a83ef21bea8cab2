import { LIMITS } from '@paddock/rules';
import { CLOCK, type Clock } from '../../src/common/clock';
import { JobName } from '../../src/jobs/job-catalogue';
import { JobsService } from '../../src/jobs/jobs.service';
import { hubDb } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { contentsIn, seedDemoOrganisation, stateOf } from './workflow-fixtures';

jest.setTimeout(120_000);

const DAY = 86_400;

/** The nightly purge of the department junk (SPEC §4), on the app's own clock set by the test. */
describe('purge-junk with a controllable clock', () => {
  let t: TestApp;
  let folders: Map<string, string>;
  let clock: Clock;
  const now = new Date('2027-03-01T02:00:00Z');

  beforeAll(async () => {
    t = await startTestApp();
    folders = await seedDemoOrganisation(t);
    clock = t.app.get(CLOCK);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  async function purge(): Promise<{ jobId: string; result: unknown }> {
    const spy = jest.spyOn(clock, 'now').mockReturnValue(now);
    try {
      const { jobId } = await t.app.get(JobsService).submit(JobName.PurgeJunk, {}, 'system');
      for (;;) {
        const job = await hubDb(t).jobRecord.findUniqueOrThrow({ where: { id: jobId } });
        if (job.state === 'completed' || job.state === 'failed') return { jobId, result: job.result };
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      spy.mockRestore();
    }
  }

  it('trashes junk older than the retention, keeps the younger, twice in a row without harm', async () => {
    const at = (daysAgo: number) => String(Math.floor(now.getTime() / 1000) - daysAgo * DAY);
    const inJunk = (daysAgo: number) =>
      contentsIn(t, folders, ['junk-marketing'], 1, {
        metadata: [{ key: 'dataeliminazione', value: at(daysAgo) }],
      });
    const [old] = await inJunk(LIMITS.junkRetentionDays + 1);
    const [older] = await contentsIn(t, folders, ['junk-heritage'], 1, {
      metadata: [{ key: 'dataeliminazione', value: at(90) }],
    });
    const [young] = await inJunk(LIMITS.junkRetentionDays - 1);
    const [elsewhere] = await contentsIn(t, folders, ['arch04-marketing'], 1, {
      metadata: [{ key: 'dataeliminazione', value: at(90) }],
    });

    const first = await purge();
    expect(first.result).toEqual({ trashed: 2, kept: 1, failed: 0, held: 0 });
    expect((await stateOf(t, old))?.trashed).toBe(true);
    expect((await stateOf(t, older))?.trashed).toBe(true);
    expect((await stateOf(t, young))?.trashed).toBe(false);
    expect((await stateOf(t, elsewhere))?.trashed).toBe(false);
    const audit = await hubDb(t).auditRecord.findMany({
      where: { jobId: first.jobId, assetId: { not: null } },
    });
    expect(audit.map((a) => a.assetId).sort()).toEqual([old, older].sort());
    expect(audit.every((a) => a.outcome === 'success' && a.action === JobName.PurgeJunk)).toBe(true);

    const second = await purge();
    expect(second.result).toEqual({ trashed: 0, kept: 1, failed: 0, held: 0 });
    expect((await stateOf(t, young))?.trashed).toBe(false);
    expect(await hubDb(t).auditRecord.count({ where: { jobId: second.jobId, assetId: { not: null } } })).toBe(
      0,
    );
  });
});
