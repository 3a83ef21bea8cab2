// Named apart from oidc-issuer.mjs: Jest resolves `.mjs` before `.ts`, so `support/oidc-issuer` would load the script.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** An account of the test issuer (see oidc-issuer.mjs). `login` defaults to the e-mail. */
export interface OidcTestAccount {
  sub: string;
  email?: string;
  password: string;
  login?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email_verified?: boolean;
}

export interface OidcIssuerOptions {
  redirectUris: string[];
  accounts: OidcTestAccount[];
  clientId?: string;
  clientSecret?: string;
  /** 0 (default) picks a free port. */
  port?: number;
}

export interface OidcIssuer {
  /** http://127.0.0.1:PORT */
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

export const OIDC_TEST_CLIENT_ID = 'paddock';
export const OIDC_TEST_CLIENT_SECRET = 'paddock-sso-test-secret';

const SCRIPT = join(__dirname, 'oidc-issuer.mjs');
const READY = /OIDC issuer ready at (http:\/\/\S+)/;

/** Starts the real OpenID provider of oidc-issuer.mjs in a child process and waits until it listens. */
export async function startOidcIssuer(options: OidcIssuerOptions): Promise<OidcIssuer> {
  const clientId = options.clientId ?? OIDC_TEST_CLIENT_ID;
  const clientSecret = options.clientSecret ?? OIDC_TEST_CLIENT_SECRET;
  const child = spawn(process.execPath, [SCRIPT, String(options.port ?? 0)], {
    env: {
      PATH: process.env.PATH ?? '',
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_REDIRECT_URIS: options.redirectUris.join(','),
      OIDC_ACCOUNTS: JSON.stringify(options.accounts),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const issuer = await waitForReady(child);
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => stopChild(child),
  };
}

function waitForReady(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    let settled = false;
    const settle = (outcome: { issuer: string } | { why: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if ('issuer' in outcome) return resolve(outcome.issuer);
      child.kill('SIGKILL');
      reject(new Error(`The test OpenID issuer did not start: ${outcome.why}\n${stderr}`));
    };
    const timer = setTimeout(() => settle({ why: 'no ready line within 15 s' }), 15_000);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      if (settled) return;
      stdout += chunk;
      const match = READY.exec(stdout);
      if (match) settle({ issuer: match[1] });
    });
    child.once('exit', (code) => settle({ why: `exited with ${code}` }));
    child.once('error', (err) => settle({ why: err.message }));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
