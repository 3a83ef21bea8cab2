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
  'req.body.password',
  'req.body.token',
  'req.body.code',
  '*.password',
  '*.token',
  '*.tokenId',
  '*.providerToken',
  '*.access_token',
];
