import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATION_SETS, checksumOf, ensureDatabase, migrate, type MigrationSet } from './migrator';

interface Query {
  text: string;
  params?: unknown[];
  database: string;
}

/** A scripted stand-in for pg's Client: records every query; `answer` decides each result. */
const mockPg = {
  queries: [] as Query[],
  ended: 0,
  answer: (_q: Query): { rows: unknown[]; rowCount?: number } => ({ rows: [] }),
};

jest.mock('pg', () => ({
  Client: class {
    private readonly database: string;
    constructor(options: { connectionString: string }) {
      this.database = new URL(options.connectionString).pathname.slice(1);
    }
    async connect() {}
    async end() {
      mockPg.ended += 1;
    }
    async query(text: string, params?: unknown[]) {
      const q = { text: text.replace(/\s+/g, ' ').trim(), params, database: this.database };
      mockPg.queries.push(q);
      return mockPg.answer(q);
    }
  },
}));

const URL_ = 'postgresql://postgres@127.0.0.1:5432/paddock_unit';

function migrationSet(files: Record<string, string>): MigrationSet {
  const dir = mkdtempSync(join(tmpdir(), 'paddock-migrator-spec-'));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'migration.sql'), sql);
  }
  return { dir, schema: 'hub' };
}

/** Answers `SELECT … FROM _prisma_migrations` with `recorded`, fails any query matching `failOn`. */
function database(
  recorded: { migration_name: string; checksum: string; finished_at: Date | null }[],
  failOn?: RegExp,
) {
  mockPg.answer = (q) => {
    if (failOn?.test(q.text)) throw new Error('syntax error at or near "BROKEN"');
    if (q.text.startsWith('SELECT migration_name')) return { rows: recorded };
    return { rows: [] };
  };
}

const texts = () => mockPg.queries.map((q) => q.text);
const sets: MigrationSet[] = [];

beforeEach(() => {
  mockPg.queries = [];
  mockPg.ended = 0;
  database([]);
});
afterAll(() => {
  for (const s of sets) rmSync(s.dir, { recursive: true, force: true });
});

function track(set: MigrationSet): MigrationSet {
  sets.push(set);
  return set;
}

describe('checksumOf', () => {
  it("is the SHA-256 of the migration file in hex, as Prisma's checksum column holds", () => {
    expect(checksumOf('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const sql = 'CREATE TABLE "hub"."x" ("id" TEXT);\n';
    expect(checksumOf(sql)).toBe(createHash('sha256').update(sql).digest('hex'));
  });
});

describe('MIGRATION_SETS', () => {
  it('point at the two Prisma migration folders, each in its own schema', () => {
    expect(MIGRATION_SETS.map((s) => s.schema)).toEqual(['hub', 'provider']);
    for (const set of MIGRATION_SETS) {
      expect(existsSync(set.dir)).toBe(true);
      expect(readFileSync(join(set.dir, 'migration_lock.toml'), 'utf8')).toMatch(/provider = "postgresql"/);
    }
  });

  it("hold only folders in Prisma's layout, <14-digit timestamp>_<name>/migration.sql, each timestamp once", () => {
    for (const set of MIGRATION_SETS) {
      const folders = readdirSync(set.dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
      expect(folders.length).toBeGreaterThan(0);
      for (const name of folders) {
        expect(name).toMatch(/^\d{14}_[a-z0-9_]+$/);
        expect(existsSync(join(set.dir, name, 'migration.sql'))).toBe(true);
      }
      const stamps = folders.map((n) => n.slice(0, 14));
      expect(new Set(stamps).size).toBe(stamps.length);
    }
  });
});

describe('migrate', () => {
  it('applies pending migrations in name order, each in its own transaction with its bookkeeping row', async () => {
    const set = track(
      migrationSet({ '20260102000000_second': 'SELECT 2;', '20260101000000_first': 'SELECT 1;' }),
    );
    expect(await migrate(URL_, [set])).toEqual({
      applied: ['hub/20260101000000_first', 'hub/20260102000000_second'],
      alreadyApplied: 0,
    });
    const q = texts();
    expect(q[0]).toBe('SELECT pg_advisory_lock($1)');
    expect(q).toContain('CREATE SCHEMA IF NOT EXISTS "hub"');
    const body = q.slice(q.findIndex((t) => t.startsWith('SELECT migration_name')) + 1);
    expect(body.map((t) => (t.startsWith('INSERT INTO "hub"."_prisma_migrations"') ? 'INSERT' : t))).toEqual([
      'BEGIN',
      'SELECT 1;',
      'INSERT',
      'COMMIT',
      'BEGIN',
      'SELECT 2;',
      'INSERT',
      'COMMIT',
      'SELECT pg_advisory_unlock($1)',
    ]);
    const inserts = mockPg.queries.filter((x) => x.text.startsWith('INSERT'));
    expect(inserts.map((x) => x.params?.slice(1))).toEqual([
      [checksumOf('SELECT 1;'), '20260101000000_first'],
      [checksumOf('SELECT 2;'), '20260102000000_second'],
    ]);
    expect(inserts[0]?.text).toContain('finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), 1)');
    expect(mockPg.ended).toBe(1);
  });

  it('skips what was applied with the same checksum', async () => {
    const set = track(
      migrationSet({ '20260101000000_first': 'SELECT 1;', '20260102000000_second': 'SELECT 2;' }),
    );
    database([
      { migration_name: '20260101000000_first', checksum: checksumOf('SELECT 1;'), finished_at: new Date() },
    ]);
    expect(await migrate(URL_, [set])).toEqual({ applied: ['hub/20260102000000_second'], alreadyApplied: 1 });
    expect(texts()).not.toContain('SELECT 1;');
  });

  it('refuses a migration changed after it was applied, before applying anything', async () => {
    const set = track(
      migrationSet({ '20260101000000_first': 'SELECT 1; -- edited', '20260102000000_second': 'SELECT 2;' }),
    );
    database([
      { migration_name: '20260101000000_first', checksum: checksumOf('SELECT 1;'), finished_at: new Date() },
    ]);
    await expect(migrate(URL_, [set])).rejects.toThrow(
      'Migration hub/20260101000000_first was changed after it was applied; add a new migration instead.',
    );
    expect(texts()).not.toContain('BEGIN');
    expect(texts().at(-1)).toBe('SELECT pg_advisory_unlock($1)');
    expect(mockPg.ended).toBe(1);
  });

  it('refuses to go on past a migration that started and never finished', async () => {
    const set = track(migrationSet({ '20260101000000_first': 'SELECT 1;' }));
    database([
      { migration_name: '20260101000000_first', checksum: checksumOf('SELECT 1;'), finished_at: null },
    ]);
    await expect(migrate(URL_, [set])).rejects.toThrow(/20260101000000_first failed earlier/);
  });

  it('rolls a failing migration back, names it, stops there and still releases the lock', async () => {
    const set = track(
      migrationSet({ '20260101000000_first': 'BROKEN;', '20260102000000_second': 'SELECT 2;' }),
    );
    database([], /^BROKEN/);
    await expect(migrate(URL_, [set])).rejects.toThrow(
      'Migration hub/20260101000000_first failed: syntax error at or near "BROKEN"',
    );
    const q = texts();
    expect(q.slice(q.indexOf('BEGIN'))).toEqual([
      'BEGIN',
      'BROKEN;',
      'ROLLBACK',
      'SELECT pg_advisory_unlock($1)',
    ]);
    expect(mockPg.ended).toBe(1);
  });

  it('ignores folders without migration.sql', async () => {
    const set = track(migrationSet({ '20260101000000_first': 'SELECT 1;' }));
    mkdirSync(join(set.dir, 'notes'));
    expect((await migrate(URL_, [set])).applied).toEqual(['hub/20260101000000_first']);
  });
});

describe('ensureDatabase', () => {
  it('creates the database when it is missing, from the maintenance database', async () => {
    mockPg.answer = () => ({ rows: [], rowCount: 0 });
    expect(await ensureDatabase(URL_)).toBe(true);
    expect(mockPg.queries.map((q) => [q.database, q.text])).toEqual([
      ['postgres', 'SELECT 1 FROM pg_database WHERE datname = $1'],
      ['postgres', 'CREATE DATABASE "paddock_unit"'],
    ]);
  });

  it('leaves an existing database alone', async () => {
    mockPg.answer = () => ({ rows: [{}], rowCount: 1 });
    expect(await ensureDatabase(URL_)).toBe(false);
    expect(texts()).toEqual(['SELECT 1 FROM pg_database WHERE datname = $1']);
  });

  it('refuses a database name it would have to quote', async () => {
    await expect(ensureDatabase('postgresql://127.0.0.1/bad%22name')).rejects.toThrow(
      'Unsupported database name',
    );
    expect(texts()).toEqual([]);
  });
});
