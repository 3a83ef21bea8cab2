import { Client } from 'pg';
import { ensureDatabase, migrate } from '../src/database/migrator';
import { adminUrl, baseDatabaseUrl, templateName } from './support/databases';
import {
  chooseServiceSource,
  dockerReachable,
  startTestContainers,
  type TestServices,
} from './support/test-services';

declare global {
  // Read by the global teardown, which runs in the same process.
  var paddockTestServices: TestServices | undefined;
}

/**
 * PostgreSQL and Redis from testcontainers when a Docker engine answers, else the running ones
 * (PADDOCK_TESTCONTAINERS forces either); test files read them from DATABASE_URL and REDIS_URL,
 * which Jest's workers inherit. Then one migrated template database per run; each test file
 * clones it (CONVENTIONS §15).
 */
export default async function globalSetup(): Promise<void> {
  const source = await chooseServiceSource(process.env.PADDOCK_TESTCONTAINERS, dockerReachable);
  process.env.PADDOCK_TEST_SERVICES = source;
  if (source === 'containers') {
    const services = await startTestContainers();
    globalThis.paddockTestServices = services;
    process.env.DATABASE_URL = services.databaseUrl;
    process.env.REDIS_URL = services.redisUrl;
    console.log(`\nIntegration tests on testcontainers: ${services.images.join(', ')}`);
  }
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
