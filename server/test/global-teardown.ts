import { Client } from 'pg';
import { adminUrl } from './support/databases';

export default async function globalTeardown(): Promise<void> {
  // The run's own containers go with everything in them.
  if (globalThis.paddockTestServices) return globalThis.paddockTestServices.stop();
  const name = process.env.PADDOCK_TEST_TEMPLATE;
  if (!name) return;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
    [name, `${name}_f%`],
  );
  for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
  await admin.end();
}
