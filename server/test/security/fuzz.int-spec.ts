import { RequestMethod } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { LIMITS } from '@paddock/rules';
import { z } from 'zod';
import { ThronInputPipe } from '../../src/builtin-provider/thron-input.pipe';
import { hubDb, type SignedIn } from '../auth/auth-fixtures';
import { SYSTEM_ACTOR } from '../../src/jobs/job-catalogue';
import { startTestApp, type TestApp } from '../support/test-app';
import { as } from '../workflow/workflow-fixtures';
import { providerRoutes, providerState, seedSecurityWorld, type ProviderRoute } from './security-fixtures';

jest.setTimeout(240_000);

/**
 * issue 11, "Show it": a fuzz test generated from the schemas. Every operation of the hub's OpenAPI
 * document, and every route of the built-in provider (its zod schemas, as JSON Schema), gets one
 * valid-looking request per field mutated (missing, wrong type, NUL byte, huge string, huge or
 * negative number, NaN), plus malformed JSON and an oversized body where a body is read. Nothing
 * may answer 5xx: the provider is up throughout, so not even 503.
 *
 * issue 21, point 6: every field also gets the shapes no schema takes unless it says so (null, a
 * list of lists, an object, 5,000 and 60,000 levels of nesting) and every route a JSON cookie 5,000
 * levels deep. Those must be refused as input: a 4xx with a code, never a 5xx or a 404 (which would
 * mean the input went on to a lookup), and nothing changed.
 */

/** The part of JSON Schema (OpenAPI 3.0 and zod's output) the generator reads. */
interface Schema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  minLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One operation, reduced to what the generator needs. */
interface Operation {
  name: string;
  method: string;
  /** With `{param}` placeholders. */
  path: string;
  pathParams: Record<string, Schema>;
  query: Schema;
  body?: Schema;
  definitions: Record<string, Schema>;
  /**
   * Whether a property its schema does not declare is refused: the hub's (forbidNonWhitelisted,
   * which its OpenAPI document does not say); the provider ignores one, as THRON does.
   */
  closedObjects: boolean;
}

interface Case {
  operation: string;
  mutation: string;
  method: string;
  url: string;
  body?: string;
  /** A cookie sent beside the session's. */
  cookie?: string;
  /** Input no schema of the route takes: it must be refused with a 4xx and a code, never a 404. */
  refused?: boolean;
}

/** A mulberry32 generator: the same seed gives the same ids, so a failure replays. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const HUGE_BODY_STRING = 'x'.repeat(100_000);
/** Node refuses a request line and headers over 16 KiB (431) before the app sees them. */
const HUGE_URL_STRING = 'x'.repeat(8_000);
const NUL_STRING = 'a\u0000b';

/** The mutations of one field's value; `undefined` removes the field. */
const VALUE_MUTATIONS: Array<[string, (valid: unknown) => unknown]> = [
  ['missing', () => undefined],
  ['wrong type', (valid) => (typeof valid === 'string' ? { nested: [1] } : 'not-a-number')],
  ['NUL byte', () => NUL_STRING],
  ['huge string', () => HUGE_BODY_STRING],
  ['1e20', () => 1e20],
  ['-1', () => -1],
  ['NaN', () => Number.NaN],
];

/** The same, for a value that travels in the URL (always text). */
const TEXT_MUTATIONS: Array<[string, string | undefined | string[]]> = [
  ['missing', undefined],
  ['wrong type (repeated)', ['a', 'b']],
  ['NUL byte', NUL_STRING],
  ['huge string', HUGE_URL_STRING],
  ['1e20', '1e20'],
  ['-1', '-1'],
  ['NaN', 'NaN'],
];

/** Values a field takes only when its schema says so (nullable, a list of lists, a free-form object). */
const SHAPE_MUTATIONS: Array<[string, unknown]> = [
  ['null', null],
  ['a list in a list', [[]]],
  ['lists three deep', [[[1]]]],
  ['an object', { fuzz: [1] }],
];

/** Deeper than any input is read (LIMITS.inputDepthMax): refused whatever the field's schema. */
const DEEP_LEVELS = [5_000, 60_000];
/** A JSON cookie (cookie-parser's `j:`) this deep still fits in the 16 KiB of headers Node reads. */
const DEEP_COOKIE_LEVELS = 5_000;
const nestedLists = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
/** Stands for the deep value in a body, spliced in as text (JSON.stringify would recurse 60,000 times). */
const DEEP_MARK = '<deep value>';

class Generator {
  private readonly random = seeded(20261125);

  constructor(private readonly clientId: string) {}

  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.random() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  }

  resolve(schema: Schema, definitions: Record<string, Schema>): Schema {
    if (schema.$ref) return this.resolve(definitions[schema.$ref.split('/').pop() ?? ''] ?? {}, definitions);
    if (schema.allOf)
      return schema.allOf.reduce<Schema>((all, part) => {
        const r = this.resolve(part, definitions);
        return {
          ...all,
          ...r,
          properties: { ...all.properties, ...r.properties },
          required: [...(all.required ?? []), ...(r.required ?? [])],
        };
      }, {});
    const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0];
    return alternative ? this.resolve(alternative, definitions) : schema;
  }

  /** A value the schema accepts, as far as a schema says (ids are random, so nothing real is hit). */
  sample(schema: Schema, definitions: Record<string, Schema>, name = '', depth = 0): unknown {
    const s = this.resolve(schema, definitions);
    if (name === 'clientId') return this.clientId;
    if (s.enum?.length) return s.enum[0];
    if (s.default !== undefined) return s.default;
    const type = Array.isArray(s.type) ? s.type[0] : s.type;
    if (type === 'object' || s.properties) {
      if (depth > 4) return {};
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, this.sample(v, definitions, k, depth + 1)]),
      );
    }
    if (type === 'array') return [this.sample(s.items ?? {}, definitions, name, depth + 1)];
    if (type === 'integer' || type === 'number') return Math.max(s.minimum ?? 1, 1);
    if (type === 'boolean') return true;
    if (s.format === 'uuid' || /id$/i.test(name)) return this.uuid();
    if (s.format === 'date-time' || s.format === 'date') return '2026-01-01';
    return 'fuzz'.padEnd(s.minLength ?? 0, 'z');
  }
}

/** Every path from the root of a value to a field, through objects and the first item of arrays. */
function fieldPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.length ? fieldPaths(value[0], [...prefix, 0]) : [];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...fieldPaths(v, [...prefix, k])]);
  }
  return [];
}

/** The schema of the field at `path` of a value of `schema`, as written (not resolved). */
function schemaAt(
  schema: Schema,
  path: Array<string | number>,
  gen: Generator,
  definitions: Record<string, Schema>,
): Schema {
  return path.reduce<Schema>((s, key) => {
    const r = gen.resolve(s, definitions);
    return (typeof key === 'number' ? r.items : r.properties?.[key]) ?? {};
  }, schema);
}

/** Whether a field of `schema` in `op` takes `value` (one of SHAPE_MUTATIONS), as far as a schema can say. */
function admits(schema: Schema, value: unknown, op: Operation): boolean {
  if (value === null && schema.nullable) return true;
  if (schema.$ref) return admits(op.definitions[schema.$ref.split('/').pop() ?? ''] ?? {}, value, op);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.some((s) => admits(s, value, op));
  if (schema.allOf) return schema.allOf.every((s) => admits(s, value, op));
  if (schema.type === undefined) return true;
  const types = [schema.type].flat();
  if (value === null) return types.includes('null');
  if (Array.isArray(value))
    return types.includes('array') && value.every((item) => admits(schema.items ?? {}, item, op));
  if (!types.includes('object')) return false;
  // An object of unknown properties: a free-form one takes it, one with required properties never does.
  return (
    !schema.properties ||
    (!op.closedObjects && schema.additionalProperties !== false && !schema.required?.length)
  );
}

/** `value` with the field at `path` set to `next` (removed when `next` is undefined). */
function withField(value: unknown, path: Array<string | number>, next: unknown): unknown {
  const copy: unknown = structuredClone(value);
  let cursor = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (next === undefined) delete cursor[last];
  else cursor[last] = next;
  return copy;
}

function urlOf(
  path: string,
  pathValues: Record<string, string>,
  query: Record<string, string | string[]>,
): string {
  const filled = path.replace(/[{:](\w+)}?/g, (_m, name: string) =>
    encodeURIComponent(pathValues[name] ?? 'fuzz'),
  );
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const item of [v].flat()) search.append(k, item);
  const text = search.toString();
  return `/${filled.replace(/^\//, '')}${text ? `?${text}` : ''}`;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The requests of one operation: its valid form with each field mutated, and its body broken. */
function casesOf(op: Operation, gen: Generator): Case[] {
  const pathValues = Object.fromEntries(
    Object.entries(op.pathParams).map(([k, s]) => [k, asText(gen.sample(s, op.definitions, k))]),
  );
  // Only the required query parameters, so one invalid optional sample does not hide the others.
  const querySchema = gen.resolve(op.query, op.definitions);
  const query = Object.fromEntries(
    Object.entries(querySchema.properties ?? {})
      .filter(([k]) => querySchema.required?.includes(k))
      .map(([k, s]) => [k, asText(gen.sample(s, op.definitions, k))]),
  ) as Record<string, string | string[]>;
  const body = op.body ? gen.sample(op.body, op.definitions) : undefined;
  const bodyText = body === undefined ? undefined : JSON.stringify(body);
  const base = { operation: op.name, method: op.method };
  const cases: Case[] = [];
  for (const name of Object.keys(op.pathParams))
    for (const [mutation, next] of TEXT_MUTATIONS) {
      if (next === undefined || Array.isArray(next)) continue;
      cases.push({
        ...base,
        mutation: `path ${name}: ${mutation}`,
        url: urlOf(op.path, { ...pathValues, [name]: next }, query),
        body: bodyText,
      });
    }
  cases.push({ ...base, mutation: 'as generated', url: urlOf(op.path, pathValues, query), body: bodyText });
  for (const name of Object.keys(querySchema.properties ?? {}))
    for (const [mutation, next] of TEXT_MUTATIONS) {
      const q = { ...query };
      if (next === undefined) delete q[name];
      else q[name] = next;
      cases.push({
        ...base,
        mutation: `query ${name}: ${mutation}`,
        url: urlOf(op.path, pathValues, q),
        body: bodyText,
      });
    }
  const url = urlOf(op.path, pathValues, query);
  cases.push({
    ...base,
    mutation: `a JSON cookie ${DEEP_COOKIE_LEVELS} levels deep`,
    url,
    body: bodyText,
    cookie: `fuzz=j:${nestedLists(DEEP_COOKIE_LEVELS)}`,
    refused: true,
  });
  if (body !== undefined && op.body) {
    for (const path of fieldPaths(body)) {
      for (const [mutation, next] of VALUE_MUTATIONS)
        cases.push({
          ...base,
          mutation: `body ${path.join('.')}: ${mutation}`,
          url,
          body: JSON.stringify(withField(body, path, next(valueAt(body, path)))),
        });
      const field = schemaAt(op.body, path, gen, op.definitions);
      for (const [mutation, next] of SHAPE_MUTATIONS)
        cases.push({
          ...base,
          mutation: `body ${path.join('.')}: ${mutation}`,
          url,
          body: JSON.stringify(withField(body, path, next)),
          refused: !admits(field, next, op),
        });
      for (const levels of DEEP_LEVELS)
        cases.push({
          ...base,
          mutation: `body ${path.join('.')}: nested ${levels} levels deep`,
          url,
          body: JSON.stringify(withField(body, path, DEEP_MARK)).replace(
            JSON.stringify(DEEP_MARK),
            nestedLists(levels),
          ),
          refused: true,
        });
    }
    cases.push({ ...base, mutation: 'malformed JSON', url, body: `${bodyText?.slice(0, -1) ?? '{'},` });
    cases.push({
      ...base,
      mutation: 'oversized body',
      url,
      body: JSON.stringify({ padding: 'x'.repeat(LIMITS.jsonBodyMaxBytes) }),
    });
    cases.push({ ...base, mutation: 'body of the wrong type', url, body: '[1,"a",null]' });
  }
  return cases;
}

function codeIn(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

function valueAt(value: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], value);
}

/** The hub's operations that take input, from the OpenAPI document the booted app serves. */
function hubOperations(doc: OpenApiDocument): Operation[] {
  const definitions = doc.components?.schemas ?? {};
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.parameters?.length || op.requestBody)
      .map(([method, op]) => {
        const params = op.parameters ?? [];
        const of = (where: OpenApiParameter['in']) =>
          Object.fromEntries(params.filter((p) => p.in === where).map((p) => [p.name, p.schema ?? {}]));
        return {
          name: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          pathParams: of('path'),
          query: {
            type: 'object',
            properties: of('query'),
            required: params.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
          },
          body: op.requestBody?.content['application/json']?.schema,
          definitions,
          closedObjects: true,
        };
      }),
  );
}

/** The JSON Schema of the zod schema a provider route reads its body or query with, if any. */
function argumentSchema(route: ProviderRoute, type: RouteParamtypes): Schema | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, route.controller, route.handler) ?? {}) as Record<
    string,
    { pipes?: unknown[] }
  >;
  const arg = Object.entries(args).find(([key]) => key.split(':')[0] === String(type))?.[1];
  const pipe = arg?.pipes?.find((p): p is ThronInputPipe<z.ZodType> => p instanceof ThronInputPipe);
  return pipe ? (z.toJSONSchema(pipe.schema, { io: 'input', unrepresentable: 'any' }) as Schema) : undefined;
}

/** Every built-in provider route, with the schemas of its path, query and body. */
function providerOperations(t: TestApp): Operation[] {
  return providerRoutes(t).map((route) => {
    // `@Post()` is the route '/': no trailing slash, or the path names no route.
    const path = [route.base, route.route.replace(/^\/+|\/+$/g, '')].filter(Boolean).join('/');
    const method = RequestMethod[route.method];
    const body = argumentSchema(route, RouteParamtypes.BODY);
    return {
      name: `${method} /${path}`,
      method,
      path,
      pathParams: Object.fromEntries(
        [...path.matchAll(/:(\w+)/g)].map(([, name]) => [name, { type: 'string' }]),
      ),
      query: argumentSchema(route, RouteParamtypes.QUERY) ?? { type: 'object', properties: {} },
      body: body ?? (route.method === RequestMethod.GET ? undefined : { type: 'object', properties: {} }),
      definitions: {},
      closedObjects: false,
    };
  });
}

describe('fuzz: bad input never gets a 5xx (PostgreSQL + Redis, demo organisation)', () => {
  let t: TestApp;
  let admin: SignedIn;
  let token: string;
  let address = 0;

  /**
   * Sends each case (four at a time) with `headers`; answers the cases that failed (a 5xx; for a
   * case to be refused, anything but a 4xx other than 404 with a code), and how many got a 2xx.
   */
  async function run(
    cases: Case[],
    headers: () => Record<string, string>,
  ): Promise<{ failures: string[]; succeeded: number }> {
    const failures: string[] = [];
    let succeeded = 0;
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++];
        address += 1;
        const sent = headers();
        const cookie = [sent.cookie, c.cookie].filter(Boolean).join('; ');
        const res = await fetch(`${t.url}${c.url}`, {
          method: c.method,
          redirect: 'manual',
          headers: {
            ...sent,
            ...(cookie ? { cookie } : {}),
            // A fresh client address per request: the fuzz measures validation, not the rate limit.
            'x-forwarded-for': `198.18.${(address >> 8) & 255}.${address & 255}`,
            ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: c.method === 'GET' || c.method === 'HEAD' ? undefined : c.body,
          signal: AbortSignal.timeout(20_000),
        });
        const text = await res.text();
        // The hub's `{ code }`, or the provider's THRON envelope, which names its error in X-ERRORCODE.
        const code = res.headers.get('x-errorcode') ?? codeIn(text);
        const refused = res.status >= 400 && res.status < 500 && res.status !== 404 && Boolean(code);
        if (res.status >= 500 || (c.refused && !refused))
          failures.push(`${c.operation} × ${c.mutation} → ${res.status} ${code ?? 'without a code'}`);
        if (res.status < 300) succeeded += 1;
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    return { failures, succeeded };
  }

  beforeAll(async () => {
    t = await startTestApp();
    const world = await seedSecurityWorld(t);
    // With the disclaimer accepted, so the hub's cases reach validation and the services.
    admin = await as(t, 'admin');
    token = await world.token('admin');
  });
  afterAll(() => t.close());

  const hubHeaders = () => ({ cookie: admin.cookie, 'x-csrf-token': admin.session.csrfToken });
  const providerHeaders = () => ({ 'x-tokenid': token });

  async function hubCases(): Promise<{ operations: Operation[]; cases: Case[] }> {
    const doc = (await (await fetch(`${t.url}/api/docs/openapi.json`)).json()) as OpenApiDocument;
    const operations = hubOperations(doc);
    const gen = new Generator(t.config.CLIENT_ID);
    return { operations, cases: operations.flatMap((op) => casesOf(op, gen)) };
  }

  function providerCases(): { operations: Operation[]; cases: Case[] } {
    const gen = new Generator(t.config.CLIENT_ID);
    const operations = providerOperations(t);
    // Signing out would end the token every other case uses: those run last.
    const cases = operations
      .flatMap((op) => casesOf(op, gen))
      .sort((a, b) => Number(a.url.includes('/logout')) - Number(b.url.includes('/logout')));
    return { operations, cases };
  }

  /**
   * What a refused input must leave as it was: the provider's database, the hub's jobs and audit
   * rows of people. The schedules' own (expiring shares every five minutes) may start meanwhile.
   */
  const state = async () => ({
    provider: await providerState(t),
    jobs: await hubDb(t).jobRecord.count({ where: { createdBy: { not: SYSTEM_ACTOR } } }),
    audit: await hubDb(t).auditRecord.count({ where: { actor: { not: SYSTEM_ACTOR } } }),
  });

  // First, while nothing else runs: every case here must be refused before it changes anything.
  it('refuses null, lists, objects and deep nesting in every field, and a deep cookie on every route: 4xx with a code, never 5xx or 404, nothing changed', async () => {
    const hub = (await hubCases()).cases.filter((c) => c.refused);
    const provider = providerCases().cases.filter((c) => c.refused);
    const before = await state();
    const failures = [
      ...(await run(hub, hubHeaders)).failures,
      ...(await run(provider, providerHeaders)).failures,
    ];
    expect(failures).toEqual([]);
    expect(await state()).toEqual(before);
    for (const [cases, mutation] of [
      [hub, 'null'],
      [hub, 'a list in a list'],
      [provider, 'null'],
      [provider, 'nested 60000 levels deep'],
    ] as const)
      expect(cases.filter((c) => c.mutation.endsWith(mutation)).length).toBeGreaterThan(20);
  });

  it("covers every operation of the hub's OpenAPI document with a field or a body", async () => {
    const { operations, cases } = await hubCases();
    expect(operations.length).toBeGreaterThan(30);
    const { failures, succeeded } = await run(
      cases.filter((c) => !c.refused),
      hubHeaders,
    );
    expect(failures).toEqual([]);
    // The cases reached the services, not only a gate in front of them (a session refused whole answers no 2xx).
    expect(succeeded).toBeGreaterThan(operations.length / 2);
  });

  it('covers every route of the built-in provider', async () => {
    const { operations, cases } = providerCases();
    expect(operations.length).toBeGreaterThan(30);
    const { failures, succeeded } = await run(
      cases.filter((c) => !c.refused),
      providerHeaders,
    );
    expect(failures).toEqual([]);
    // The token was accepted (most provider refusals are 418 business errors, so fewer cases succeed).
    expect(succeeded).toBeGreaterThan(0);
  });
});
