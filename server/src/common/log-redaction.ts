const CENSOR = '[redacted]';

/**
 * Names that hold a secret wherever they appear: as a property of a logged object, at any depth,
 * or as a parameter of a URL's query (THRON takes `?tokenId=` on a GET, research §1).
 */
const SECRET_NAMES = [
  'password',
  'token',
  'tokenId',
  'providerToken',
  'access_token',
  'refresh_token',
  'client_secret',
];
const SECRET_KEYS = new Set(SECRET_NAMES.map((n) => n.toLowerCase()));
/** In a query also an OpenID callback's `code` (as a property, `code` is an error's code). */
const SECRET_IN_QUERY = new RegExp(`([?&](?:${[...SECRET_NAMES, 'code'].join('|')})=)[^&#\\s"]*`, 'gi');

/** Never log a password, token or secret (issue 2, security baseline). */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.token',
  'req.headers["x-tokenid"]',
  'req.headers["x-csrf-token"]',
  // The provider's login also takes credentials as headers (research §2.1).
  'req.headers.password',
  'res.headers["set-cookie"]',
  'req.body.code',
  'req.query.code',
  ...SECRET_NAMES.map((name) => `*.${name}`),
];

/** A share link's token is the path segment after /share/ (builtin-provider/sharing): a secret in the path. */
const SHARE_TOKEN_IN_PATH = /(\/share\/)[A-Za-z0-9_-]{16,}/g;

/** `text` with the value of every secret query parameter, and any share token in a path, censored. */
export function redactQuerySecrets(text: string): string {
  return text.replace(SECRET_IN_QUERY, `$1${CENSOR}`).replace(SHARE_TOKEN_IN_PATH, `$1${CENSOR}`);
}

function isPlain(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of a logged value with every secret-named property and every secret query parameter in a
 * string censored, at any depth of plain objects and arrays (an Error or a socket is left to its
 * serializer).
 */
export function redactSecrets(value: unknown): unknown {
  if (typeof value === 'string') return redactQuerySecrets(value);
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (!value || typeof value !== 'object' || !isPlain(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      SECRET_KEYS.has(key.toLowerCase()) ? CENSOR : redactSecrets(v),
    ]),
  );
}

/**
 * pino-http options that keep secrets out of the logs: fixed paths, the request (its URL and query
 * above all) and every object logged.
 */
export const LOG_REDACTION = {
  redact: { paths: REDACTED_LOG_PATHS, censor: CENSOR },
  // The response too: a redirect's Location may carry a share token.
  serializers: {
    req: (req: object) => redactSecrets({ ...req }),
    res: (res: object) => redactSecrets({ ...res }),
  },
  formatters: { log: (object: Record<string, unknown>) => redactSecrets(object) as Record<string, unknown> },
};
