/** Never log a password, token or secret (issue 2, security baseline). */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.token',
  'req.headers["x-tokenid"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'req.body.password',
  'req.body.token',
  'req.body.code',
  '*.password',
  '*.token',
  '*.tokenId',
  '*.providerToken',
  '*.access_token',
];
