// `npm run bench -- --load`: 200 clients in a closed loop on loopback, listing and searching
// mario.rossi's department archive 50 a page, with and without a text query (issue 26 point 1).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

export const LOAD_CONNECTIONS = 200;
const WARMUP_SECONDS = 5;
const MEASURED_SECONDS = 20;

/** The pages the clients cycle through: the archive's first page, and a word's hits in it. */
export function loadPaths(archiveId, word) {
  const folder = `/api/assets?folderId=${archiveId}&limit=50`;
  return [folder, `${folder}&q=${word}`];
}

/**
 * Runs the load generator in its own process against `client`'s hub, or spread over `baseUrls` (api
 * processes of one installation); figures plus the 1-minute load average.
 */
export async function benchLoad(
  client,
  paths,
  { connections = LOAD_CONNECTIONS, baseUrls = [client.baseUrl] } = {},
) {
  const figures = await generate('./load-client.mjs', [
    baseUrls.join(','),
    JSON.stringify(client.headers),
    JSON.stringify(paths),
    String(connections),
    String(WARMUP_SECONDS),
    String(MEASURED_SECONDS),
  ]);
  return { ...figures, connections, loadAverage: loadavg()[0] };
}

export const LOAD_METHOD = `- **Load** (\`--load\`): ${LOAD_CONNECTIONS} clients in a closed loop (each sends its next request as soon as
  its answer is read) from a second process over undici on loopback, signed in as mario.rossi, alternating
  \`GET /api/assets?folderId=<Marketing department archive>&limit=50\` and the same with \`&q=press\` (a third of
  the names); ${WARMUP_SECONDS} s of warm-up, then ${MEASURED_SECONDS} s measured. Run three times in one bench run on the same catalogue: the hub
  calling the built-in provider in-process (the default when PROVIDER_URL is unset); the same with a second api
  process (PROCESS_ROLE=api) beside it, the clients dealt to the two in turn as a proxy would (its own cost not
  included); then the hub alone, restarted with PROVIDER_URL naming its own /provider (the HTTP transport a real
  THRON uses, where nothing is kept between requests). The load average is the 1-minute one read at the end of
  each run.`;

export const BROWSING_PEOPLE = 200;
/** How long the people browse once the last of them may have arrived. */
const BROWSING_SECONDS = 40;
/**
 * Over how many seconds the people arrive, one run each: all at once (the burst a load test's
 * "everyone at 9:00" is), and at ten a second, as a working day's people come in. In the first
 * the arrival alone asks about 3,000 calls of two processes in 2 s.
 */
export const BROWSING_ARRIVALS = [2, 20];

/**
 * 200 people browsing at once, each with a session of their own (bench/browse-client.mjs), over
 * `baseUrls`, arriving over `arrivalSeconds`; `signIn(address)` opens one session from that browser
 * address; `onStart` is told when the sessions are open and the browsing begins. Per call kind:
 * count, p50, p95, p99; plus errors and the 1-minute load average.
 */
export async function benchBrowsing(
  signIn,
  baseUrls,
  archiveId,
  word,
  { arrivalSeconds, onStart = () => undefined },
) {
  const people = BROWSING_PEOPLE;
  const sessions = [];
  // Sign-ins one after another: each is a provider login, the costliest call of all, and not what is
  // measured. Each from an address of its own, as people behind the proxy are (the sign-in throttle
  // counts attempts per address).
  for (let i = 0; i < people; i++) sessions.push((await signIn(`10.26.${i >> 8}.${i & 255}`)).headers);
  onStart();
  const figures = await generate('./browse-client.mjs', [
    baseUrls.join(','),
    JSON.stringify(sessions),
    archiveId,
    word,
    String(arrivalSeconds + BROWSING_SECONDS),
    String(arrivalSeconds),
  ]);
  return { ...figures, people, loadAverage: loadavg()[0] };
}

export const BROWSING_METHOD = `- **Browsing** (\`--load\`): ${BROWSING_PEOPLE} people at once, each signed in with a session of their
  own (as mario.rossi), over the two api processes, for ${BROWSING_SECONDS} s after the last may have arrived; run twice,
  each on api processes started afresh (every cache cold): the people arriving at random moments of the first
  ${BROWSING_ARRIVALS.join(' s, then of the first ')} s. Each repeats what the
  archive page makes a browser do: a page of the Marketing department archive (the next one by its cursor,
  back to the first after five) or, every third time, a search for \`press\`; the total beside it; the
  thumbnails of the page's first 12 cards not fetched yet, six at a time (a browser keeps them: their address
  carries the version), each a real 400 px JPEG file in the blob store as the derivatives job writes one (the
  seed gives every content one of 16); one card's detail; then 2–4 s to look. Figures per kind of call, for the whole run
  and for the calls started after its first 10 s (the arrival's burst, with every process's caches cold,
  is in the first).`;

/** Runs a generator of this folder in its own process (it must not share the hub's event loop); its last line's JSON. */
async function generate(script, args) {
  const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url)), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
  return JSON.parse(out.trim().split('\n').pop());
}
