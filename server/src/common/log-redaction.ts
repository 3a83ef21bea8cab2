const CENSOR = '[redacted]';

/**
 * Names that hold a secret wherever they appear, as a property of a logged object at any depth:
 * credentials and tokens (THRON takes `?tokenId=` on a GET, research §1), and the headers that carry
 * them (the provider's login also takes credentials as headers, research §2.1).
 */
const SECRET_NAMES = [
  'password',
  'token',
  'tokenId',
  'providerToken',
  'access_token',
  'refresh_token',
  'client_secret',
  'authorization',
  'cookie',
  'set-cookie',
  'x-tokenid',
  'x-csrf-token',
];
/** In a query also an OpenID callback's `code` (as a property elsewhere, `code` is an error's code). */
const QUERY_SECRET_NAMES = [...SECRET_NAMES, 'code'];
const SECRET_KEYS = new Set(SECRET_NAMES.map((n) => n.toLowerCase()));
const QUERY_SECRET_KEYS = new Set(QUERY_SECRET_NAMES.map((n) => n.toLowerCase()));

/** A secret query parameter of a URL in any text, its value the second group. */
const SECRET_IN_QUERY = new RegExp(`([?&](?:${QUERY_SECRET_NAMES.join('|')})=)([^&#\\s"]*)`, 'gi');
/** A share link's token is the path segment after /share/ (builtin-provider/sharing), whatever it holds. */
const SHARE_TOKEN_IN_PATH = /(\/share\/)([^/?#\s"']+)/g;

/** Deeper than any record the app writes; past it a value is censored rather than walked. */
const DEPTH_MAX = 100;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Every string of a parsed record (JSON: strings, numbers, booleans, null, arrays, objects). */
function stringsOf(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (!value || typeof value !== 'object' || depth > DEPTH_MAX) return [];
  return Object.values(value).flatMap((v) => stringsOf(v, depth + 1));
}

/**
 * The values a record's URLs and messages mark as secret (share tokens in a path, secret query
 * parameters), as written and decoded: the router repeats them alone, e.g. a wildcard route's
 * `req.params.path` splits the path into segments, where no URL pattern can recognise them.
 */
function secretsOf(record: unknown): Set<string> {
  const secrets = new Set<string>();
  for (const text of stringsOf(record))
    for (const match of [...text.matchAll(SHARE_TOKEN_IN_PATH), ...text.matchAll(SECRET_IN_QUERY)])
      if (match[2]) secrets.add(match[2]).add(decoded(match[2]));
  secrets.delete(CENSOR);
  return secrets;
}

function redactText(text: string, secrets: ReadonlySet<string>): string {
  if (secrets.has(text)) return CENSOR;
  return text.replace(SECRET_IN_QUERY, `$1${CENSOR}`).replace(SHARE_TOKEN_IN_PATH, `$1${CENSOR}`);
}

/** `value` with every secret-named property, every value in `secrets` and every secret in a URL censored. */
function redact(
  value: unknown,
  secrets: ReadonlySet<string>,
  names: ReadonlySet<string>,
  depth: number,
): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (!value || typeof value !== 'object') return value;
  if (depth > DEPTH_MAX) return CENSOR;
  if (Array.isArray(value)) return value.map((v) => redact(v, secrets, names, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      names.has(key.toLowerCase())
        ? CENSOR
        : redact(v, secrets, key === 'query' ? QUERY_SECRET_KEYS : SECRET_KEYS, depth + 1),
    ]),
  );
}

/**
 * One log line as pino wrote it, with no password, token, session or cookie value left in any field
 * at any depth: the request (URL, query, params, headers), the response (Set-Cookie, Location), the
 * message, an error's message and stack, and anything else a caller logged.
 */
export function redactLogLine(line: string): string {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return redactText(line, new Set());
  }
  return `${JSON.stringify(redact(record, secretsOf(record), SECRET_KEYS, 0))}\n`;
}

/**
 * pino options that keep secrets out of the logs: every line, whatever logged it (pino-http's
 * request lines, Nest's loggers, the exception filters, Nest's own "Cannot GET …" 404 messages),
 * passes through redactLogLine on its way to the stream.
 */
export const LOG_REDACTION = { hooks: { streamWrite: redactLogLine } };
