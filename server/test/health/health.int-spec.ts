import { Redis } from 'ioredis';
import { producerConnectionOptions } from '../../src/common/redis/redis-connection';
import { HEALTH_PROBE_TIMEOUT_MS } from '../../src/health/health.service';
import { JobQueues } from '../../src/jobs/job-queues';
import { freePort } from '../support/free-port';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/** What a health answer may not reveal to anyone who asks. */
function expectNothingSensitive(text: string, t: TestApp): void {
  const db = new URL(t.config.DATABASE_URL);
  for (const secret of [
    db.pathname.slice(1),
    t.config.REDIS_URL,
    t.config.PROVIDER_SERVICE_PASSWORD,
    '127.0.0.1',
  ])
    expect(text).not.toContain(secret);
  expect(text).not.toMatch(/\n\s+at /);
}

describe('GET /api/health names the dependency that is down (issue 25)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with every dependency ok, without a session', async () => {
    const res = await fetch(`${t.url}/api/health`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(text)).toEqual({
      status: 'ok',
      checks: {
        database: { status: 'ok' },
        redis: { status: 'ok' },
        provider: { status: 'ok' },
        blobStore: { status: 'ok' },
      },
    });
    expectNothingSensitive(text, t);
  });

  it('answers 503 naming Redis, within a bounded time, when Redis is on a closed port', async () => {
    // The app needs Redis to boot: Redis "goes down" under it, its job connection pointed at a port nothing listens on.
    const queues = t.app.get(JobQueues);
    const live: unknown = Reflect.get(queues, 'connection');
    const dead = new Redis(`redis://127.0.0.1:${await freePort()}`, producerConnectionOptions());
    dead.on('error', () => undefined);
    Reflect.set(queues, 'connection', dead);
    try {
      const started = performance.now();
      const res = await fetch(`${t.url}/api/health`);
      const elapsed = performance.now() - started;
      const text = await res.text();
      expect(res.status).toBe(503);
      expect(JSON.parse(text)).toEqual({
        status: 'down',
        checks: {
          database: { status: 'ok' },
          redis: { status: 'down', reason: expect.any(String) },
          provider: { status: 'ok' },
          blobStore: { status: 'ok' },
        },
      });
      expect(elapsed).toBeLessThan(HEALTH_PROBE_TIMEOUT_MS + 1_000);
      expectNothingSensitive(text, t);
    } finally {
      Reflect.set(queues, 'connection', live);
      dead.disconnect();
    }
  });
});
