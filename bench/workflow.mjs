// Bulk accept at approval step 1: N contents accepted by anna.bianchi through the hub API (one
// workflow job, submit → completed watched via GET /api/jobs/:id) against the same provider calls
// made directly over the provider HTTP API with the workflow service account for another N contents
// (tag wf-accepted, metadata accepted_by, link step 2, unlink step 1, one asset after the other as
// the job does). The difference is what the job system costs per asset.
import { fmt, signIn } from './hub-client.mjs';

const CLASSIFICATION = 'ggdyqo';
const ACCEPTED_TAG = 'wf-accepted';
const CLIENT = 'paddock';

/** N contents at step 1 of MARKETING, by SQL (a supplier delivery's two links), named by `set`. */
function seedAtStep1(db, count, set, folders) {
  return seedContentsIn(db, count, `Consegna ${set}`, [folders.step1, folders.supplierWork]);
}

/** N image contents by SQL, named `<prefix> <id>.jpg` in IT and EN, linked to each of `folderIds`. */
export async function seedContentsIn(db, count, prefix, folderIds) {
  const { rows } = await db.query(
    `WITH seeded AS (
       INSERT INTO provider.content
         (id, content_type, source_extension, owner_username, owner_full_name, state, version, created_at, updated_at)
       SELECT gen_random_uuid(), 'IMAGE', 'jpg', 'foto.studio', 'Foto Studio', 'READY', 1, now(), now()
       FROM generate_series(1, $1::int) g
       RETURNING id)
     SELECT id FROM seeded ORDER BY id`,
    [count],
  );
  const ids = rows.map((r) => r.id);
  await db.query(
    `INSERT INTO provider.content_locale (content_id, locale, name)
     SELECT id, l, $2 || ' ' || left(id::text, 8) || '.jpg' FROM unnest($1::uuid[]) id, unnest(ARRAY['IT','EN']) l`,
    [ids, prefix],
  );
  await db.query(
    `INSERT INTO provider.content_category (category_id, content_id, linked_at)
     SELECT f, id, now() FROM unnest($1::uuid[]) id, unnest($2::uuid[]) f`,
    [ids, folderIds],
  );
  return ids;
}

/** How many of `ids` sit in step 2 (not step 1) with the accepted tag and accepted_by. */
async function acceptedCount(db, ids, folders, by) {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM unnest($1::uuid[]) c(id)
     WHERE EXISTS (SELECT 1 FROM provider.content_category cc WHERE cc.content_id = c.id AND cc.category_id = $2)
       AND NOT EXISTS (SELECT 1 FROM provider.content_category cc WHERE cc.content_id = c.id AND cc.category_id = $3)
       AND EXISTS (SELECT 1 FROM provider.content_tag ct JOIN provider.tag_definition t ON t.id = ct.tag_id
                   WHERE ct.content_id = c.id AND t.pretty_id = $4)
       AND EXISTS (SELECT 1 FROM provider.content_metadata m
                   WHERE m.content_id = c.id AND m.key = 'accepted_by' AND m.value = $5)`,
    [ids, folders.step2, folders.step1, ACCEPTED_TAG, by],
  );
  return rows[0].n;
}

export async function providerCall(providerUrl, token, path, body) {
  const res = await fetch(`${providerUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-TOKENID': token },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (res.status !== 200 || (answer.resultCode && answer.resultCode !== 'OK'))
    throw new Error(`${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

export async function serviceLogin(providerUrl, username, password) {
  const res = await fetch(`${providerUrl}/xsso/resources/accessmanager/login/${CLIENT}`, {
    method: 'POST',
    body: new URLSearchParams({ username, password }),
  });
  const body = await res.json();
  if (!body.tokenId) throw new Error(`service login answered ${res.status}: ${JSON.stringify(body)}`);
  return body.tokenId;
}

/** The job's provider writes for one content, made directly. */
async function acceptDirectly(providerUrl, token, id, folders) {
  const target = { id, entityType: 'CONTENT' };
  await providerCall(
    providerUrl,
    token,
    `/xintelligence/resources/itag/bulkInsertMultiTargets/${CLIENT}/${CLASSIFICATION}`,
    { value: { tagId: { id: ACCEPTED_TAG }, targets: [target] } },
  );
  await providerCall(
    providerUrl,
    token,
    `/xintelligence/resources/imetadata/bulkInsert/${CLIENT}/${CLASSIFICATION}`,
    {
      value: { imetadata: [{ key: 'accepted_by', value: 'anna.bianchi' }], target },
    },
  );
  await providerCall(providerUrl, token, `/xcontents/resources/contentcategory/link/${CLIENT}`, {
    categoryId: folders.step2,
    items: { ids: [id] },
  });
  await providerCall(providerUrl, token, `/xcontents/resources/contentcategory/unlink/${CLIENT}`, {
    categoryId: folders.step1,
    items: { ids: [id] },
  });
}

export async function waitForJob(client, jobId) {
  for (;;) {
    const job = await client.get(`/api/jobs/${jobId}`);
    if (job.state === 'completed' || job.state === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The job's own wall time in seconds, as its record says: from its creation (the submit's checks
 * done, the job enqueued) to its completion — the time the job system and the handler take, without
 * the submit's checks or the watcher's polling.
 */
export async function jobSeconds(db, jobId) {
  const { rows } = await db.query(
    `SELECT extract(epoch FROM finished_at - created_at)::float8 AS s FROM hub.job_record WHERE id = $1`,
    [jobId],
  );
  return rows[0].s;
}

export async function benchWorkflow(db, { baseUrl, serviceUsername, servicePassword, count = 200 }) {
  const { rows } = await db.query(
    `SELECT id, pretty_id FROM provider.category
     WHERE pretty_id IN ('appstp1-marketing', 'appstp2-marketing', 'lvrr02-marketing')`,
  );
  const byCode = Object.fromEntries(rows.map((r) => [r.pretty_id, r.id]));
  const folders = {
    step1: byCode['appstp1-marketing'],
    step2: byCode['appstp2-marketing'],
    supplierWork: byCode['lvrr02-marketing'],
  };
  if (!folders.step1 || !folders.step2 || !folders.supplierWork)
    throw new Error('The MARKETING approval folders are missing: was the demo seed run?');
  const viaHub = await seedAtStep1(db, count, 'hub', folders);
  const direct = await seedAtStep1(db, count, 'direct', folders);

  const anna = await signIn(baseUrl, 'anna.bianchi');
  let t0 = performance.now();
  const submitted = await fetch(`${baseUrl}/api/workflow/accept`, {
    method: 'POST',
    headers: { ...anna.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ contentIds: viaHub, folderId: folders.step1 }),
  });
  if (submitted.status !== 202)
    throw new Error(`accept answered ${submitted.status}: ${await submitted.text()}`);
  const { jobId } = await submitted.json();
  const submitMs = performance.now() - t0;
  const job = await waitForJob(anna, jobId);
  const hubSeconds = (performance.now() - t0) / 1000;
  if (job.state !== 'completed' || job.result?.done !== count)
    throw new Error(`the accept job ended ${job.state}: ${JSON.stringify(job.result)}`);
  const runSeconds = await jobSeconds(db, jobId);

  const providerUrl = `${baseUrl}/provider`;
  t0 = performance.now();
  const token = await serviceLogin(providerUrl, serviceUsername, servicePassword);
  for (const id of direct) await acceptDirectly(providerUrl, token, id, folders);
  const directSeconds = (performance.now() - t0) / 1000;

  const hubOk = await acceptedCount(db, viaHub, folders, 'anna.bianchi');
  const directOk = await acceptedCount(db, direct, folders, 'anna.bianchi');
  if (hubOk !== count || directOk !== count)
    throw new Error(`accepted in step 2: ${hubOk} via the hub, ${directOk} directly (of ${count} each)`);
  const perHub = (hubSeconds * 1000) / count;
  const perDirect = (directSeconds * 1000) / count;
  return {
    count,
    submitMs,
    hubSeconds,
    runSeconds,
    directSeconds,
    perHub,
    perDirect,
    ratio: runSeconds / directSeconds,
  };
}

/** The table rows of a run (first cell starts with "workflow": scripts/bench.mjs finds them by it). */
export function workflowRows(w) {
  return [
    [
      `workflow bulk accept, ${w.count} assets (anna.bianchi, step 1 → 2), hub API job`,
      `job ${fmt(w.runSeconds, 2)} s; submit → done ${fmt(w.hubSeconds, 2)} s, ${fmt(w.perHub)} ms/asset (submit answered in ${fmt(w.submitMs)} ms)`,
      `direct provider calls, service account: ${fmt(w.directSeconds, 2)} s, ${fmt(w.perDirect)} ms/asset`,
      `job ${fmt(w.ratio, 2)}x (goal <= 2x, P4); submit → done ${fmt(w.hubSeconds / w.directSeconds, 2)}x`,
    ],
  ];
}

export const WORKFLOW_METHOD = `- **Workflow**: 2 x 200 contents inserted by SQL at MARKETING approval step 1 (linked to step 1
  and the supplier work folder, as a supplier delivery). The first 200 are accepted by anna.bianchi in one
  \`POST /api/workflow/accept\`, timed from the submit until \`GET /api/jobs/:id\` (polled every 100 ms)
  reports the job completed; 50 contents at a time the job reads them in one call (before), then per asset adds
  the tag, sets accepted_by, links step 2, unlinks step 1 with the service account (8 assets at a time), reads the
  50 again in one call (after) and writes their audit rows in one transaction. The other 200 get
  the same four provider calls directly over the provider HTTP API with the service account's token,
  one asset after the other. Both sets are then checked in the database (in step 2 only,
  tagged, accepted_by). The ratio is the job's own wall time (its record's creation to its completion:
  queue, reads of the contents for the audit's before/after, progress and audit writes) over the direct
  time; submit → done over direct time is shown beside it. Run only this part
  with \`npm run bench -- --workflow-only\` (no 100,000-content catalogue; it replaces just these rows).`;
