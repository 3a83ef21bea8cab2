import { Redis } from 'ioredis';
import { adminUrl, connect } from '../support/databases';
import { chooseServiceSource } from '../support/test-services';

const never = () => Promise.reject(new Error('the Docker engine is not asked when forced'));

describe('where integration tests find PostgreSQL and Redis (PADDOCK_TESTCONTAINERS)', () => {
  it('takes containers when a Docker engine answers, the running services when none does', async () => {
    await expect(chooseServiceSource(undefined, () => Promise.resolve(true))).resolves.toBe('containers');
    await expect(chooseServiceSource(undefined, () => Promise.resolve(false))).resolves.toBe('running');
    await expect(chooseServiceSource('', () => Promise.resolve(false))).resolves.toBe('running');
  });

  it('follows the switch without asking the engine, and refuses anything but 0 or 1', async () => {
    await expect(chooseServiceSource('1', never)).resolves.toBe('containers');
    await expect(chooseServiceSource('0', never)).resolves.toBe('running');
    await expect(chooseServiceSource('yes', never)).rejects.toThrow('PADDOCK_TESTCONTAINERS must be 0 or 1');
  });

  it('runs this file on the services the global setup chose', async () => {
    const source = process.env.PADDOCK_TEST_SERVICES;
    expect(['containers', 'running']).toContain(source);
    // The server's own maintenance database: DATABASE_URL's database need not exist (CI names one).
    const db = await connect(adminUrl());
    // Inside a container the server's own address is the container's, not the loopback.
    const { rows } = await db.query<{ addr: string | null }>('SELECT host(inet_server_addr()) AS addr');
    await db.end();
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const redisPort = Number(/tcp_port:(\d+)/.exec(await redis.info('server'))?.[1]);
    redis.disconnect();
    if (source === 'containers') {
      expect(rows[0].addr).not.toBe('127.0.0.1');
      expect(new URL(process.env.REDIS_URL ?? '').port).not.toBe(String(redisPort));
    } else {
      expect(new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').port || '6379').toBe(
        String(redisPort),
      );
    }
  });
});
