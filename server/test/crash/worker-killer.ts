import type { ChildProcess } from 'node:child_process';
import { QueueEvents, type Job, type Queue } from 'bullmq';
import { exited } from '../support/worker-process';

/** A seeded pseudo-random source (mulberry32): the same seed draws the same delays. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One SIGKILL: when, which process, and the jobs it was running. */
export interface Kill {
  at: number;
  pid: number;
  jobIds: string[];
}

/** The pid a worker process names itself with (`WORKER_NAME`, host#pid). */
const pidOf = (workerName: string | undefined) => Number(workerName?.split('#').pop());

/**
 * Worker processes that the campaign kills with SIGKILL at a random delay after a job starts on
 * one, each replaced by a new process at once; the other workers resume the killed jobs. It spares
 * a job already killed `maxKillsPerJob` times (BullMQ fails a job that stalls too often, as it
 * should a job that kills its worker) and kills only while `othersLive` other workers are up (the
 * replacements of earlier kills still booting do not count): they have the slots for every job in
 * flight, so a killed job runs again as soon as the stall check frees it. Every start of a job
 * is heard (QueueEvents, stamped by Redis), so each kill's recovery — kill → the job running again — is measured.
 */
export class WorkerKiller {
  readonly kills: Kill[] = [];
  private readonly workers = new Map<number, ChildProcess>();
  private readonly starts = new Map<string, number[]>();
  private readonly delays = new Map<string, number>();
  /** Job names (kinds) that have had a worker killed under them. */
  private readonly killedNames = new Set<string>();
  private readonly events: QueueEvents[];
  private running?: Promise<void>;
  private stopping = false;

  constructor(
    private readonly queues: Queue[],
    private readonly spawnWorker: () => ChildProcess,
    private readonly random: () => number,
    private readonly options: {
      workers: number;
      othersLive: number;
      maxDelayMs: number;
      maxKillsPerJob: number;
    },
  ) {
    this.events = queues.map((q) => {
      const events = new QueueEvents(q.name, { connection: q.opts.connection, prefix: q.opts.prefix });
      // When Redis logged the start (the event's stream id is its clock in ms), not when this busy
      // process got to hear of it: the recovery is the workers', not the test's event loop's.
      events.on('active', ({ jobId }, id) =>
        this.starts.set(jobId, [...(this.starts.get(jobId) ?? []), Number(id.split('-')[0])]),
      );
      return events;
    });
  }

  /** Starts the workers and waits until each has joined the queue (booting they would slow the first jobs). */
  async start(): Promise<void> {
    await Promise.all(this.events.map((e) => e.waitUntilReady()));
    for (let i = 0; i < this.options.workers; i++) this.spawn();
    for (const deadline = Date.now() + 180_000; ;) {
      const live = (await this.queues[0]!.getWorkers()).map((w) => pidOf(w.rawname));
      if (this.pids().every((pid) => live.includes(pid))) return;
      if (Date.now() > deadline) throw new Error('the workers did not all start');
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Starts killing; `pause` ends the loop (the workers keep running). */
  killing(): void {
    this.stopping = false;
    this.running = this.loop();
  }

  async pause(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** The live worker processes by pid. */
  pids(): number[] {
    return [...this.workers.keys()];
  }

  /**
   * Each killed job's time from its worker's kill to its next start, in ms. A job that ended in
   * the instant between the listing and the kill has no next start; the campaign checks that
   * every job completed, so a job that never ran again fails it there.
   */
  recoveries(): number[] {
    return this.kills.flatMap((kill) =>
      kill.jobIds.flatMap((id) => {
        const next = (this.starts.get(id) ?? []).find((at) => at > kill.at);
        return next === undefined ? [] : [next - kill.at];
      }),
    );
  }

  async stop(): Promise<void> {
    await this.pause();
    for (const child of this.workers.values()) {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited(child);
    }
    this.workers.clear();
    await Promise.all(this.events.map((e) => e.close()));
  }

  private spawn(): void {
    const child = this.spawnWorker();
    if (child.pid) this.workers.set(child.pid, child);
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      await new Promise((r) => setTimeout(r, 100));
      const active = (await Promise.all(this.queues.map((q) => q.getActive()))).flat();
      const due = active.find((job) => this.isDue(job));
      if (due) await this.killWorkerOf(due, active);
    }
  }

  /**
   * A job's attempt is due once its random delay (drawn when first seen) has passed since it
   * started. Until a kind has been killed once, its delays are a tenth as long: the campaign must
   * kill every kind, and the shortest jobs end before most full-length delays.
   */
  private isDue(job: Job): boolean {
    if (!job.processedOn || !job.processedBy) return false;
    const key = `${job.id}@${job.processedOn}`;
    let delay = this.delays.get(key);
    if (delay === undefined) {
      delay = this.random() * this.options.maxDelayMs * (this.killedNames.has(job.name) ? 1 : 0.1);
      this.delays.set(key, delay);
    }
    return delay >= 0 && Date.now() >= job.processedOn + delay;
  }

  private async killWorkerOf(due: Job, active: Job[]): Promise<void> {
    const name = due.processedBy;
    const victim = this.workers.get(pidOf(name));
    // BullMQ answers the queue's name as `name`; the worker's own is at the end of its client name.
    const live = (await this.queues[0]!.getWorkers()).map((w) => pidOf(w.rawname));
    const others = new Set(live.filter((pid) => pid !== victim?.pid && this.workers.has(pid)));
    // Too few workers up to take its jobs: the kill waits for the replacements to boot.
    if (others.size < this.options.othersLive) return;
    const onVictim = active.filter((job) => job.processedBy === name);
    // Each attempt is decided once: killed now, or spared for good.
    for (const job of onVictim) this.delays.set(`${job.id}@${job.processedOn}`, -1);
    if (!victim?.pid || onVictim.some((job) => job.stalledCounter >= this.options.maxKillsPerJob)) return;
    const running = (await Promise.all(this.queues.map((q) => q.getActive()))).flat();
    const at = Date.now();
    victim.kill('SIGKILL');
    await exited(victim);
    this.workers.delete(victim.pid);
    const killed = running.filter((job) => job.processedBy === name);
    for (const job of killed) this.killedNames.add(job.name);
    const jobIds = killed.map((job) => job.id!);
    this.kills.push({ at, pid: victim.pid, jobIds });
    this.spawn();
  }
}

/** The value below which `share` of the sorted values fall (nearest rank). */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;
}
