import { loadavg } from 'node:os';
import { Queue } from 'bullmq';
import { ENRICHMENT_CLASSIFICATIONS, LIMITS } from '@paddock/rules';
import { JobName, QUEUES, QueueName } from '../../src/jobs/job-catalogue';
import { hubDb, providerDb } from '../auth/auth-fixtures';
import { MANDATORY, seedEnrichmentWorld } from '../enrichment/enrichment-fixtures';
import { OwnRedis } from '../support/redis-server';
import { SmtpSink } from '../support/smtp-sink';
import type { TestApp } from '../support/test-app';
import { crashWorld, progressReached, type CrashWorld } from '../support/worker-process';
import { contentsIn, post } from '../workflow/workflow-fixtures';
import {
  comparableState,
  jobKinds,
  recipientsOf,
  type ComparableState,
  type JobKind,
} from './campaign-kinds';
import { percentile, seededRandom, WorkerKiller } from './worker-killer';

jest.setTimeout(1_800_000);

/**
 * Issue 25 part 4, the crash campaign: durable jobs of every type that changes assets run while
 * worker processes die by SIGKILL at random points (a random delay after a job starts), at least
 * MIN_KILLS times, the other workers resuming. Every asset must end exactly as its twin of an
 * uninterrupted run, with one audit row per asset and action, no recipient mailed twice (a
 * same-Message-ID repeat is counted apart) and every share made once. Then Redis restarts under
 * a bulk job, and a worker frozen past its lock wakes up beside the worker that took its job over.
 *
 * Rerun a campaign with its seed: CRASH_SEED=<seed> npx jest --selectProjects server-integration
 * --runInBand server/test/crash/campaign.int-spec.ts
 */
const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
const MIN_KILLS = 50;
/**
 * Jobs kept in flight at once, over WORKERS processes: a killed worker's jobs recover while the
 * others keep running and being killed, so recoveries overlap and the campaign fits CI. A worker is
 * killed only while OTHERS_LIVE others are up, whose workflow slots (4 each; one purge is on its
 * own queue) hold every job in flight: a recovered job never waits for a slot, so the recovery
 * measured is the lock's and the stall check's, with production settings; two replacements may
 * boot meanwhile, so kills go on.
 */
const IN_FLIGHT = 8;
const WORKERS = 4;
const OTHERS_LIVE = Math.ceil(IN_FLIGHT / QUEUES.workflow.concurrency);
/** The kill phase ends here even short of MIN_KILLS (then the campaign fails on the count). */
const KILL_PHASE_MAX_MS = 300_000;
const ASSETS_PER_JOB = 2;
/** A job's worker dies within this long after the job starts (most jobs of 2 assets take longer). */
const MAX_KILL_DELAY_MS = 1_000;
/** BullMQ fails a job that stalls more often than the queue allows: the campaign stays below. */
const MAX_KILLS_PER_JOB = Math.min(QUEUES.workflow.maxStalledCount!, QUEUES.maintenance.maxStalledCount!) - 1;
const RECOVERY_GOAL_MS = 15_000;

/** Straight to the terminal as it happens (Jest holds console output until the file ends). */
const say = (line: string) => process.stderr.write(`crash campaign ${line}\n`);

interface SubmittedJob {
  kind: JobKind;
  jobId: string;
  ids: string[];
  tag: string;
}

let redis: OwnRedis;
let sink: SmtpSink;
let world: CrashWorld;
let t: TestApp;
let folders: Map<string, string>;
let kinds: JobKind[];
let killer: WorkerKiller;
let queues: Queue[];

beforeAll(async () => {
  say(`seed ${SEED} (rerun with CRASH_SEED=${SEED})`);
  redis = await OwnRedis.start();
  sink = new SmtpSink();
  const smtpPort = await sink.start();
  world = await crashWorld(['anna.bianchi', 'mario.rossi', 'admin'], {
    seed: seedEnrichmentWorld,
    env: {
      REDIS_URL: redis.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      EXTERNAL_SHARE_RATE_SHARES: '1000',
      EXTERNAL_SHARE_RATE_RECIPIENTS: '10000',
    },
  });
  ({ t, folders } = world);
  const [anna, mario, admin] = world.people;
  kinds = jobKinds(t, folders, { anna: anna!, mario: mario!, admin: admin! });
  queues = [QueueName.Workflow, QueueName.Maintenance].map((name) => {
    const queue = new Queue(name, { connection: { url: redis.url }, prefix: t.config.REDIS_PREFIX });
    // The campaign's own look at the queues: while it restarts Redis on purpose, it waits for it.
    queue.on('error', () => undefined);
    return queue;
  });
  killer = new WorkerKiller(queues, world.startWorker, seededRandom(SEED), {
    workers: WORKERS,
    othersLive: OTHERS_LIVE,
    maxDelayMs: MAX_KILL_DELAY_MS,
    maxKillsPerJob: MAX_KILLS_PER_JOB,
  });
  await killer.start();
});

afterAll(async () => {
  await killer?.stop();
  await Promise.all((queues ?? []).map((q) => q.close()));
  await world?.stop();
  await sink?.stop();
  await redis?.stop();
});

/** Waits until every job's record is final; answers the records. */
async function allFinished(jobIds: string[], timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const records = await hubDb(t).jobRecord.findMany({ where: { id: { in: jobIds } } });
    const open = records.filter((r) => r.state !== 'completed' && r.state !== 'failed');
    if (records.length === jobIds.length && open.length === 0) return records;
    if (Date.now() > deadline)
      throw new Error(`jobs still open: ${open.map((r) => `${r.name} ${r.state}`).join(', ')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The pid of the worker running `jobId` once a tenth of it is done (it may have ended since). */
async function workerMidJob(queue: Queue, jobId: string): Promise<number> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const job = await queue.getJob(jobId);
    const { progress } = await hubDb(t).jobRecord.findUniqueOrThrow({ where: { id: jobId } });
    if (job?.processedBy && progress >= 10) return Number(job.processedBy.split('#').pop());
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`job ${jobId} never reached a tenth on a worker`);
}

/** Submits one job of `kind` on fresh assets. */
async function submitted(kind: JobKind, tag: string): Promise<SubmittedJob> {
  const ids = await kind.seed(ASSETS_PER_JOB, tag);
  return { kind, ids, tag, jobId: await kind.submit(ids, tag) };
}

/** Every job completed (none failed): answers the jobs. */
async function completed(jobs: SubmittedJob[]): Promise<SubmittedJob[]> {
  const records = await allFinished(jobs.map((j) => j.jobId));
  expect(records.filter((r) => r.state !== 'completed').map((r) => `${r.name} ${r.errorCode}`)).toEqual([]);
  return jobs;
}

/**
 * Submits jobs of every kind in turn, IN_FLIGHT of them open at any time, until `enough` says so;
 * answers them (some still running). One purge at a time: it takes all the junk past the retention.
 */
async function stream(tag: string, enough: (submitted: SubmittedJob[]) => boolean): Promise<SubmittedJob[]> {
  const jobs: SubmittedJob[] = [];
  let open: SubmittedJob[] = [];
  for (let n = 0; !enough(jobs);) {
    const finished = await hubDb(t).jobRecord.findMany({
      where: { id: { in: open.map((j) => j.jobId) }, state: { in: ['completed', 'failed'] } },
      select: { id: true },
    });
    open = open.filter((j) => !finished.some((f) => f.id === j.jobId));
    while (open.length < IN_FLIGHT && !enough(jobs)) {
      const kind = kinds[n % kinds.length]!;
      if (kind.name === JobName.PurgeJunk && open.some((j) => j.kind.name === JobName.PurgeJunk)) break;
      const job = await submitted(kind, `${tag}-${n++}-${kind.name}`);
      jobs.push(job);
      open.push(job);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return jobs;
}

/** How many assets of the jobs differ from their twin of the uninterrupted run (and which). */
async function differences(jobs: SubmittedJob[], reference: Map<JobName, ComparableState[]>) {
  const wrong: string[] = [];
  for (const job of jobs) {
    const expected = reference.get(job.kind.name)!;
    for (const [i, id] of job.ids.entries()) {
      const state = await comparableState(t, id);
      if (JSON.stringify(state) !== JSON.stringify(expected[i]))
        wrong.push(`${job.kind.name} ${id}: ${JSON.stringify(state)} ≠ ${JSON.stringify(expected[i])}`);
    }
  }
  return wrong;
}

/** Every asset's audit rows (job and action), by asset id. */
async function auditOf(ids: string[]): Promise<Map<string, { jobId: string | null; action: string }[]>> {
  const rows = await hubDb(t).auditRecord.findMany({
    where: { assetId: { in: ids } },
    select: { assetId: true, jobId: true, action: true },
  });
  return new Map(ids.map((id) => [id, rows.filter((r) => r.assetId === id)]));
}

/**
 * Assets whose audit differs from the uninterrupted run's: as many rows as its twin (one per
 * asset and action, or none where the job audits only itself), all written by its own job. Each
 * asset is touched by its job only, so a second row is a step done or recorded twice.
 */
async function auditNotAsReference(jobs: SubmittedJob[], rowsPerAsset: Map<JobName, number>) {
  const audit = await auditOf(jobs.flatMap((j) => j.ids));
  return jobs.flatMap((job) =>
    job.ids.flatMap((id) => {
      const rows = audit.get(id) ?? [];
      const own = rows.length === rowsPerAsset.get(job.kind.name) && rows.every((r) => r.jobId === job.jobId);
      return own ? [] : [{ job: job.kind.name, id, rows }];
    }),
  );
}

/**
 * The invitations each recipient got, by Message-ID. Two different Message-IDs are a mail sent
 * twice; the same Message-ID accepted twice is the outbox's re-send of a mail whose accept was never
 * marked (a kill in that instant): one mail to the recipient's client, counted apart.
 */
function mailsBy(recipients: string[]) {
  const ids = new Map<string, string[]>(recipients.map((to) => [to, []]));
  for (const mail of sink.mails) for (const to of mail.to) ids.get(to)?.push(mail.messageId);
  const of = (to: string) => ids.get(to)!;
  return {
    missing: recipients.filter((to) => of(to).length === 0),
    twice: recipients.filter((to) => new Set(of(to)).size > 1),
    repeated: recipients.filter((to) => new Set(of(to)).size === 1 && of(to).length > 1),
  };
}

describe('the crash campaign', () => {
  let reference: Map<JobName, ComparableState[]>;
  const rowsPerAsset = new Map<JobName, number>();
  const campaign: SubmittedJob[] = [];

  it('runs every job type once without a kill: the reference of where each asset ends', async () => {
    const jobs = await completed(await Promise.all(kinds.map((kind) => submitted(kind, `ref-${kind.name}`))));
    reference = new Map();
    const audit = await auditOf(jobs.flatMap((j) => j.ids));
    for (const job of jobs) {
      const counts = job.ids.map((id) => audit.get(id)?.length ?? 0);
      expect({ job: job.kind.name, counts }).toEqual({
        job: job.kind.name,
        counts: job.ids.map(() => counts[0]),
      });
      expect(counts[0]).toBeLessThanOrEqual(1);
      rowsPerAsset.set(job.kind.name, counts[0]!);
    }
    for (const job of jobs)
      reference.set(
        job.kind.name,
        await Promise.all(job.ids.map((id) => comparableState(t, id) as Promise<ComparableState>)),
      );
    campaign.push(...jobs);
  });

  it(`kills workers at random points ${MIN_KILLS}+ times: every asset ends as in the uninterrupted run`, async () => {
    const started = Date.now();
    killer.killing();
    const killedKindsOf = (jobs: SubmittedJob[]) =>
      new Set(
        jobs.filter((j) => killer.kills.some((k) => k.jobIds.includes(j.jobId))).map((j) => j.kind.name),
      );
    // Until every kind has had a worker killed under it, and MIN_KILLS kills: 50 kills alone left
    // one kind unkilled in some quiet runs, its jobs over before the kill's random delay.
    const killed = await stream(
      'k',
      (jobs) =>
        (killer.kills.length >= MIN_KILLS && killedKindsOf(jobs).size === kinds.length) ||
        Date.now() - started > KILL_PHASE_MAX_MS,
    );
    await killer.pause();
    await completed(killed);
    campaign.push(...killed);

    const wrong = await differences(killed, reference);
    const twice = await auditNotAsReference(killed, rowsPerAsset);
    const shares = killed.filter((j) => j.kind.name === JobName.ExternalShare);
    const mails = mailsBy(shares.flatMap((j) => recipientsOf(j.tag)));
    const sharesMade = await providerDb(t).externalShare.count({
      where: { name: { in: shares.map((j) => `Press kit ${j.tag}`) } },
    });
    const recoveries = killer.recoveries();
    const killedKinds = killedKindsOf(killed);
    const figures = {
      seed: SEED,
      kills: killer.kills.length,
      jobs: killed.length,
      kindsKilled: killedKinds.size,
      kindsNeverKilled: kinds.map((k) => k.name).filter((name) => !killedKinds.has(name)),
      assetsChecked: killed.reduce((n, j) => n + j.ids.length, 0),
      lost: wrong.length,
      auditNotOnce: twice.length,
      mailsTwice: mails.twice.length,
      mailsMissing: mails.missing.length,
      mailsRepeatedSameId: mails.repeated.length,
      recoveryP50s: percentile(recoveries, 0.5) / 1000,
      recoveryP95s: percentile(recoveries, 0.95) / 1000,
      recoveryMaxS: Math.max(...recoveries) / 1000,
      durationS: Math.round((Date.now() - started) / 1000),
      loadAverage: loadavg().map((l) => Math.round(l * 10) / 10),
    };
    say(`figures ${JSON.stringify(figures)}`);
    // The row of docs/benchmarks.md "Crash campaign", to paste there.
    say(
      `| ${new Date().toISOString().slice(0, 16)} | ${SEED} | ${figures.kills} | ${figures.jobs} | ` +
        `${figures.assetsChecked} | ${figures.lost} | ${figures.auditNotOnce} | ${figures.mailsTwice} | ` +
        `${figures.recoveryP50s} / ${figures.recoveryP95s} / ${figures.recoveryMaxS} s | ${figures.durationS} s | ` +
        `${figures.loadAverage.join(' / ')} |`,
    );

    expect(wrong).toEqual([]);
    expect(twice).toEqual([]);
    expect(mails.twice).toEqual([]);
    expect(mails.missing).toEqual([]);
    expect(sharesMade).toBe(shares.length);
    expect(figures.recoveryP95s * 1000).toBeLessThanOrEqual(RECOVERY_GOAL_MS);
    expect(killer.kills.length).toBeGreaterThanOrEqual(MIN_KILLS);
    expect(figures.kindsNeverKilled).toEqual([]);
  });

  it('loses nothing acknowledged when Redis restarts under a bulk job; the workers reconnect by themselves', async () => {
    const mario = world.people[1]!;
    const pids = killer.pids();
    const ids = await contentsIn(t, folders, ['arrc03-marketing'], LIMITS.taggingMaxAssets);
    const bulk = await post<{ jobId: string }>(t, mario, '/api/enrichment', {
      contentIds: ids,
      folderId: folders.get('arrc03-marketing'),
      tags: { add: [{ id: 'prd-suv', classificationId: ENRICHMENT_CLASSIFICATIONS.products }] },
      metadata: MANDATORY,
    });
    expect(bulk.status).toBe(202);
    await progressReached(t, bulk.body.jobId, 10);
    // Acknowledged (202) just before the restart: Redis has them in its append-only file.
    const acknowledged: SubmittedJob[] = [];
    for (const kind of kinds.filter((k) => k.name === JobName.WorkflowMove || k.name === JobName.TagsBulk)) {
      acknowledged.push(await submitted(kind, `redis-${kind.name}`));
    }
    await redis.down();
    await new Promise((r) => setTimeout(r, 2_000));
    await redis.up();

    const records = await allFinished([bulk.body.jobId, ...acknowledged.map((j) => j.jobId)]);
    expect(records.map((r) => r.state)).toEqual(records.map(() => 'completed'));
    const bulkRecord = records.find((r) => r.id === bulk.body.jobId);
    expect(bulkRecord?.result).toMatchObject({ total: ids.length, done: ids.length, failed: 0 });
    expect(await differences(acknowledged, reference)).toEqual([]);
    expect(
      await auditNotAsReference(
        [
          ...acknowledged,
          {
            kind: kinds.find((k) => k.name === JobName.Enrichment)!,
            ids,
            tag: 'bulk',
            jobId: bulk.body.jobId,
          },
        ],
        rowsPerAsset,
      ),
    ).toEqual([]);
    // The same processes ran them: none was restarted.
    expect(killer.pids()).toEqual(pids);
  });

  it('a worker frozen past its lock wakes beside the worker that took its job: the effects happen once', async () => {
    const accept = kinds.find((k) => k.name === JobName.WorkflowAccept)!;
    const workflow = queues[0]!;
    // A job of 30 assets can end between two looks: then the freeze caught nothing, and the
    // campaign tries again on fresh assets rather than waiting for a finished job to be retaken.
    let frozenRun:
      { ids: string[]; tag: string; jobId: string; frozen: number; stoppedAt: number } | undefined;
    for (let attempt = 1; !frozenRun; attempt++) {
      expect(attempt).toBeLessThanOrEqual(3);
      const tag = `frozen-${attempt}`;
      const ids = await accept.seed(30, tag);
      const jobId = await accept.submit(ids, tag);
      const pid = await workerMidJob(workflow, jobId);
      process.kill(pid, 'SIGSTOP');
      const stoppedAt = Date.now();
      const { state } = await hubDb(t).jobRecord.findUniqueOrThrow({ where: { id: jobId } });
      if (state === 'completed' || state === 'failed') {
        process.kill(pid, 'SIGCONT');
        say(`the frozen job ${jobId} had already ended (${state}): again on fresh assets`);
        await allFinished([jobId]);
      } else frozenRun = { ids, tag, jobId, frozen: pid, stoppedAt };
    }
    const { ids, tag, jobId, frozen, stoppedAt } = frozenRun;
    try {
      // Another worker takes the job once the frozen one's lock has lapsed.
      for (const deadline = Date.now() + 60_000; ;) {
        const job = await workflow.getJob(jobId);
        if (job?.processedBy && !job.processedBy.endsWith(`#${frozen}`) && (job.processedOn ?? 0) > stoppedAt)
          break;
        if (Date.now() > deadline)
          throw new Error(
            `no other worker took the job: ${await job?.getState()}, processed by ${job?.processedBy}, ` +
              `stalled ${job?.stalledCounter}`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      process.kill(frozen, 'SIGCONT');
    }
    const [record] = await allFinished([jobId]);
    expect(record?.state).toBe('completed');
    // The frozen worker finishes its stale run too: give it the time, then look.
    await new Promise((r) => setTimeout(r, 5_000));
    const twins = Array.from({ length: ids.length }, () => reference.get(JobName.WorkflowAccept)![0]!);
    expect(
      await differences([{ kind: accept, ids, tag, jobId }], new Map([[JobName.WorkflowAccept, twins]])),
    ).toEqual([]);
    expect(await auditNotAsReference([{ kind: accept, ids, tag, jobId }], rowsPerAsset)).toEqual([]);
    const doubled = await providerDb(t).contentMetadata.groupBy({
      by: ['contentId', 'key'],
      where: { contentId: { in: ids } },
      _count: true,
      having: { contentId: { _count: { gt: 1 } } },
    });
    expect(doubled).toEqual([]);
  });
});
