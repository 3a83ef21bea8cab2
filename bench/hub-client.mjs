// A signed-in client of the hub API, as the web uses it: session cookie + x-csrf-token.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
// The build's CommonJS declares its exports as getters, which Node's named-import detection misses.
import demoSecrets from '../server/dist/config/demo-secrets.js';

export const { DEMO_PASSWORD } = demoSecrets;

export async function signIn(
  baseUrl,
  username = 'mario.rossi',
  password = DEMO_PASSWORD,
  signInHeaders = {},
) {
  const res = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...signInHeaders },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const body = await res.json();
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('paddock_session=')) ?? '';
  const cookie = setCookie.split(';')[0];
  const csrf = body.csrfToken ?? body.session?.csrfToken;
  const headers = { cookie, 'x-csrf-token': csrf ?? '', origin: baseUrl };
  await acceptDisclaimer(baseUrl, headers);
  return {
    baseUrl,
    headers,
    async get(path) {
      const r = await fetch(`${baseUrl}${path}`, { headers: this.headers });
      if (!r.ok) throw new Error(`GET ${path} answered ${r.status}: ${await r.text()}`);
      return r.json();
    },
  };
}

/** The hub refuses everything before the current disclaimer is accepted (SPEC §2), as a person does in its dialog. */
async function acceptDisclaimer(baseUrl, headers) {
  const current = await fetch(`${baseUrl}/api/profile/get-disclaimer`, { headers });
  if (current.status === 404) return;
  const { id } = await current.json();
  const res = await fetch(`${baseUrl}/api/profile/save-disclaimer-acceptance/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ accepted: true }),
  });
  if (res.status !== 200)
    throw new Error(`disclaimer acceptance answered ${res.status}: ${await res.text()}`);
}

/** Samples a process's resident set (VmRSS, bytes) every `everyMs` until stopped. */
export function rssSampler(pid, everyMs = 200) {
  const read = () => {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  };
  const samples = [];
  const timer = setInterval(() => samples.push(read()), everyMs);
  samples.push(read());
  return {
    read,
    samples,
    stop() {
      clearInterval(timer);
      samples.push(read());
      return { max: Math.max(...samples), last: samples[samples.length - 1], count: samples.length };
    },
  };
}

export function percentile(sorted, p) {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

/** The middle value of `values` (in any order). */
export const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export const MB = 1024 * 1024;
export const fmt = (n, digits = 1) => n.toFixed(digits);

/**
 * A baseline's bare server in a process of its own, as the hub has one (in the bench's process it
 * would share the client's event loop): `code` listens on a free loopback port and prints it; `arg`
 * is its process.argv[1]. Answers its URL and how to stop it.
 */
export async function startChildServer(code, arg) {
  const child = spawn(process.execPath, ['-e', code, arg], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = await once(child.stdout, 'data');
  return { url: `http://127.0.0.1:${String(line).trim()}/`, stop: () => child.kill() };
}
