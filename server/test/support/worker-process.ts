import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { hubDb, type SignedIn } from '../auth/auth-fixtures';
import { as, seedDemoOrganisation, type DemoWorld } from '../workflow/workflow-fixtures';
import { startTestApp, type TestApp } from './test-app';

const root = join(__dirname, '../../..');

export interface WorkerOptions {
  /** Settings to add or override (e.g. LOG_LEVEL, SMTP_URL). */
  env?: Record<string, string>;
  /** 'pipe' to read what the worker logs. */
  stdout?: 'ignore' | 'pipe';
}

/** A worker process as `npm start` runs one (PROCESS_ROLE=worker), on the test app's database and Redis. */
export function startWorker(t: TestApp, options: WorkerOptions = {}): ChildProcess {
  return spawn(process.execPath, ['server/dist/worker.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PROCESS_ROLE: 'worker',
      PORT: String(new URL(t.url).port),
      HOST: '127.0.0.1',
      PUBLIC_URL: t.url,
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_URL: t.config.REDIS_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
      BLOB_DIR: t.config.BLOB_DIR,
      WEB_DIST: '/nonexistent',
      METRICS_PORT: '0',
      ...options.env,
    },
    stdio: ['ignore', options.stdout ?? 'ignore', 'ignore'],
  });
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** The demo organisation (`seedDemoOrganisation`) or one built on it: folder id by prettyId. */
type Seed = (t: TestApp) => Promise<Map<string, string>>;

/**
 * A crash test's world: the server built as `npm start` runs it, the api only (the jobs run in the
 * worker processes the test starts and kills), seeded and with `usernames` signed in, as
 * `startDemoWorld` gives a test that runs its jobs in-process. `env` is for the api and every
 * worker alike; `stop` ends whatever is still running.
 */
export interface CrashWorld extends DemoWorld {
  startWorker(options?: WorkerOptions): ChildProcess;
  stop(): Promise<void>;
}

export async function crashWorld(
  usernames: readonly string[],
  { seed = seedDemoOrganisation, env = {} }: { seed?: Seed; env?: Record<string, string> } = {},
): Promise<CrashWorld> {
  execFileSync('npx', ['tsc', '-b', 'packages/rules'], { cwd: root, stdio: 'ignore' });
  execFileSync('npm', ['run', 'build', '-w', '@paddock/server', '--silent'], { cwd: root, stdio: 'ignore' });
  const t = await startTestApp({ ...env, PROCESS_ROLE: 'api' });
  let folders: Map<string, string>;
  let people: SignedIn[];
  try {
    folders = await seed(t);
    people = await Promise.all(usernames.map((u) => as(t, u)));
  } catch (error) {
    // The test file gets no world to stop: the app it would leave running keeps Jest from exiting.
    await t.close();
    throw error;
  }
  const children: ChildProcess[] = [];
  return {
    t,
    folders,
    people,
    startWorker: (options: WorkerOptions = {}) => {
      const child = startWorker(t, { ...options, env: { ...env, ...options.env } });
      children.push(child);
      return child;
    },
    stop: async () => {
      for (const child of children) {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited(child);
      }
      await t.close();
    },
  };
}

/** Waits until the job's record says it got at least `percent` done: a crash test's moment to strike. */
export async function progressReached(t: TestApp, jobId: string, percent: number): Promise<void> {
  for (const deadline = Date.now() + 120_000; ;) {
    const { progress } = await hubDb(t).jobRecord.findUniqueOrThrow({ where: { id: jobId } });
    if (progress >= percent) return;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still at ${progress} %`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
