import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The PostgreSQL server integration tests use: DATABASE_URL's server, never its database. */
export function baseDatabaseUrl(): string {
  return process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/paddock';
}

export function adminUrl(): string {
  const url = new URL(baseDatabaseUrl());
  url.pathname = '/postgres';
  return url.toString();
}

export function templateName(): string {
  return `paddock_test_${process.pid}`;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file, cloned from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = process.env.PADDOCK_TEST_TEMPLATE;
  if (!template)
    throw new Error('PADDOCK_TEST_TEMPLATE is not set: run integration tests through jest (global-setup).');
  const name = `${template}_f${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
  const url = new URL(baseDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A Redis key prefix of one test file, so parallel files and runs never share queues. */
export function testRedisPrefix(): string {
  return `paddock-test:${process.pid}:${randomBytes(3).toString('hex')}`;
}
