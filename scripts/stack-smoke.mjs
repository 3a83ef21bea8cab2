// `npm run stack:smoke [-- --keep] [--no-build]`: the compose stack (local images, demo profile) tried through its
// proxy the way a browser uses it (issue 25): a supplier's tus upload in 8 chunks that land on both
// api containers, the asset in its folder's listing, an approver's accept watched over server-sent
// events while the api holding the stream is killed, the stream picked up again through the proxy
// on the other api until the job finishes. The portal image is built from this tree first
// (--no-build: the one there is); then the stack goes down with its volumes (--keep leaves it up). PADDOCK_PROJECT and PADDOCK_PORT choose the compose project and published port.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { root, run } from './lib.mjs';

const project = process.env.PADDOCK_PROJECT ?? 'paddock-smoke';
const port = process.env.PADDOCK_PORT ?? '43219';
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PADDOCK_PROJECT: project,
  PADDOCK_PORT: port,
  PADDOCK_IMAGES: 'local',
  PADDOCK_APP_IMAGE: process.env.PADDOCK_APP_IMAGE ?? 'paddock-app:smoke',
};
const DEMO_PASSWORD = 'Paddock-demo-2026';
const CHUNKS = 8;
const CHUNK_BYTES = 256 * 1024;
const UPSTREAM = 'x-paddock-upstream';
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const step = (text) => console.log(`[${seconds()} s] ${text}`);

function check(ok, message) {
  if (!ok) throw new Error(message);
}

/** Fails with the answer's body unless it has this status (the body is left unread when it does). */
async function checkStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
}

/** The container of one compose service of the stack (`all`: a stopped one too). */
function containerOf(service, all = false) {
  const id = execFileSync('docker', [
    'ps',
    all ? '-aq' : '-q',
    '--filter',
    `label=com.docker.compose.project=${project}`,
    '--filter',
    `label=com.docker.compose.service=${service}`,
  ])
    .toString()
    .trim();
  check(id, `no ${service} container`);
  return id;
}

/** The api service behind each address nginx names in X-Paddock-Upstream. */
function apiByAddress() {
  const byAddress = new Map();
  for (const service of ['api1', 'api2']) {
    const address = execFileSync('docker', [
      'inspect',
      '-f',
      '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}',
      containerOf(service),
    ])
      .toString()
      .trim();
    byAddress.set(`${address}:3000`, service);
  }
  return byAddress;
}

/** The api that answered: the last address nginx tried (an earlier one did not answer). */
const upstreamOf = (res, apis) => apis.get(res.headers.get(UPSTREAM)?.split(', ').pop());

/** A portal session through the proxy: cookie and CSRF token on every call, the disclaimer accepted. */
async function signIn(username) {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  check(res.status === 200, `${username} cannot sign in: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const auth = { cookie, 'x-csrf-token': (await res.json()).csrfToken };
  const call = (method, path, { json, body, headers = {} } = {}) =>
    fetch(new URL(path, base), {
      method,
      headers: { ...auth, ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: json === undefined ? body : JSON.stringify(json),
    });
  const disclaimer = await (await call('GET', '/api/profile/get-disclaimer')).json();
  const accepted = await call('POST', `/api/profile/save-disclaimer-acceptance/${disclaimer.id}`, {
    json: { accepted: true },
  });
  check(accepted.status === 200, `${username} cannot accept the disclaimer: ${accepted.status}`);
  return call;
}

/** The id of the folder with this pretty id (its code) in the user's tree. */
async function folderId(call, prettyId) {
  const pending = [...(await (await call('GET', '/api/folders/tree')).json()).roots];
  while (pending.length) {
    const node = pending.pop();
    if (node.prettyId === prettyId) return node.id;
    pending.push(...node.children);
  }
  throw new Error(`no folder ${prettyId} in the tree`);
}

/** A tus 1.0 upload in CHUNKS PATCHes; returns the upload's result and the api of each chunk. */
async function tusUpload(call, folder, filename, apis) {
  const bytes = randomBytes(CHUNKS * CHUNK_BYTES);
  const tus = { 'Tus-Resumable': '1.0.0' };
  const created = await call('POST', '/api/uploads', {
    headers: {
      ...tus,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': Object.entries({ filename, folderId: folder })
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    },
  });
  await checkStatus(created, 201, 'tus creation');
  const location = new URL(created.headers.get('location'), `${base}/api/uploads/`).pathname;
  const chunkApis = [];
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    const res = await call('PATCH', location, {
      headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: bytes.subarray(offset, offset + CHUNK_BYTES),
    });
    await checkStatus(res, 204, `PATCH at ${offset}`);
    check(
      res.headers.get('upload-offset') === String(offset + CHUNK_BYTES),
      `PATCH at ${offset} left the offset at ${res.headers.get('upload-offset')}`,
    );
    chunkApis.push(upstreamOf(res, apis));
  }
  const result = await call('GET', `${location}/result`);
  await checkStatus(result, 200, "the upload's result");
  return { result: await result.json(), chunkApis };
}

/**
 * A job's event stream as a browser's EventSource reads it: the api holding it, and an iterator
 * over its events that ends when the stream ends or breaks.
 */
async function openEvents(call, jobId, apis) {
  const res = await call('GET', `/api/jobs/${jobId}/events`, { headers: { accept: 'text/event-stream' } });
  check(res.status === 200, `the event stream answered ${res.status}`);
  async function* events() {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const bytes of res.body) {
        buffer += decoder.decode(bytes, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) yield JSON.parse(data.slice(6));
        }
      }
    } catch {
      // The api holding the stream died: the stream is over, as for EventSource's `error`.
    }
  }
  return { api: upstreamOf(res, apis), events: events() };
}

const docker = (...args) => execFileSync('docker', args, { stdio: ['ignore', 'ignore', 'inherit'] });
const stack = (...args) => run('node', ['scripts/stack.mjs', ...args], { cwd: root, env });

async function smoke() {
  // The demo accounts exist once the seed has run.
  check(
    execFileSync('docker', ['wait', containerOf('seed', true)])
      .toString()
      .trim() === '0',
    'the demo seed failed',
  );
  const apis = apiByAddress();

  step(`upload: foto.studio sends ${CHUNKS} chunks of ${CHUNK_BYTES / 1024} KiB by tus through the proxy`);
  const supplier = await signIn('foto.studio');
  const sent = await folderId(supplier, 'lvrr02-marketing');
  const filename = `smoke-${Date.now()}.bin`;
  const { result, chunkApis } = await tusUpload(supplier, sent, filename, apis);
  console.log(`  chunks taken by: ${chunkApis.join(' ')}`);
  check(
    chunkApis.includes('api1') && chunkApis.includes('api2'),
    'the chunks did not land on both api containers',
  );

  const listing = await (
    await supplier('GET', `/api/assets?${new URLSearchParams({ folderId: sent, q: 'smoke', limit: '50' })}`)
  ).json();
  check(
    listing.items.some((a) => a.id === result.contentId),
    `the upload ${result.contentId} is not in its folder's listing`,
  );
  step(`the asset ${result.contentId} is in its folder's listing`);

  // The workers wait while the stream moves from one api to the other, so the job is still to run
  // when the stream comes back: what the client sees finish, it sees over the second api.
  const workers = ['worker1', 'worker2'].map(containerOf);
  docker('pause', ...workers);
  let paused = true;
  try {
    const approver = await signIn('anna.bianchi');
    const stepOne = await folderId(approver, 'appstp1-marketing');
    const submitted = await approver('POST', '/api/workflow/accept', {
      json: { contentIds: [result.contentId], folderId: stepOne },
    });
    await checkStatus(submitted, 202, 'accept');
    const { jobId } = await submitted.json();

    const first = await openEvents(approver, jobId, apis);
    const before = (await first.events.next()).value;
    step(`job ${jobId} streamed by ${first.api}: ${before?.state}`);
    check(before && !['completed', 'failed'].includes(before.state), 'the job ended before the kill');
    docker('kill', containerOf(first.api));
    for await (const event of first.events) check(false, `an event after the kill: ${JSON.stringify(event)}`);
    step(`killed ${first.api}: its stream ended`);

    const second = await openEvents(approver, jobId, apis);
    check(second.api && second.api !== first.api, `the stream came back on ${second.api}`);
    step(`the client reconnected through the proxy to ${second.api}`);
    docker('unpause', ...workers);
    paused = false;
    let last;
    for await (const event of second.events) last = event;
    check(last?.state === 'completed', `the job ended as ${JSON.stringify(last)}`);
    step(`the job finished, seen over ${second.api}: ${JSON.stringify(last)}`);
  } finally {
    if (paused) docker('unpause', ...workers);
  }
}

const keep = process.argv.includes('--keep');
let failure;
// Down again whatever failed, bringing it up included.
const up = spawnSync(
  'node',
  ['scripts/stack.mjs', '--demo', ...(process.argv.includes('--no-build') ? [] : ['--build'])],
  { cwd: root, env, stdio: 'inherit' },
);
if (up.status !== 0) failure = new Error(`the stack did not come up (exit ${up.status})`);
else
  try {
    step(`stack ${project} up on ${base}`);
    await smoke();
  } catch (error) {
    failure = error;
  }
if (!keep) stack('compose', '--demo', 'down', '-v');
if (failure) {
  console.error(`✗ stack smoke failed after ${seconds()} s: ${failure.message}`);
  process.exit(1);
}
console.log(`✓ stack smoke passed in ${seconds()} s`);
