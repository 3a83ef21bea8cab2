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

function runTemplate(): string {
  const template = process.env.PADDOCK_TEST_TEMPLATE;
  if (!template)
    throw new Error('PADDOCK_TEST_TEMPLATE is not set: run integration tests through jest (global-setup).');
  return template;
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A new database copied from `template`, named after the run's template so the global teardown
 * drops it even if a test dies first.
 */
async function createDatabase(template: string, tag: string): Promise<TestDatabase> {
  const name = `${runTemplate()}_${tag}${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = new URL(baseDatabaseUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** A fresh, migrated database for one test file, cloned from the run's template. */
export function createTestDatabase(): Promise<TestDatabase> {
  return createDatabase(runTemplate(), 'f');
}

/** A brand-new database with nothing in it (template0: not even what template1 may hold). */
export function createEmptyDatabase(): Promise<TestDatabase> {
  return createDatabase('template0', 'fe');
}

/** A connected client on `url`, ended by `end()`. */
export async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

/** A Redis key prefix of one test file, so parallel files and runs never share queues. */
export function testRedisPrefix(): string {
  return `paddock-test:${process.pid}:${randomBytes(3).toString('hex')}`;
}
