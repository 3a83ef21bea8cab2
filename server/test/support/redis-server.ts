import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { freePort } from './free-port';
import { exited } from './worker-process';

/**
 * A test's own `redis-server` on a free loopback port, persisting as production does (AOF, fsync
 * every second), that the test may stop and start again on the same port and data directory:
 * the machine's Redis is never touched.
 */
export class OwnRedis {
  private child?: ChildProcess;
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort(), await mkdtemp(join(tmpdir(), 'paddock-redis-')));
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server on its port and data, and waits until it answers. */
  async up(): Promise<void> {
    this.child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--save',
        '',
      ],
      { stdio: 'ignore' },
    );
    for (const deadline = Date.now() + 20_000; ;) {
      const probe = new Redis(this.url, {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      try {
        await probe.connect();
        if ((await probe.ping()) === 'PONG') return;
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server on ${this.port} did not start`);
        await new Promise((r) => setTimeout(r, 100));
      } finally {
        probe.disconnect();
      }
    }
  }

  /** Stops the server as a restart by an operator does (SIGTERM: it flushes its AOF first). */
  async down(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    await exited(child);
    this.child = undefined;
  }

  async stop(): Promise<void> {
    await this.down();
    await rm(this.dir, { recursive: true, force: true });
  }
}
