#!/usr/bin/env node
// A real OpenID provider (oidc-provider 9) for integration and end-to-end tests of single sign-on.
//
//   node server/test/support/oidc-issuer.mjs [port]
//
// Settings (environment):
//   OIDC_PORT           port to listen on when no argument is given; 0 (default) picks a free one
//   OIDC_HOST           interface and issuer host, default 127.0.0.1 (Paddock accepts http issuers
//                       only on loopback hosts)
//   OIDC_CLIENT_ID      the one client, default 'paddock'
//   OIDC_CLIENT_SECRET  its secret, default 'paddock-sso-test-secret'
//   OIDC_REDIRECT_URIS  comma-separated redirect URIs of the client, default
//                       http://localhost:3000/sso-callback,http://127.0.0.1:3000/sso-callback
//   OIDC_ACCOUNTS       JSON list of accounts:
//                       [{"sub","email","password","login"?,"name"?,"given_name"?,"family_name"?,"email_verified"?}]
//                       `login` defaults to the e-mail; `email_verified` to true.
//
// It prints `OIDC issuer ready at http://HOST:PORT` on stdout once it listens, and exits on
// SIGTERM or SIGINT. Sign-in is a plain HTML form (fields `login` and `password`, button
// "Sign in", link "Cancel" that answers access_denied); consent is granted automatically.
// State lives in memory: every start is a fresh issuer with fresh keys.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const DEFAULT_ACCOUNTS = [
  { sub: 'sso-mario', email: 'mario.rossi@paddock.example', password: 'paddock-sso', name: 'Mario Rossi' },
  { sub: 'sso-anna', email: 'anna.bianchi@paddock.example', password: 'paddock-sso', name: 'Anna Bianchi' },
];

function readAccounts() {
  const raw = process.env.OIDC_ACCOUNTS;
  const list = raw ? JSON.parse(raw) : DEFAULT_ACCOUNTS;
  if (!Array.isArray(list)) throw new Error('OIDC_ACCOUNTS must be a JSON array');
  return list.map((a, i) => {
    if (!a || typeof a.sub !== 'string' || !a.sub || typeof a.password !== 'string')
      throw new Error(`OIDC_ACCOUNTS[${i}] needs a string "sub" and "password"`);
    return { ...a, login: a.login ?? a.email ?? a.sub, email_verified: a.email_verified ?? true };
  });
}

const accounts = readAccounts();
const bySub = new Map(accounts.map((a) => [a.sub, a]));
const clientId = process.env.OIDC_CLIENT_ID || 'paddock';
const clientSecret = process.env.OIDC_CLIENT_SECRET || 'paddock-sso-test-secret';
const redirectUris = (
  process.env.OIDC_REDIRECT_URIS || 'http://localhost:3000/sso-callback,http://127.0.0.1:3000/sso-callback'
)
  .split(',')
  .map((u) => u.trim())
  .filter(Boolean);
const host = process.env.OIDC_HOST || '127.0.0.1';
const requestedPort = Number(process.argv[2] ?? process.env.OIDC_PORT ?? 0);

const escapeHtml = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

function page(title, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function loginPage(uid, clientName, error) {
  return page(
    'Sign in to the test issuer',
    `<p>Client: ${escapeHtml(clientName)}</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
  <p><label for="login">Login</label> <input id="login" name="login" required autofocus></p>
  <p><label for="password">Password</label> <input id="password" name="password" type="password" required></p>
  <p><button type="submit">Sign in</button></p>
</form>
<p><a href="/interaction/${escapeHtml(uid)}/abort">Cancel</a></p>`,
  );
}

function send(res, status, html) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
}

async function readForm(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
}

function createProvider(issuer) {
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    async findAccount(_ctx, sub) {
      const account = bySub.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          const claims = { sub, email: account.email, email_verified: account.email_verified };
          for (const key of ['name', 'given_name', 'family_name'])
            if (account[key]) claims[key] = account[key];
          return claims;
        },
      };
    },
    // First-party client: consent is implied, so grant what the client asks for.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (!ctx.oidc.session.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    jwks: { keys: [signingKey()] },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        Object.entries(out)
          .map(([k, v]) => `<p><strong>${escapeHtml(k)}</strong>: ${escapeHtml(v)}</p>`)
          .join(''),
      );
    },
  });
  provider.on('server_error', (_ctx, err) => console.error('oidc-issuer server_error:', err));
  return provider;
}

/** The sign-in pages: GET shows the form, POST checks the password, abort answers access_denied. */
async function interaction(provider, req, res, uid, action) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) return send(res, 400, page('Sign-in error', '<p>Unknown interaction.</p>'));
  const clientName = details.params.client_id;
  if (action === 'abort' && req.method === 'GET')
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
  if (action === undefined && req.method === 'GET') {
    if (details.prompt.name !== 'login')
      return send(
        res,
        400,
        page('Sign-in error', `<p>Unexpected prompt ${escapeHtml(details.prompt.name)}.</p>`),
      );
    return send(res, 200, loginPage(uid, clientName));
  }
  if (action === 'login' && req.method === 'POST') {
    const form = await readForm(req);
    const login = form.get('login') ?? '';
    const account = accounts.find((a) => a.login === login);
    if (!account || account.password !== (form.get('password') ?? ''))
      return send(res, 401, loginPage(uid, clientName, 'Invalid login or password.'));
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.sub } },
      { mergeWithLastSubmission: false },
    );
  }
  return send(res, 405, page('Sign-in error', '<p>Method not allowed.</p>'));
}

const server = createServer();
let handler = (_req, res) => send(res, 503, page('Starting', '<p>Starting.</p>'));
server.on('request', (req, res) => handler(req, res));

server.listen(requestedPort, host, () => {
  const { port } = server.address();
  const issuer = `http://${host}:${port}`;
  const provider = createProvider(issuer);
  const callback = provider.callback();
  handler = (req, res) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?\/?$/.exec(new URL(req.url, issuer).pathname);
    if (!match) return callback(req, res);
    interaction(provider, req, res, match[1], match[2]).catch((err) => {
      if (res.headersSent) return res.end();
      const expired = err?.name === 'SessionNotFound';
      send(res, expired ? 400 : 500, page('Sign-in error', `<p>${escapeHtml(err?.message ?? err)}</p>`));
    });
  };
  console.log(`OIDC issuer ready at ${issuer}`);
});

function stop() {
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
