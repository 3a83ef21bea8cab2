// The cluster suite's crashes (issue 25 part 3): a worker killed in the middle of a bulk accept of
// 200 assets, the api holding a job's event stream killed, and one api killed under load.
import { check, sleep, until } from './containers.mjs';
import { checkStatus } from './portal.mjs';
import { FOLDERS, archivedPictures } from './flows.mjs';

const BULK = 200;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A killed api comes back with the address nginx may no longer have: nginx reloads and resolves again.
 * The old nginx workers close their keep-alive connections as they go; a request sent on one of those
 * in that instant fails ("fetch failed", a sign-in of the next scenario did). So the reload is done
 * once the proxy answers again and the client's pool has let the closed connections go.
 */
async function restartApi(s, service) {
  await s.containers.restart(service);
  s.containers.reloadProxy();
  const answers = () =>
    fetch(`${s.base}/api/health`).then(
      async (r) => {
        await r.arrayBuffer();
        return r.ok;
      },
      () => false,
    );
  await until(answers, { attempts: 120, everyMs: 250 }, 'the proxy did not answer within 30 s of its reload');
  await sleep(1000);
}

export async function bulkAcceptWorkerKilled(s) {
  const supplier = await s.portal.signIn('foto.studio');
  let started = Date.now();
  const ids = await s.portal.uploadMany(
    supplier,
    await s.portal.folderId(supplier, FOLDERS.supplier),
    `bulk-${Date.now()}`,
    BULK,
    12,
  );
  s.figure(`seed ${BULK} assets (tus, 12 at a time)`, seconds(Date.now() - started));

  const anna = await s.portal.signIn('anna.bianchi');
  const step1 = await s.portal.folderId(anna, FOLDERS.step1);
  // Each delivery enters step 1 once its pre-flight job lets it (issue 27).
  await s.portal.whenListed(anna, step1, ids);
  // worker2 waits while worker1 takes the job, so the job is known to be on worker1 when it dies.
  s.containers.pause('worker2');
  let paused = true;
  try {
    started = Date.now();
    const submitted = await anna('POST', '/api/workflow/accept', {
      json: { contentIds: ids, folderId: step1 },
    });
    await checkStatus(submitted, 202, `the accept of ${BULK}`);
    const { jobId } = await submitted.json();
    const { events } = await s.portal.openEvents(anna, jobId);
    let event;
    do event = (await events.next()).value;
    while (event && !(event.state === 'active' && event.progress > 0));
    check(event?.state === 'active', `the job ended before the kill: ${JSON.stringify(event)}`);
    s.containers.kill('worker1');
    const killed = Date.now();
    s.log(`killed worker1 at ${event.progress} % of job ${jobId}`);
    s.containers.unpause('worker2');
    paused = false;
    let resumed;
    let requeued = false;
    let last = event;
    for await (const next of events) {
      // Back in the queue once the lock lapsed, then running on worker2 (the ledger skips what was done).
      requeued ||= next.state === 'waiting';
      if (!resumed && next.state === 'active' && (requeued || next.progress > event.progress))
        resumed = Date.now();
      last = next;
    }
    check(last.state === 'completed', `the job ended as ${JSON.stringify(last)}`);
    // worker1 may have moved a batch whose outcomes it had not yet recorded: worker2 finds those
    // already at step 1 and counts them unchanged. None may fail or be left out.
    const { done = 0, unchanged = 0, failed = 1 } = last.result ?? {};
    check(
      done + unchanged === BULK && failed === 0,
      `the accept of ${BULK} gave ${JSON.stringify(last.result)}`,
    );
    s.figure(
      'bulk accept result: done, unchanged (moved before the kill, not yet recorded)',
      `${done}, ${unchanged}`,
    );
    s.figure(
      `bulk accept of ${BULK}, submit to completed (one worker killed)`,
      seconds(Date.now() - started),
    );
    if (resumed)
      s.figure('job handover: worker1 killed → progress again on worker2', seconds(resumed - killed));
    s.figure('worker1 killed → the job completed', seconds(Date.now() - killed));
  } finally {
    if (paused) s.containers.unpause('worker2');
    await s.containers.restart('worker1');
  }
}

export async function eventStreamApiKilled(s) {
  const supplier = await s.portal.signIn('foto.studio');
  const [id] = await s.portal.uploadMany(
    supplier,
    await s.portal.folderId(supplier, FOLDERS.supplier),
    `sse-${Date.now()}`,
    1,
    1,
  );
  const apis = s.containers.apiByAddress();
  const anna = await s.portal.signIn('anna.bianchi');
  const step1 = await s.portal.folderId(anna, FOLDERS.step1);
  // The delivery enters step 1 once its pre-flight job lets it (issue 27): before the workers pause.
  await s.portal.whenListed(anna, step1, [id]);
  // The workers wait while the stream moves from one api to the other, so the job is still to run
  // when the stream comes back: what the client sees finish, it sees over the second api.
  s.containers.pause('worker1', 'worker2');
  let paused = true;
  let killedApi;
  try {
    const submitted = await anna('POST', '/api/workflow/accept', {
      json: { contentIds: [id], folderId: step1 },
    });
    await checkStatus(submitted, 202, 'accept');
    const { jobId } = await submitted.json();

    const first = await s.portal.openEvents(anna, jobId, apis);
    const before = (await first.events.next()).value;
    s.log(`job ${jobId} streamed by ${first.api}: ${before?.state}`);
    check(first.api, 'the stream came from no known api');
    check(before && !['completed', 'failed'].includes(before.state), 'the job ended before the kill');
    s.containers.kill(first.api);
    killedApi = first.api;
    const killed = Date.now();
    for await (const event of first.events) check(false, `an event after the kill: ${JSON.stringify(event)}`);

    const second = await s.portal.openEvents(anna, jobId, apis);
    check(second.api && second.api !== first.api, `the stream came back on ${second.api}`);
    const again = (await second.events.next()).value;
    check(again, 'the second stream sent nothing');
    s.figure(
      `event stream: ${first.api} killed → first event from ${second.api}`,
      seconds(Date.now() - killed),
    );
    s.containers.unpause('worker1', 'worker2');
    paused = false;
    let last = again;
    for await (const event of second.events) last = event;
    check(last?.state === 'completed', `the job ended as ${JSON.stringify(last)}`);
    s.log(`the job finished, seen over ${second.api}`);
  } finally {
    if (paused) s.containers.unpause('worker1', 'worker2');
    if (killedApi) await restartApi(s, killedApi);
  }
}

/**
 * Lanes of requests as browsers send them — listings (GET, which nginx may retry on the other api)
 * and ZIP preparations (POST, which it may not) — with api1 killed in the middle: only the
 * requests in flight on it may fail, at most one a lane, and none once it is gone.
 */
export async function apiKilledUnderLoad(s) {
  const LANES = 8;
  const BEFORE_MS = 4000;
  const AFTER_MS = 8000;
  const mario = await s.portal.signIn('mario.rossi');
  const {
    folder: archive,
    ids: [assetId],
  } = await archivedPictures(s, mario);
  const requests = [];
  let killedAt = Infinity;
  const stopAt = Date.now() + BEFORE_MS + AFTER_MS;
  const lane = async (n) => {
    while (Date.now() < stopAt) {
      const post = n % 2 === 1;
      const sent = Date.now();
      let ok;
      try {
        const res = post
          ? await mario('POST', '/api/downloads', {
              json: { contentIds: [assetId], images: ['original'], videos: [], folderId: archive },
            })
          : await mario('GET', `/api/assets?${new URLSearchParams({ folderId: archive, limit: '20' })}`);
        ok = res.status === 200;
        await res.arrayBuffer();
      } catch {
        ok = false;
      }
      requests.push({ post, sent, ended: Date.now(), ok });
    }
  };
  const load = Promise.all(Array.from({ length: LANES }, (_, n) => lane(n)));
  await sleep(BEFORE_MS);
  s.containers.kill('api1');
  killedAt = Date.now();
  await load;
  const failed = requests.filter((r) => !r.ok);
  const inFlight = requests.filter((r) => r.sent <= killedAt && r.ended >= killedAt);
  s.figure(
    `api1 killed under load (${LANES} lanes): requests, failed, in flight at the kill`,
    `${requests.length}, ${failed.length} (${failed.filter((r) => r.post).length} POST), ${inFlight.length}`,
  );
  const late = failed.filter((r) => r.sent > killedAt);
  check(late.length === 0, `${late.length} requests sent after the kill failed`);
  check(
    failed.every((r) => r.sent <= killedAt && r.ended >= killedAt),
    'a request that ended before the kill failed',
  );
  check(requests.filter((r) => r.sent > killedAt).length > LANES, 'hardly any request after the kill');
}
