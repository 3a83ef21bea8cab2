import { Client } from 'pg';
import { ensureDatabase, migrate } from '../src/database/migrator';
import { adminUrl, baseDatabaseUrl, templateName } from './support/databases';

/** One migrated template database per run; each test file clones it (CONVENTIONS §15). */
export default async function globalSetup(): Promise<void> {
  const name = templateName();
  process.env.PADDOCK_TEST_TEMPLATE = name;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  const url = new URL(baseDatabaseUrl());
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString());
  await migrate(url.toString());
}
