import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/**
 * Applies the SQL migrations in Prisma's folder layout and keeps Prisma's own bookkeeping table,
 * so `prisma migrate deploy` agrees with us wherever its schema engine can run (ARCHITECTURE §1).
 */
export interface MigrationSet {
  /** Folder of `<timestamp>_<name>/migration.sql`. */
  dir: string;
  /** PostgreSQL schema that holds the set's tables and its `_prisma_migrations`. */
  schema: string;
}

const ROOT = resolve(__dirname, '../../..');

export const MIGRATION_SETS: MigrationSet[] = [
  { dir: join(ROOT, 'prisma/migrations'), schema: 'hub' },
  { dir: join(ROOT, 'prisma/provider/migrations'), schema: 'provider' },
];

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

const LOCK_KEY = 72_616_363; // any constant: one migrator at a time per database

export function checksumOf(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

function migrationsIn(dir: string): { name: string; sql: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => ({ name: d.name, sql: readFileSync(join(dir, d.name, 'migration.sql'), 'utf8') }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function migrate(
  databaseUrl: string,
  sets: MigrationSet[] = MIGRATION_SETS,
): Promise<MigrationResult> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const result: MigrationResult = { applied: [], alreadyApplied: 0 };
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    for (const set of sets) await applySet(client, set, result);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
  return result;
}

async function applySet(client: Client, set: MigrationSet, result: MigrationResult): Promise<void> {
  const table = `"${set.schema}"."_prisma_migrations"`;
  await client.query(`CREATE SCHEMA IF NOT EXISTS "${set.schema}"`);
  // The exact shape Prisma Migrate creates.
  await client.query(`CREATE TABLE IF NOT EXISTS ${table} (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
  )`);
  const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
    `SELECT migration_name, checksum, finished_at FROM ${table} WHERE rolled_back_at IS NULL`,
  );
  const done = new Map(rows.map((r) => [r.migration_name, r]));
  for (const m of migrationsIn(set.dir)) {
    const previous = done.get(m.name);
    if (previous?.finished_at) {
      if (previous.checksum !== checksumOf(m.sql))
        throw new Error(
          `Migration ${set.schema}/${m.name} was changed after it was applied; add a new migration instead.`,
        );
      result.alreadyApplied += 1;
      continue;
    }
    if (previous)
      throw new Error(`Migration ${set.schema}/${m.name} failed earlier; resolve it before migrating again.`);
    const id = randomUUID();
    await client.query('BEGIN');
    try {
      await client.query(m.sql);
      await client.query(
        `INSERT INTO ${table} (id, checksum, migration_name, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), 1)`,
        [id, checksumOf(m.sql), m.name],
      );
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK');
      throw new Error(`Migration ${set.schema}/${m.name} failed: ${(e as Error).message}`);
    }
    result.applied.push(`${set.schema}/${m.name}`);
  }
}

/** Creates the database named in the URL when it does not exist yet (a fresh machine). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Unsupported database name "${name}"`);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    await client.query(`CREATE DATABASE "${name}"`);
    return true;
  } finally {
    await client.end();
  }
}
