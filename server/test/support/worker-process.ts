import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { TestApp } from './test-app';

const root = join(__dirname, '../../..');

/** A worker process as `npm start` runs one (PROCESS_ROLE=worker), on the test app's database and Redis. */
export function startWorker(t: TestApp): ChildProcess {
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
    },
    stdio: 'ignore',
  });
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}
