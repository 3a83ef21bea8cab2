import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { adminUrl, baseDatabaseUrl } from '../support/databases';

export interface EmptyDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A brand-new database with nothing in it (template0: not even what template1 may hold), unlike
 * createTestDatabase() which clones the migrated template. Named after the run's template so the
 * global teardown drops it even if a test dies first.
 */
export async function createEmptyDatabase(): Promise<EmptyDatabase> {
  const run = process.env.PADDOCK_TEST_TEMPLATE;
  if (!run)
    throw new Error('PADDOCK_TEST_TEMPLATE is not set: run integration tests through jest (global-setup).');
  const name = `${run}_fe${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: adminUrl() });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A connected client on `url`, ended by `end()`. */
export async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}
