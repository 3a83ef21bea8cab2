import { ERROR_CODES, LIMITS } from '@paddock/rules';
import { inMemoryLegalHolds } from '../../test/support/in-memory-legal-holds';
import type { InMemoryProvider } from '../../test/support/in-memory-provider';
import {
  FOLDERS,
  contentIn,
  contentInJunk,
  demoProvider,
  fixedClock,
  jobContext,
  recordingAudit,
} from '../../test/support/workflow-factories';
import { AuditRepository } from '../audit/audit.repository';
import { CLOCK } from '../common/clock';
import { JobName } from '../jobs/job-catalogue';
import { PurgeJunkHandler } from './purge-junk.handler';

let provider: InMemoryProvider;
let audit: ReturnType<typeof recordingAudit>;
let handler: PurgeJunkHandler;
let holds: ReturnType<typeof inMemoryLegalHolds>;
const clock = fixedClock(new Date('2027-03-01T02:00:00Z'));
/** One hour, in days. */
const HOUR = 1 / 24;
const trashed = (id: string) => provider.contents.get(id)!.trashed;

beforeEach(async () => {
  provider = demoProvider();
  audit = recordingAudit();
  holds = inMemoryLegalHolds();
  const module = await provider.compile([
    PurgeJunkHandler,
    ...holds.providers,
    { provide: AuditRepository, useValue: audit },
    { provide: CLOCK, useValue: clock },
  ]);
  handler = module.get(PurgeJunkHandler);
});

describe(`purge-junk: junk deleted more than LIMITS.junkRetentionDays (${LIMITS.junkRetentionDays}) days ago`, () => {
  it('trashes what is older by the clock, keeps the younger and what is elsewhere, audits each trashed one', async () => {
    const old = contentInJunk(provider, clock.now(), LIMITS.junkRetentionDays + 1);
    const justOver = contentInJunk(provider, clock.now(), LIMITS.junkRetentionDays + HOUR);
    const young = contentInJunk(provider, clock.now(), LIMITS.junkRetentionDays - HOUR);
    const undated = contentIn(provider, [FOLDERS.junk]);
    const elsewhere = contentIn(provider, [FOLDERS.archive], {
      metadata: { dataeliminazione: String(Math.floor(clock.now().getTime() / 1000) - 90 * 86_400) },
    });
    const context = jobContext('purge-1', 'system');

    expect(await handler.handle({}, context)).toEqual({ trashed: 2, kept: 2, failed: 0, held: 0 });
    expect([old, justOver, young, undated, elsewhere].map(trashed)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(audit.assets.map((a) => [a.outcome.contentId, a.outcome.outcome, a.action])).toEqual([
      [old, 'done', JobName.PurgeJunk],
      [justOver, 'done', JobName.PurgeJunk],
    ]);
    expect(audit.jobs).toMatchObject([{ jobId: 'purge-1', outcome: 'success' }]);
    expect(context.reported.at(-1)).toBe(99);
  });

  it('keeps a dated junk content that is still linked outside the junk (issue 21: trashing would take it from there too)', async () => {
    const alsoArchived = contentInJunk(provider, clock.now(), 40, [FOLDERS.archive]);
    const onlyJunk = contentInJunk(provider, clock.now(), 40);

    expect(await handler.handle({}, jobContext('purge-1', 'system'))).toEqual({
      trashed: 1,
      kept: 1,
      failed: 0,
      held: 0,
    });
    expect([alsoArchived, onlyJunk].map(trashed)).toEqual([false, true]);
    expect(audit.assets.map((a) => a.outcome.contentId)).toEqual([onlyJunk]);
  });

  it('a second run finds nothing more to do', async () => {
    contentInJunk(provider, clock.now(), 40);
    await handler.handle({}, jobContext('purge-1', 'system'));
    expect(await handler.handle({}, jobContext('purge-2', 'system'))).toEqual({
      trashed: 0,
      kept: 0,
      failed: 0,
      held: 0,
    });
    expect(audit.assets.filter((a) => a.jobId === 'purge-2')).toEqual([]);
  });

  it('a content the provider will not trash is counted failed and audited with E055', async () => {
    const stuck = contentInJunk(provider, clock.now(), 40);
    provider.contents.get(stuck)!.owner = 'someone';
    // The service account may see the junk but not write it.
    provider.folderByPrettyId(FOLDERS.junk).acl.set('PADDOCK.WORKFLOW', {});
    expect(await handler.handle({}, jobContext('purge-1', 'system'))).toEqual({
      trashed: 0,
      kept: 0,
      failed: 1,
      held: 0,
    });
    expect(audit.assets[0]!.outcome).toMatchObject({
      contentId: stuck,
      outcome: 'failed',
      errorCode: 'E055',
    });
    expect(audit.jobs[0]!.outcome).toBe('failure');
  });

  it('a try that dies right after trashing leaves its audit row, which the retry keeps (one row, done)', async () => {
    const old = contentInJunk(provider, clock.now(), 40);
    const trash = provider.trash.bind(provider);
    // The worker dies once the provider has trashed the content: the try ends there.
    jest.spyOn(provider, 'trash').mockImplementationOnce(async (token, ids) => {
      await trash(token, ids);
      throw new Error('SIGKILL');
    });
    await expect(handler.handle({}, jobContext('purge-1', 'system'))).rejects.toThrow('SIGKILL');
    expect(await handler.handle({}, jobContext('purge-1', 'system'))).toEqual({
      trashed: 0,
      kept: 0,
      failed: 0,
      held: 0,
    });
    expect(trashed(old)).toBe(true);
    expect(audit.assets.map((a) => [a.jobId, a.outcome.contentId, a.outcome.outcome])).toEqual([
      ['purge-1', old, 'done'],
    ]);
  });

  it('skips and counts what a legal hold keeps, on the asset, its folder, a folder above or its department', async () => {
    const due = () => contentInJunk(provider, clock.now(), 40);
    const [onAsset, free] = [due(), due()];
    holds.hold('asset', onAsset);
    const released = due();
    holds.release(holds.hold('asset', released));
    const context = jobContext('purge-1', 'system');

    expect(await handler.handle({}, context)).toEqual({ trashed: 2, kept: 0, failed: 0, held: 1 });
    expect([onAsset, free, released].map(trashed)).toEqual([false, true, true]);
    expect(audit.assets.map((a) => a.outcome.contentId).sort()).toEqual([free, released].sort());
    expect(await holds.kept('purge-junk')).toBe(1);

    const junk = provider.folderByPrettyId(FOLDERS.junk).id;
    const top = provider.folderByPrettyId(FOLDERS.top).id;
    for (const [scope, target] of [
      ['folder', junk],
      ['folder', top],
      ['department', 'marketing'],
    ] as const) {
      const kept = due();
      const hold = holds.hold(scope, target);
      expect(await handler.handle({}, jobContext(`purge-${scope}-${target}`, 'system'))).toMatchObject({
        trashed: 0,
        held: 2,
      });
      expect([onAsset, kept].map(trashed)).toEqual([false, false]);
      holds.release(hold);
      expect(await handler.handle({}, jobContext(`purge-released-${target}`, 'system'))).toMatchObject({
        trashed: 1,
        held: 1,
      });
      expect(trashed(kept)).toBe(true);
    }
  });

  it('reads a junk of more than one search page', async () => {
    const many = Array.from({ length: 501 }, () => contentInJunk(provider, clock.now(), 40));
    expect(await handler.handle({}, jobContext('purge-1', 'system'))).toMatchObject({ trashed: many.length });
  });

  it('an outage fails the run so the job retries', async () => {
    contentInJunk(provider, clock.now(), 40);
    provider.fail('trash', ERROR_CODES.PROVIDER_UNAVAILABLE, { transient: true });
    await expect(handler.handle({}, jobContext('purge-1', 'system'))).rejects.toMatchObject({
      transient: true,
    });
  });
});
