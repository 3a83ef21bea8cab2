import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'pg';
import { MIGRATION_SETS, checksumOf, migrate, type MigrationSet } from '../../src/database/migrator';
import { connect, createEmptyDatabase, type TestDatabase } from '../support/databases';

function migrationsOf(set: MigrationSet): string[] {
  return readdirSync(set.dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** The runner that applies prisma/migrations and keeps Prisma's `_prisma_migrations` (ARCHITECTURE §1). */
describe('the migrator on real PostgreSQL', () => {
  let db: TestDatabase;
  let client: Client;
  beforeAll(async () => {
    db = await createEmptyDatabase();
    client = await connect(db.url);
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  const all = MIGRATION_SETS.flatMap((set) => migrationsOf(set).map((name) => `${set.schema}/${name}`));

  it('applies every migration of every set to an empty database, in order', async () => {
    expect(all.length).toBeGreaterThan(1);
    expect(await migrate(db.url)).toEqual({ applied: all, alreadyApplied: 0 });
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(db.url)).toEqual({ applied: [], alreadyApplied: all.length });
  });

  it('keeps _prisma_migrations exactly as Prisma Migrate does', async () => {
    for (const set of MIGRATION_SETS) {
      const { rows: columns } = await client.query<{
        column: string;
        type: string;
        not_null: boolean;
        default: string | null;
      }>(
        `SELECT a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
                pg_get_expr(d.adbin, d.adrelid) AS default
           FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
        [`"${set.schema}"."_prisma_migrations"`],
      );
      expect(columns).toEqual([
        { column: 'id', type: 'character varying(36)', not_null: true, default: null },
        { column: 'checksum', type: 'character varying(64)', not_null: true, default: null },
        { column: 'finished_at', type: 'timestamp with time zone', not_null: false, default: null },
        { column: 'migration_name', type: 'character varying(255)', not_null: true, default: null },
        { column: 'logs', type: 'text', not_null: false, default: null },
        { column: 'rolled_back_at', type: 'timestamp with time zone', not_null: false, default: null },
        { column: 'started_at', type: 'timestamp with time zone', not_null: true, default: 'now()' },
        { column: 'applied_steps_count', type: 'integer', not_null: true, default: '0' },
      ]);

      const { rows } = await client.query<{
        id: string;
        checksum: string;
        finished_at: Date | null;
        migration_name: string;
        logs: string | null;
        rolled_back_at: Date | null;
        started_at: Date;
        applied_steps_count: number;
      }>(`SELECT * FROM "${set.schema}"."_prisma_migrations" ORDER BY migration_name`);
      const names = migrationsOf(set);
      expect(rows.map((r) => r.migration_name)).toEqual(names);
      for (const r of rows) {
        const sql = readFileSync(join(set.dir, r.migration_name, 'migration.sql'), 'utf8');
        expect(r).toMatchObject({
          id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
          checksum: checksumOf(sql),
          finished_at: expect.any(Date),
          logs: null,
          rolled_back_at: null,
          applied_steps_count: 1,
        });
        expect(r.checksum).toMatch(/^[0-9a-f]{64}$/);
        expect(r.finished_at!.getTime()).toBeGreaterThanOrEqual(r.started_at.getTime());
      }
    }
  });
});

describe('the migrator with a migration set of its own', () => {
  let tmp: string;
  let set: MigrationSet;
  let db: TestDatabase;
  let client: Client;
  const hub = MIGRATION_SETS.find((s) => s.schema === 'hub') as MigrationSet;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'paddock-migrations-'));
    cpSync(hub.dir, tmp, { recursive: true });
    set = { dir: tmp, schema: 'hub' };
    db = await createEmptyDatabase();
    client = await connect(db.url);
    await migrate(db.url, [set]);
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  const count = async () =>
    Number(
      (await client.query<{ n: string }>('SELECT count(*) AS n FROM hub._prisma_migrations')).rows[0]?.n,
    );

  it('applies only a migration added later', async () => {
    const before = await count();
    mkdirSync(join(tmp, '29990101000000_add_note'));
    writeFileSync(
      join(tmp, '29990101000000_add_note', 'migration.sql'),
      'ALTER TABLE "hub"."session" ADD COLUMN "note" TEXT;\n',
    );
    expect(await migrate(db.url, [set])).toEqual({
      applied: ['hub/29990101000000_add_note'],
      alreadyApplied: before,
    });
    expect(await count()).toBe(before + 1);
  });

  it('rolls back a failing migration whole, records nothing, and applies it once fixed', async () => {
    const before = await count();
    const dir = join(tmp, '29990102000000_broken');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'migration.sql'),
      'CREATE TABLE "hub"."half" ("id" TEXT);\nSELECT * FROM "hub"."no_such_table";\n',
    );
    await expect(migrate(db.url, [set])).rejects.toThrow(
      /hub\/29990102000000_broken failed: .*no_such_table/,
    );
    expect(await count()).toBe(before);
    expect((await client.query(`SELECT to_regclass('hub.half') AS t`)).rows[0]).toEqual({ t: null });

    writeFileSync(join(dir, 'migration.sql'), 'CREATE TABLE "hub"."half" ("id" TEXT);\n');
    expect((await migrate(db.url, [set])).applied).toEqual(['hub/29990102000000_broken']);
  });

  it('refuses a migration changed after it was applied, and applies nothing', async () => {
    const first = readdirSync(tmp)
      .filter((n) => /^\d{14}_/.test(n))
      .sort()[0] as string;
    const before = await count();
    mkdirSync(join(tmp, '29990103000000_after_the_change'));
    writeFileSync(
      join(tmp, '29990103000000_after_the_change', 'migration.sql'),
      'CREATE TABLE "hub"."later" ("id" TEXT);\n',
    );
    appendFileSync(join(tmp, first, 'migration.sql'), '\n-- edited after apply\n');
    await expect(migrate(db.url, [set])).rejects.toThrow(
      `Migration hub/${first} was changed after it was applied; add a new migration instead.`,
    );
    expect(await count()).toBe(before);
    expect((await client.query(`SELECT to_regclass('hub.later') AS t`)).rows[0]).toEqual({ t: null });
  });

  it('lets concurrent runs apply each migration once', async () => {
    const fresh = await createEmptyDatabase();
    try {
      const results = await Promise.all([
        migrate(fresh.url, [hub]),
        migrate(fresh.url, [hub]),
        migrate(fresh.url, [hub]),
      ]);
      const names = migrationsOf(hub).map((n) => `hub/${n}`);
      expect(results.flatMap((r) => r.applied).sort()).toEqual(names);
      const c = await connect(fresh.url);
      try {
        expect(Number((await c.query('SELECT count(*) AS n FROM hub._prisma_migrations')).rows[0].n)).toBe(
          names.length,
        );
      } finally {
        await c.end();
      }
    } finally {
      await fresh.drop();
    }
  });
});
