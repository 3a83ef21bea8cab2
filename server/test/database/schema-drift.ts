import { readFileSync } from 'node:fs';
import { get_config, get_dmmf } from '@prisma/prisma-schema-wasm';
import type { Client } from 'pg';

/**
 * Compares a Prisma schema with a live PostgreSQL database, the way `prisma migrate diff` would
 * if its schema engine could run here (ARCHITECTURE §1): tables, columns (type, nullability,
 * default), enums, indexes (kind, columns in order, sort order, operator class, method) and
 * foreign keys (columns, target, referential actions), by their database names. The result is a
 * list of differences, each one line naming what the schema says and what the database has.
 *
 * Not visible in the DMMF, hence not checked: a custom foreign-key name (`@relation(map:)`) and
 * datasource extensions.
 */

// ---- the DMMF, as far as this comparison reads it ---------------------------------------------

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum' | 'unsupported';
  isList: boolean;
  isRequired: boolean;
  type: string;
  nativeType?: [string, string[]] | null;
  hasDefaultValue: boolean;
  default?: unknown;
  isUpdatedAt: boolean;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}

interface DmmfModel {
  name: string;
  dbName: string | null;
  schema?: string | null;
  fields: DmmfField[];
}

interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  dbName?: string | null;
  algorithm?: string;
  fields: { name: string; sortOrder?: 'asc' | 'desc'; operatorClass?: string }[];
}

interface DmmfEnum {
  name: string;
  dbName?: string | null;
  values: { name: string; dbName?: string | null }[];
}

interface Dmmf {
  datamodel: { models: DmmfModel[]; enums: DmmfEnum[]; indexes: DmmfIndex[] };
}

interface SchemaConfig {
  config: { datasources: { provider: string; schemas?: string[] }[] };
}

// ---- one shape for both sides ------------------------------------------------------------------

export interface ColumnShape {
  /** `format_type()` spelling, or `enum <name>` (with `[]` for a list). */
  type: string;
  /** null: either is fine (Prisma renders scalar lists without NOT NULL, and reads either). */
  notNull: boolean | null;
  /** Canonical default: `now()`, `autoincrement()`, `value:<text>`, `list:[…]`, `expr:<sql>`, or null for none. */
  default: string | null;
  /** Where the expectation comes from, for messages. */
  origin?: string;
}

export interface IndexColumnShape {
  column: string;
  desc: boolean;
  /** The operator class when it is not the type's default; undefined = default. */
  opclass?: string;
}

export interface IndexShape {
  kind: 'primary key' | 'unique index' | 'index';
  columns: IndexColumnShape[];
  method: string;
  predicate: string | null;
  origin?: string;
}

export interface ForeignKeyShape {
  columns: string[];
  references: string;
  onDelete: string;
  onUpdate: string;
  origin?: string;
}

export interface TableShape {
  columns: Map<string, ColumnShape>;
  indexes: Map<string, IndexShape>;
  foreignKeys: Map<string, ForeignKeyShape>;
  origin?: string;
}

export interface DatabaseShape {
  /** `schema.table` → table. */
  tables: Map<string, TableShape>;
  /** `schema.type` → labels in order. */
  enums: Map<string, string[]>;
}

export interface PrismaSchemaShape {
  /** The PostgreSQL schemas the Prisma schema's datasource uses. */
  schemas: string[];
  shape: DatabaseShape;
}

const PG_IDENTIFIER_MAX = 63;

/** Prisma's default constraint names (psl ConstraintNames): `{table}[_{columns}]{suffix}`, cut to 63. */
export function prismaConstraintName(
  table: string,
  columns: string[],
  suffix: '_pkey' | '_key' | '_idx' | '_fkey',
) {
  const base = columns.length ? `${table}_${columns.join('_')}` : table;
  const room = PG_IDENTIFIER_MAX - suffix.length;
  return `${base.length >= room ? base.slice(0, room) : base}${suffix}`;
}

const SCALAR_TYPES: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Float: 'double precision',
  Decimal: 'numeric(65,30)',
  Boolean: 'boolean',
  DateTime: 'timestamp(3) without time zone',
  Json: 'jsonb',
  Bytes: 'bytea',
};

const NATIVE_TYPES: Record<string, (args: string[]) => string> = {
  Text: () => 'text',
  Uuid: () => 'uuid',
  Citext: () => 'citext',
  Inet: () => 'inet',
  Xml: () => 'xml',
  Money: () => 'money',
  Oid: () => 'oid',
  Bytea: () => 'bytea',
  Json: () => 'json',
  JsonB: () => 'jsonb',
  Boolean: () => 'boolean',
  Date: () => 'date',
  Integer: () => 'integer',
  SmallInt: () => 'smallint',
  BigInt: () => 'bigint',
  DoublePrecision: () => 'double precision',
  Real: () => 'real',
  VarChar: (a) => (a.length ? `character varying(${a[0]})` : 'character varying'),
  Char: (a) => `character(${a[0] ?? 1})`,
  Bit: (a) => `bit(${a[0] ?? 1})`,
  VarBit: (a) => (a.length ? `bit varying(${a[0]})` : 'bit varying'),
  Decimal: (a) => (a.length ? `numeric(${a.join(',')})` : 'numeric'),
  Timestamptz: (a) => (a.length ? `timestamp(${a[0]}) with time zone` : 'timestamp with time zone'),
  Timestamp: (a) => (a.length ? `timestamp(${a[0]}) without time zone` : 'timestamp without time zone'),
  Timetz: (a) => (a.length ? `time(${a[0]}) with time zone` : 'time with time zone'),
  Time: (a) => (a.length ? `time(${a[0]}) without time zone` : 'time without time zone'),
};

/** Defaults the client computes: no database default. */
const CLIENT_SIDE_DEFAULTS = new Set(['uuid', 'cuid', 'nanoid', 'ulid']);

const REFERENTIAL_ACTIONS: Record<string, string> = {
  Cascade: 'CASCADE',
  Restrict: 'RESTRICT',
  NoAction: 'NO ACTION',
  SetNull: 'SET NULL',
  SetDefault: 'SET DEFAULT',
};

function expectedDefault(field: DmmfField, enums: Map<string, DmmfEnum>): string | null {
  const d = field.default;
  if (d === undefined || d === null) return null;
  if (Array.isArray(d)) return `list:${JSON.stringify(d.map((v) => literal(v, field, enums)))}`;
  if (typeof d === 'object') {
    const fn = d as { name: string; args: unknown[] };
    if (fn.name === 'now') return 'now()';
    if (fn.name === 'autoincrement') return 'autoincrement()';
    if (CLIENT_SIDE_DEFAULTS.has(fn.name)) return null;
    if (fn.name === 'dbgenerated') return `expr:${normalizeSql(String(fn.args[0] ?? ''))}`;
    return `expr:${fn.name}(${fn.args.join(', ')})`;
  }
  return `value:${literal(d, field, enums)}`;
}

function literal(value: unknown, field: DmmfField, enums: Map<string, DmmfEnum>): string {
  if (field.kind === 'enum') {
    const e = enums.get(field.type);
    const v = e?.values.find((x) => x.name === value);
    return v?.dbName ?? String(value);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function normalizeSql(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim();
}

/** The database a Prisma schema describes, by database names. */
export function shapeOfPrismaSchema(schemaPath: string): PrismaSchemaShape {
  const prismaSchema = readFileSync(schemaPath, 'utf8');
  const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema }))) as Dmmf;
  const config = JSON.parse(
    get_config(JSON.stringify({ prismaSchema, datasourceOverrides: {}, ignoreEnvVarErrors: true, env: {} })),
  ) as SchemaConfig;
  const datasource = config.config.datasources[0];
  if (datasource?.provider !== 'postgresql')
    throw new Error(`${schemaPath}: only PostgreSQL datasources are compared`);
  const schemas = datasource.schemas?.length ? datasource.schemas : ['public'];
  const defaultSchema = schemas[0] as string;
  const { models, enums, indexes } = dmmf.datamodel;
  const enumByName = new Map(enums.map((e) => [e.name, e]));
  const modelByName = new Map(models.map((m) => [m.name, m]));
  const tableOf = (m: DmmfModel) => m.dbName ?? m.name;
  const schemaOf = (m: DmmfModel) => m.schema ?? defaultSchema;
  const columnOf = (m: DmmfModel, fieldName: string) => {
    const f = m.fields.find((x) => x.name === fieldName);
    if (!f) throw new Error(`${m.name}.${fieldName} not found in the DMMF`);
    return f.dbName ?? f.name;
  };

  const shape: DatabaseShape = { tables: new Map(), enums: new Map() };
  // Enums carry no schema in the DMMF: each is expected in one of the datasource's schemas.
  for (const e of enums)
    shape.enums.set(
      `*.${e.dbName ?? e.name}`,
      e.values.map((v) => v.dbName ?? v.name),
    );

  for (const m of models) {
    const table = tableOf(m);
    const t: TableShape = {
      columns: new Map(),
      indexes: new Map(),
      foreignKeys: new Map(),
      origin: `model ${m.name}`,
    };
    shape.tables.set(`${schemaOf(m)}.${table}`, t);
    for (const f of m.fields) {
      if (f.kind === 'object') continue;
      let type: string;
      if (f.kind === 'enum') {
        const e = enumByName.get(f.type);
        type = `enum ${e?.dbName ?? f.type}`;
      } else if (f.nativeType) {
        const render = NATIVE_TYPES[f.nativeType[0]];
        type = render ? render(f.nativeType[1]) : `native ${f.nativeType[0]}(${f.nativeType[1].join(',')})`;
      } else type = SCALAR_TYPES[f.type] ?? `scalar ${f.type}`;
      if (f.isList) type += '[]';
      t.columns.set(f.dbName ?? f.name, {
        type,
        notNull: f.isList ? null : f.isRequired,
        default: expectedDefault(f, enumByName),
        origin: `${m.name}.${f.name}`,
      });
    }
    for (const f of m.fields) {
      if (f.kind !== 'object' || !f.relationFromFields?.length) continue;
      const target = modelByName.get(f.type);
      if (!target) throw new Error(`${m.name}.${f.name}: unknown model ${f.type}`);
      const columns = f.relationFromFields.map((x) => columnOf(m, x));
      const required = f.relationFromFields.every((x) => m.fields.find((y) => y.name === x)?.isRequired);
      t.foreignKeys.set(prismaConstraintName(table, columns, '_fkey'), {
        columns,
        references: `${schemaOf(target)}.${tableOf(target)}(${(f.relationToFields ?? []).map((x) => columnOf(target, x)).join(', ')})`,
        onDelete: REFERENTIAL_ACTIONS[f.relationOnDelete ?? (required ? 'Restrict' : 'SetNull')] ?? '?',
        onUpdate: REFERENTIAL_ACTIONS[f.relationOnUpdate ?? 'Cascade'] ?? '?',
        origin: `${m.name}.${f.name}`,
      });
    }
  }

  for (const idx of indexes) {
    const m = modelByName.get(idx.model);
    if (!m) continue;
    const t = shape.tables.get(`${schemaOf(m)}.${tableOf(m)}`) as TableShape;
    const columns: IndexColumnShape[] = idx.fields.map((f) => ({
      column: columnOf(m, f.name),
      desc: f.sortOrder === 'desc',
      ...(f.operatorClass ? { opclass: operatorClassName(f.operatorClass) } : {}),
    }));
    const names = columns.map((c) => c.column);
    const kind = idx.type === 'id' ? 'primary key' : idx.type === 'unique' ? 'unique index' : 'index';
    const name =
      idx.dbName ??
      (idx.type === 'id'
        ? prismaConstraintName(tableOf(m), [], '_pkey')
        : prismaConstraintName(tableOf(m), names, idx.type === 'unique' ? '_key' : '_idx'));
    t.indexes.set(name, {
      kind,
      columns,
      method: (idx.algorithm ?? 'BTree').toLowerCase(),
      predicate: null,
      origin: `${idx.model} @@${idx.type === 'normal' ? 'index' : idx.type}`,
    });
  }
  return { schemas, shape };
}

/** `JsonbPathOps` → `jsonb_path_ops`; a raw("…") class stays as written. */
function operatorClassName(name: string): string {
  return /^[A-Z]/.test(name) ? name.replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase() : name;
}

// ---- the live database -------------------------------------------------------------------------

/** Tables in `schemas` that belong to no model and are expected anyway. */
export const BOOKKEEPING_TABLES = new Set(['_prisma_migrations']);

function canonicalDefault(expr: string | null): string | null {
  if (expr === null) return null;
  const sql = normalizeSql(expr);
  if (/^nextval\('.+'::regclass\)$/.test(sql)) return 'autoincrement()';
  if (sql === 'CURRENT_TIMESTAMP' || sql === 'now()') return 'now()';
  const array = /^ARRAY\[(.*)\](::.+)?$/.exec(sql);
  if (array) {
    const items = array[1] ? splitTopLevel(array[1]).map((i) => scalarLiteral(i) ?? i) : [];
    return `list:${JSON.stringify(items)}`;
  }
  const arrayLiteral = /^'\{(.*)\}'::.+\[\]$/.exec(sql);
  if (arrayLiteral)
    return `list:${JSON.stringify(arrayLiteral[1] ? arrayLiteral[1].split(',').map((s) => s.replace(/^"(.*)"$/, '$1')) : [])}`;
  const value = scalarLiteral(sql);
  return value === null ? `expr:${sql}` : `value:${value}`;
}

/** `'x'::text` → x, `(-1)` → -1, `true` → true; null when it is not a plain literal. */
function scalarLiteral(sql: string): string | null {
  let s = sql.trim();
  while (/^\(.*\)$/.test(s)) s = s.slice(1, -1).trim();
  const quoted = /^'((?:[^']|'')*)'(?:::[\w\s."[\]()]+)?$/.exec(s);
  if (quoted) return (quoted[1] ?? '').replace(/''/g, "'");
  const bare = /^(-?\d+(?:\.\d+)?|true|false)(?:::[\w\s."[\]()]+)?$/.exec(s);
  return bare ? (bare[1] as string) : null;
}

function splitTopLevel(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const ch of list) {
    if (ch === "'") quoted = !quoted;
    if (!quoted && (ch === '(' || ch === '[')) depth += 1;
    if (!quoted && (ch === ')' || ch === ']')) depth -= 1;
    if (!quoted && depth === 0 && ch === ',') {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

const FK_ACTIONS: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

/** Everything in `schemas` (information_schema for tables, pg_catalog for exact detail). */
export async function shapeOfDatabase(client: Client, schemas: string[]): Promise<DatabaseShape> {
  const shape: DatabaseShape = { tables: new Map(), enums: new Map() };
  const tables = await client.query<{ schema: string; table: string }>(
    `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
      WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE'`,
    [schemas],
  );
  for (const r of tables.rows)
    shape.tables.set(`${r.schema}.${r.table}`, {
      columns: new Map(),
      indexes: new Map(),
      foreignKeys: new Map(),
    });
  const table = (schema: string, name: string) => shape.tables.get(`${schema}.${name}`);

  const columns = await client.query<{
    schema: string;
    table: string;
    column: string;
    type: string;
    not_null: boolean;
    default: string | null;
    enum_name: string | null;
    is_array: boolean;
  }>(
    `SELECT n.nspname AS schema, c.relname AS table, a.attname AS column,
            format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
            pg_get_expr(d.adbin, d.adrelid) AS default,
            CASE WHEN coalesce(et.typtype, t.typtype) = 'e' THEN coalesce(et.typname, t.typname) END AS enum_name,
            t.typcategory = 'A' AS is_array
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY($1) AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [schemas],
  );
  for (const r of columns.rows)
    table(r.schema, r.table)?.columns.set(r.column, {
      type: r.enum_name ? `enum ${r.enum_name}${r.is_array ? '[]' : ''}` : r.type,
      notNull: r.not_null,
      default: canonicalDefault(r.default),
    });

  const indexes = await client.query<{
    schema: string;
    table: string;
    name: string;
    primary: boolean;
    unique: boolean;
    method: string;
    predicate: string | null;
    columns: { column: string; desc: boolean; opclass: string; opcdefault: boolean }[];
  }>(
    `SELECT n.nspname AS schema, t.relname AS table, i.relname AS name,
            ix.indisprimary AS primary, ix.indisunique AS unique, am.amname AS method,
            pg_get_expr(ix.indpred, ix.indrelid) AS predicate,
            (SELECT json_agg(json_build_object(
                      'column', pg_get_indexdef(ix.indexrelid, k, true),
                      'desc', (ix.indoption[k - 1] & 1) = 1,
                      'opclass', oc.opcname,
                      'opcdefault', oc.opcdefault) ORDER BY k)
               FROM generate_series(1, ix.indnkeyatts) AS k
               JOIN pg_opclass oc ON oc.oid = ix.indclass[k - 1]) AS columns
       FROM pg_index ix
       JOIN pg_class i ON i.oid = ix.indexrelid
       JOIN pg_class t ON t.oid = ix.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_am am ON am.oid = i.relam
      WHERE n.nspname = ANY($1)`,
    [schemas],
  );
  for (const r of indexes.rows)
    table(r.schema, r.table)?.indexes.set(r.name, {
      kind: r.primary ? 'primary key' : r.unique ? 'unique index' : 'index',
      columns: r.columns.map((c) => ({
        column: c.column.replace(/^"(.*)"$/, '$1').replace(/""/g, '"'),
        desc: c.desc,
        ...(c.opcdefault ? {} : { opclass: c.opclass }),
      })),
      method: r.method,
      predicate: r.predicate,
    });

  const fks = await client.query<{
    schema: string;
    table: string;
    name: string;
    columns: string[];
    ref_schema: string;
    ref_table: string;
    ref_columns: string[];
    on_delete: string;
    on_update: string;
  }>(
    `SELECT n.nspname AS schema, c.relname AS table, con.conname AS name,
            ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
            rn.nspname AS ref_schema, rc.relname AS ref_table,
            ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS ref_columns,
            con.confdeltype AS on_delete, con.confupdtype AS on_update
       FROM pg_constraint con
       JOIN pg_class c ON c.oid = con.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_class rc ON rc.oid = con.confrelid
       JOIN pg_namespace rn ON rn.oid = rc.relnamespace
      WHERE con.contype = 'f' AND n.nspname = ANY($1)`,
    [schemas],
  );
  for (const r of fks.rows)
    table(r.schema, r.table)?.foreignKeys.set(r.name, {
      columns: r.columns,
      references: `${r.ref_schema}.${r.ref_table}(${r.ref_columns.join(', ')})`,
      onDelete: FK_ACTIONS[r.on_delete] ?? r.on_delete,
      onUpdate: FK_ACTIONS[r.on_update] ?? r.on_update,
    });

  const enums = await client.query<{ schema: string; name: string; labels: string[] }>(
    `SELECT n.nspname AS schema, t.typname AS name,
            ARRAY(SELECT e.enumlabel::text FROM pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) AS labels
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE t.typtype = 'e' AND n.nspname = ANY($1)`,
    [schemas],
  );
  for (const r of enums.rows) shape.enums.set(`${r.schema}.${r.name}`, r.labels);
  return shape;
}

// ---- the comparison ----------------------------------------------------------------------------

function describeIndex(i: IndexShape): string {
  const cols = i.columns.map((c) => `${c.column}${c.desc ? ' DESC' : ''}${c.opclass ? ` ${c.opclass}` : ''}`);
  const method = i.method === 'btree' ? '' : ` USING ${i.method}`;
  return `${i.kind}${method} (${cols.join(', ')})${i.predicate ? ` WHERE ${i.predicate}` : ''}`;
}

function describeForeignKey(f: ForeignKeyShape): string {
  return `(${f.columns.join(', ')}) → ${f.references} ON DELETE ${f.onDelete} ON UPDATE ${f.onUpdate}`;
}

const describeDefault = (d: string | null) => d ?? 'none';
const describeNull = (notNull: boolean | null) =>
  notNull === null ? 'either' : notNull ? 'NOT NULL' : 'NULL';

/** Every difference between what the schema describes and what the database holds, one line each. */
export function diffShapes(expected: DatabaseShape, actual: DatabaseShape): string[] {
  const out: string[] = [];
  for (const [name, want] of expected.tables) {
    const have = actual.tables.get(name);
    if (!have) {
      out.push(`${name}: table missing (${want.origin})`);
      continue;
    }
    for (const [col, w] of want.columns) {
      const h = have.columns.get(col);
      const at = `${name}.${col} (${w.origin})`;
      if (!h) {
        out.push(`${at}: column missing`);
        continue;
      }
      if (w.type !== h.type) out.push(`${at}: type — schema ${w.type}, database ${h.type}`);
      if (w.notNull !== null && w.notNull !== h.notNull)
        out.push(
          `${at}: nullability — schema ${describeNull(w.notNull)}, database ${describeNull(h.notNull)}`,
        );
      if (w.default !== h.default)
        out.push(
          `${at}: default — schema ${describeDefault(w.default)}, database ${describeDefault(h.default)}`,
        );
    }
    for (const col of have.columns.keys())
      if (!want.columns.has(col)) out.push(`${name}.${col}: column not in the schema`);

    for (const [idx, w] of want.indexes) {
      const h = have.indexes.get(idx);
      if (!h) out.push(`${name}: ${describeIndex(w)} "${idx}" missing (${w.origin})`);
      else if (describeIndex(w) !== describeIndex(h))
        out.push(`${name}: index "${idx}" — schema ${describeIndex(w)}, database ${describeIndex(h)}`);
    }
    for (const [idx, h] of have.indexes)
      if (!want.indexes.has(idx)) out.push(`${name}: ${describeIndex(h)} "${idx}" not in the schema`);

    for (const [fk, w] of want.foreignKeys) {
      const h = have.foreignKeys.get(fk);
      if (!h) out.push(`${name}: foreign key "${fk}" ${describeForeignKey(w)} missing (${w.origin})`);
      else if (describeForeignKey(w) !== describeForeignKey(h))
        out.push(
          `${name}: foreign key "${fk}" — schema ${describeForeignKey(w)}, database ${describeForeignKey(h)}`,
        );
    }
    for (const [fk, h] of have.foreignKeys)
      if (!want.foreignKeys.has(fk))
        out.push(`${name}: foreign key "${fk}" ${describeForeignKey(h)} not in the schema`);
  }
  for (const name of actual.tables.keys()) {
    const tableName = name.slice(name.indexOf('.') + 1);
    if (!expected.tables.has(name) && !BOOKKEEPING_TABLES.has(tableName))
      out.push(`${name}: table not in the schema`);
  }

  const actualEnums = [...actual.enums.entries()];
  for (const [key, labels] of expected.enums) {
    const enumName = key.slice(2);
    const found = actualEnums.find(([k]) => k.slice(k.indexOf('.') + 1) === enumName);
    if (!found) out.push(`enum ${enumName}: missing`);
    else if (found[1].join(',') !== labels.join(','))
      out.push(`enum ${found[0]}: values — schema ${labels.join(', ')}, database ${found[1].join(', ')}`);
  }
  for (const [key] of actualEnums)
    if (!expected.enums.has(`*.${key.slice(key.indexOf('.') + 1)}`))
      out.push(`enum ${key}: not in the schema`);
  return out;
}
