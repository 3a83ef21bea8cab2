import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { CLIENT_ID, LIMITS, SHARE_RECIPIENTS_MAX } from '@paddock/rules';
import { z } from 'zod';
import { DEMO_SECRETS, DEMO_SERVICE_PASSWORD } from './demo-secrets';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${protocols.join(' or ')} URL`,
  );

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, `address/prefix`, or a range name; never `true`, which would trust any caller. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Who may tell the api a client's address in X-Forwarded-For (Express `trust proxy`): a hop count,
 * or a comma-separated list of proxies. Loopback stays in any list: the hub calls its built-in
 * provider from there with the browser's address.
 */
const HOP_COUNT = /^\d{1,2}$/;
const trustProxy = z
  .string()
  .refine(
    (v) => HOP_COUNT.test(v) || v.split(',').every((e) => isProxyAddress(e.trim())),
    'must be a hop count or a comma-separated list of addresses, CIDRs, loopback, linklocal or uniquelocal',
  )
  .transform((v): number | string[] =>
    HOP_COUNT.test(v) ? Number(v) : [...new Set(['loopback', ...v.split(',').map((e) => e.trim())])],
  );

/** Every setting of the hub, validated once at boot (README "Configuration" lists them). */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: trustProxy.default(['loopback']),
  PUBLIC_URL: url(['http:', 'https:']).default('http://localhost:3000'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgresql://postgres@127.0.0.1:5432/paddock'),
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().min(1).default('paddock'),
  PROCESS_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  // GET /metrics, on a listener of its own, never on PORT; 0 takes a free port. The default is
  // the role's (METRICS_PORTS), so an api and a worker on one host do not collide.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  BUILTIN_PROVIDER: bool.default(true),
  PROVIDER_URL: url(['http:', 'https:']).optional(),
  // Listing pages kept between requests while the built-in provider runs in this process (search/listing-cache.ts).
  LISTING_CACHE: bool.default(true),
  CLIENT_ID: z.string().min(1).default(CLIENT_ID),
  PROVIDER_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
  // The provider account the hub makes workflow moves with (docs/workflow.md "Service account").
  PROVIDER_SERVICE_USERNAME: z.string().min(1).default('paddock.workflow'),
  PROVIDER_SERVICE_PASSWORD: z.string().min(1).optional(),
  // Sign-in throttle per (username, client address), never per account (common/login-throttle.ts):
  // failures answered at once, then the longest wait in minutes.
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).default(LIMITS.sessionCookieDays),
  BLOB_STORE: z.enum(['disk', 's3']).default('disk'),
  BLOB_DIR: z.string().default('.data/blobs'),
  // The plate detector's Haar cascade (docs/plates.md), from Debian's opencv-data.
  PLATE_CASCADE_PATH: z
    .string()
    .min(1)
    .default('/usr/share/opencv4/haarcascades/haarcascade_russian_plate_number.xml'),
  // Unset with BLOB_STORE=s3: AWS in S3_REGION. Also where the hub uploads when the provider hands out S3 credentials.
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  // The key getS3UploadCredentials hands out (no STS here); defaults to S3_ACCESS_KEY / S3_SECRET_KEY.
  S3_UPLOAD_ACCESS_KEY: z.string().optional(),
  S3_UPLOAD_SECRET_KEY: z.string().optional(),
  // tus uploads (docs/security.md "Uploads are bounded"): the largest file one upload may declare, and
  // how long an unfinished one may wait before the purge-expired-uploads job removes its bytes.
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .default(20 * 1024 ** 3),
  UPLOAD_EXPIRY_HOURS: z.coerce.number().int().min(1).default(24),
  // External shares one user may submit per window, and e-mail recipients across them (docs/security.md
  // "Outgoing mail is bounded"); a budget below one share's most recipients could refuse a share forever.
  EXTERNAL_SHARE_RATE_SHARES: z.coerce.number().int().min(1).default(20),
  EXTERNAL_SHARE_RATE_RECIPIENTS: z.coerce.number().int().min(SHARE_RECIPIENTS_MAX).default(200),
  EXTERNAL_SHARE_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  SMTP_URL: url(['smtp:', 'smtps:']).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().default('Paddock <no-reply@paddock.local>'),
  // Signs short-lived cookies (the single sign-on state); every api replica needs the same one.
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  OIDC_ISSUER: url(['http:', 'https:']).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

type Raw = z.infer<typeof configSchema>;

/** Each role's default METRICS_PORT (docs/operations.md "Metrics"). */
export const METRICS_PORTS: Record<Raw['PROCESS_ROLE'], number> = { all: 9464, api: 9464, worker: 9465 };

export interface AppConfig extends Raw {
  PROVIDER_SERVICE_PASSWORD: string;
  METRICS_PORT: number;
  /** Where the hub calls the provider: PROVIDER_URL, or the built-in one on this server. */
  providerUrl: string;
  ssoEnabled: boolean;
  /** UPLOAD_EXPIRY_HOURS in milliseconds: tus's expiry and both upload purges read this one. */
  uploadExpiryMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Settings that depend on each other, checked even when other settings are invalid. */
function crossFieldProblems(env: Env): string[] {
  const problems: string[] = [];
  if (env.BLOB_STORE === 's3')
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'])
      if (!env[key]) problems.push(`${key} is required when BLOB_STORE=s3`);
  if (!env.S3_UPLOAD_ACCESS_KEY !== !env.S3_UPLOAD_SECRET_KEY)
    problems.push('S3_UPLOAD_ACCESS_KEY and S3_UPLOAD_SECRET_KEY are set together');
  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID)
    problems.push('OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
  if (['false', '0'].includes(env.BUILTIN_PROVIDER ?? '') && !env.PROVIDER_URL)
    problems.push('PROVIDER_URL is required when BUILTIN_PROVIDER=false');
  if (env.NODE_ENV === 'production') problems.push(...productionProblems(env));
  return problems;
}

/**
 * A production hub keys share links with APP_SECRET and acts as the service account: neither may
 * be missing or a value anyone can read in the repository (issue 25).
 */
function productionProblems(env: Env): string[] {
  const problems: string[] = [];
  if (!env.PROVIDER_SERVICE_PASSWORD)
    problems.push('PROVIDER_SERVICE_PASSWORD is required when NODE_ENV=production');
  else if (DEMO_SECRETS.includes(env.PROVIDER_SERVICE_PASSWORD))
    problems.push(
      'PROVIDER_SERVICE_PASSWORD is the published demo password: choose another when NODE_ENV=production',
    );
  if (!env.APP_SECRET) problems.push('APP_SECRET is required when NODE_ENV=production');
  else if (DEMO_SECRETS.includes(env.APP_SECRET) || env.APP_SECRET === env.PROVIDER_SERVICE_PASSWORD)
    problems.push(
      'APP_SECRET is a published demo password or the service password: choose another when NODE_ENV=production',
    );
  return problems;
}

/**
 * Docker secrets: `<SETTING>_FILE` names a file that holds the setting, its final line break
 * dropped. Setting both forms is refused rather than one silently winning.
 */
function readSettingFiles(env: Env): { env: Env; problems: string[] } {
  const out: Env = { ...env };
  const problems: string[] = [];
  for (const key of Object.keys(configSchema.shape)) {
    const file = env[`${key}_FILE`];
    if (!file) continue;
    if (env[key]) {
      problems.push(`${key} and ${key}_FILE are both set: keep one`);
      continue;
    }
    try {
      out[key] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (e) {
      problems.push(
        `${key}_FILE cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)}): ${file}`,
      );
    }
  }
  return { env: out, problems };
}

/** Parses the environment; throws one ConfigError naming every bad setting. */
export function parseConfig(env: Env): AppConfig {
  const files = readSettingFiles(env);
  const cleaned = Object.fromEntries(
    Object.entries(files.env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = configSchema.safeParse(cleaned);
  const problems = [
    ...files.problems,
    ...(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`)),
    ...crossFieldProblems(cleaned),
  ];
  if (!result.success || problems.length) throw new ConfigError(problems);
  const c = result.data;
  const providerUrl = (c.PROVIDER_URL ?? `http://127.0.0.1:${c.PORT}/provider`).replace(/\/$/, '');
  return {
    ...c,
    PROVIDER_SERVICE_PASSWORD: c.PROVIDER_SERVICE_PASSWORD ?? DEMO_SERVICE_PASSWORD,
    METRICS_PORT: c.METRICS_PORT ?? METRICS_PORTS[c.PROCESS_ROLE],
    providerUrl,
    ssoEnabled: !!c.OIDC_ISSUER,
    uploadExpiryMs: c.UPLOAD_EXPIRY_HOURS * 3_600_000,
  };
}
