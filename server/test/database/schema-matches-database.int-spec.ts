import { join } from 'node:path';
import type { Client } from 'pg';
import { MIGRATION_SETS, migrate } from '../../src/database/migrator';
import { connect, createEmptyDatabase, type TestDatabase } from '../support/databases';
import { diffShapes, shapeOfDatabase, shapeOfPrismaSchema } from './schema-drift';

const ROOT = join(__dirname, '../../..');
const PRISMA_SCHEMAS = [
  { file: join(ROOT, 'prisma/schema.prisma'), schema: 'hub', migrations: join(ROOT, 'prisma/migrations') },
  {
    file: join(ROOT, 'prisma/provider/schema.prisma'),
    schema: 'provider',
    migrations: join(ROOT, 'prisma/provider/migrations'),
  },
];

/** The differences between one Prisma schema file and the database, as readable lines. */
async function differences(client: Client, file: string): Promise<string[]> {
  const { schemas, shape } = shapeOfPrismaSchema(file);
  return diffShapes(shape, await shapeOfDatabase(client, schemas));
}

function report(file: string, lines: string[]): string {
  return `${file} and its migrations disagree (${lines.length}):\n  - ${lines.join('\n  - ')}`;
}

/**
 * ARCHITECTURE §1: the migrations are hand-written SQL, so this proves that applying all of them
 * to an empty database yields exactly what the Prisma schemas describe.
 */
describe('the Prisma schemas and the migrated database agree', () => {
  let db: TestDatabase;
  let client: Client;
  beforeAll(async () => {
    db = await createEmptyDatabase();
    await migrate(db.url);
    client = await connect(db.url);
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('each schema file has its own PostgreSQL schema and migration set', () => {
    for (const p of PRISMA_SCHEMAS) {
      expect(shapeOfPrismaSchema(p.file).schemas).toEqual([p.schema]);
      expect(MIGRATION_SETS).toContainEqual({ dir: p.migrations, schema: p.schema });
    }
    expect(MIGRATION_SETS).toHaveLength(PRISMA_SCHEMAS.length);
  });

  it.each(PRISMA_SCHEMAS)(
    '$schema: every model, column, type, nullability, default, index and foreign key',
    async (p) => {
      const lines = await differences(client, p.file);
      if (lines.length) throw new Error(report(p.file, lines));
    },
  );
});

/** The comparison itself must see drift, or a green run above would prove nothing. */
describe('the schema comparison finds drift', () => {
  let db: TestDatabase;
  let client: Client;
  beforeAll(async () => {
    db = await createEmptyDatabase();
    await migrate(db.url);
    client = await connect(db.url);
    await client.query(`
      ALTER TABLE hub.disclaimer ALTER COLUMN version DROP NOT NULL;
      ALTER TABLE hub.session ALTER COLUMN created_at TYPE timestamptz(6);
      ALTER TABLE hub.job_record ALTER COLUMN payload TYPE json;
      ALTER TABLE hub.directory_user ADD COLUMN nickname text;
      DROP INDEX hub.session_username_idx;
      DROP INDEX hub.disclaimer_active_created_at_idx;
      CREATE INDEX disclaimer_active_created_at_idx ON hub.disclaimer (created_at, active);
      ALTER TABLE hub.audit_record DROP CONSTRAINT audit_record_job_id_fkey,
        ADD CONSTRAINT audit_record_job_id_fkey FOREIGN KEY (job_id) REFERENCES hub.job_record (id)
          ON DELETE CASCADE ON UPDATE CASCADE;
      CREATE TABLE hub.stray (id integer);
      ALTER TABLE provider."user" ALTER COLUMN active DROP DEFAULT;
      DROP INDEX provider.user_username_key;
      CREATE INDEX user_username_key ON provider."user" (username);
      DROP TABLE provider.token;
    `);
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('names each difference in the hub schema', async () => {
    expect((await differences(client, PRISMA_SCHEMAS[0]!.file)).sort()).toEqual(
      [
        'hub.disclaimer.version (Disclaimer.version): nullability — schema NOT NULL, database NULL',
        'hub.session.created_at (Session.createdAt): type — schema timestamp(3) with time zone, database timestamp(6) with time zone',
        'hub.job_record.payload (JobRecord.payload): type — schema jsonb, database json',
        'hub.directory_user.nickname: column not in the schema',
        'hub.session: index (username) "session_username_idx" missing (Session @@index)',
        'hub.disclaimer: index "disclaimer_active_created_at_idx" — schema index (active, created_at), database index (created_at, active)',
        'hub.audit_record: foreign key "audit_record_job_id_fkey" — schema (job_id) → hub.job_record(id) ON DELETE SET NULL ON UPDATE CASCADE, database (job_id) → hub.job_record(id) ON DELETE CASCADE ON UPDATE CASCADE',
        'hub.stray: table not in the schema',
      ].sort(),
    );
  });

  it('names each difference in the provider schema', async () => {
    expect((await differences(client, PRISMA_SCHEMAS[1]!.file)).sort()).toEqual(
      [
        'provider.user.active (User.active): default — schema value:true, database none',
        'provider.user: index "user_username_key" — schema unique index (username), database index (username)',
        'provider.token: table missing (model Token)',
      ].sort(),
    );
  });
});
