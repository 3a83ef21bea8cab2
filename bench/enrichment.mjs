// Bulk tagging and the enrichment wizard (issue 13): N contents of the MARKETING enrichment folder
// changed by mario.rossi through the hub API (one job each: `POST /api/tags/bulk`, `POST
// /api/enrichment`; submit → completed watched via GET /api/jobs/:id) against the same provider
// writes made directly for another N contents with the service account, 50 contents a call (SPEC §7).
import { fmt, median, signIn } from './hub-client.mjs';
import { jobSeconds, providerCall, seedContentsIn, serviceLogin, waitForJob } from './workflow.mjs';

const CLIENT = 'paddock';
const TAG = { id: 'tag-exterior', classificationId: 'dmuyud' };
const METADATA = 'ggdyqo';
const NOTES = { key: 'notes-copyright', value: 'Bench enrichment' };
// The demo's mandatory definitions: the wizard refuses a selection that would stay without them.
const USAGE = { key: 'utilizzo', value: 'stampa' };
const AUTHOR = { key: 'authorinfo', value: 'Foto Studio' };
const CHUNK = 50;
/** Contents each side changes before the measured runs, not measured. */
const WARM_UP = 20;
/** Measured runs of each side; each figure is their median. */
const ROUNDS = 3;

async function taggedCount(db, ids) {
  const { rows } = await db.query(
    `SELECT count(DISTINCT ct.content_id)::int AS n FROM provider.content_tag ct
     JOIN provider.tag_definition t ON t.id = ct.tag_id
     WHERE ct.content_id = ANY($1::uuid[]) AND t.pretty_id = $2`,
    [ids, TAG.id],
  );
  return rows[0].n;
}

/** Each provider write of a job, made directly: `calls` are [path, body of one chunk's targets]. */
async function directly(providerUrl, token, ids, calls) {
  for (const [path, body] of calls)
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = ids.slice(i, i + CHUNK);
      await providerCall(
        providerUrl,
        token,
        path,
        body(
          part.map((id) => ({ id, entityType: 'CONTENT' })),
          part,
        ),
      );
    }
}

const tagCall = [
  `/xintelligence/resources/itag/bulkInsertMultiTargets/${CLIENT}/${TAG.classificationId}`,
  (targets) => ({ value: { tagId: { id: TAG.id }, targets } }),
];
const metadataCall = ({ key, value }) => [
  `/xintelligence/resources/imetadata/bulkInsertMultiTargets/${CLIENT}/${METADATA}`,
  (targets) => ({ value: { imetadata: { key, value }, targets } }),
];
// The wizard's job spends the user's drafts on what it enriched (the service account for them).
const draftsCall = [
  `/xcontents/resources/content/saveDraft/${CLIENT}`,
  (_targets, contentIds) => ({ contentIds, draft: null, username: 'mario.rossi' }),
];

/** The two jobs measured: what the hub is asked, and the provider writes that make it. */
const KINDS = {
  'bulk tag': {
    path: '/api/tags/bulk',
    body: { action: 'add', tags: [TAG] },
    calls: [tagCall],
    direct: 'itag/bulkInsertMultiTargets',
  },
  enrichment: {
    path: '/api/enrichment',
    body: { tags: { add: [TAG] }, metadata: [USAGE, AUTHOR], copyrightNotes: NOTES.value },
    calls: [tagCall, metadataCall(USAGE), metadataCall(AUTHOR), metadataCall(NOTES), draftsCall],
    direct: 'itag + 3 x imetadata bulk…MultiTargets and content/saveDraft',
  },
};

/** `kind`: 'bulk tag' or 'enrichment' (the wizard's confirmation). */
export async function benchEnrichment(
  db,
  { baseUrl, serviceUsername, servicePassword, count = 200, kind = 'bulk tag' },
) {
  const part = KINDS[kind];
  const { rows } = await db.query(`SELECT id FROM provider.category WHERE pretty_id = 'arrc03-marketing'`);
  const folderId = rows[0]?.id;
  if (!folderId) throw new Error('The MARKETING enrichment folder is missing: was the demo seed run?');
  const mario = await signIn(baseUrl, 'mario.rossi');
  const providerUrl = `${baseUrl}/provider`;

  /** The job through the hub on `ids`: submit → completed. */
  async function viaTheHub(ids) {
    const t0 = performance.now();
    const submitted = await fetch(`${baseUrl}${part.path}`, {
      method: 'POST',
      headers: { ...mario.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ contentIds: ids, folderId, ...part.body }),
    });
    if (submitted.status !== 202)
      throw new Error(`${part.path} answered ${submitted.status}: ${await submitted.text()}`);
    const { jobId } = await submitted.json();
    const submitMs = performance.now() - t0;
    const job = await waitForJob(mario, jobId);
    if (job.state !== 'completed' || job.result?.done !== ids.length)
      throw new Error(`the ${kind} job ended ${job.state}: ${JSON.stringify(job.result)}`);
    return { jobId, job, submitMs, hubSeconds: (performance.now() - t0) / 1000 };
  }

  // A running portal has made its first job and its first provider calls long before: both sides are
  // warmed on other contents first, so neither pays the process's first compilation of its code.
  const warmUp = await seedContentsIn(db, 2 * WARM_UP, `Arricchimento ${kind} riscaldamento`, [folderId]);
  await viaTheHub(warmUp.slice(0, WARM_UP));
  await directly(
    providerUrl,
    await serviceLogin(providerUrl, serviceUsername, servicePassword),
    warmUp.slice(WARM_UP),
    part.calls,
  );

  // Interleaved rounds on fresh contents, the side that goes first alternating: one run's direct
  // time moved by half from run to run on a quiet box, so each figure is the rounds' median.
  const rounds = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const viaHub = await seedContentsIn(db, count, `Arricchimento ${kind} hub ${round}`, [folderId]);
    const direct = await seedContentsIn(db, count, `Arricchimento ${kind} diretto ${round}`, [folderId]);
    const hubSide = async () => {
      const run = await viaTheHub(viaHub);
      return { ...run, runSeconds: await jobSeconds(db, run.jobId) };
    };
    const directSide = async () => {
      const t0 = performance.now();
      const token = await serviceLogin(providerUrl, serviceUsername, servicePassword);
      await directly(providerUrl, token, direct, part.calls);
      return (performance.now() - t0) / 1000;
    };
    let hub;
    let directSeconds;
    if (round % 2 === 0) {
      hub = await hubSide();
      directSeconds = await directSide();
    } else {
      directSeconds = await directSide();
      hub = await hubSide();
    }
    rounds.push({ ...hub, directSeconds });
    const hubOk = await taggedCount(db, viaHub);
    const directOk = await taggedCount(db, direct);
    if (hubOk !== count || directOk !== count)
      throw new Error(`tagged: ${hubOk} via the hub, ${directOk} directly (of ${count} each)`);
  }
  const runSeconds = median(rounds.map((r) => r.runSeconds));
  const directSeconds = median(rounds.map((r) => r.directSeconds));
  return {
    kind,
    count,
    rounds: ROUNDS,
    submitMs: median(rounds.map((r) => r.submitMs)),
    hubSeconds: median(rounds.map((r) => r.hubSeconds)),
    runSeconds,
    directSeconds,
    runsMs: rounds.map((r) => Math.round(r.runSeconds * 1000)),
    directMs: rounds.map((r) => Math.round(r.directSeconds * 1000)),
    calls: rounds[0].job.result.providerCalls,
    direct: `${part.direct}, 50 a call`,
    ratio: runSeconds / directSeconds,
  };
}

/** The table rows of a run (first cell starts with "bulk tag" or "enrichment": scripts/bench.mjs finds them by it). */
export function enrichmentRows(e) {
  return [
    [
      `${e.kind}, ${e.count} assets (mario.rossi, enrichment folder), hub API job`,
      `job p50 ${fmt(e.runSeconds * 1000)} ms (${e.runsMs.join(', ')}); submit → done ${fmt(e.hubSeconds, 2)} s (submit answered in ${fmt(e.submitMs)} ms; ${e.calls} change calls)`,
      `direct ${e.direct}, service account: p50 ${fmt(e.directSeconds * 1000)} ms (${e.directMs.join(', ')})`,
      `job ${fmt(e.ratio, 2)}x (goal <= 2x, P4); submit → done ${fmt(e.hubSeconds / e.directSeconds, 1)}x`,
    ],
  ];
}

export const ENRICHMENT_METHOD = `- **Bulk tag and enrichment**: 2 x 200 contents inserted by SQL in the MARKETING enrichment folder
  for each of ${ROUNDS} interleaved rounds (the side that goes first alternating; each figure is the rounds' median, the
  rounds' own in brackets), and 2 x 20 others changed first the same two ways, not measured (a running portal's code
  is warm; without it the first job of the process paid about twice its time). In each round 200 are changed by mario.rossi in one \`POST /api/tags/bulk\` (add tag-exterior),
  or one \`POST /api/enrichment\` (add tag-exterior, set the usage, the author and the copyright notes), timed from the submit until
  \`GET /api/jobs/:id\` (polled every 100 ms) reports the job completed: the submit reads the folder and the
  contents with the user's token and checks SPEC §6; the job reads the contents once (before), makes the
  change calls 50 contents a call with the service account and writes the audit rows 50 to a transaction.
  The other 200 get the same provider writes directly (bulk tag: 4 x itag/bulkInsertMultiTargets of 50;
  enrichment: 4 of each of the tag, the three metadata and the draft-clearing calls). Both sets are then checked in the
  database. The ratio is the job's own wall time (its record's creation to its completion) over the direct
  time; submit → done over direct time is shown beside it. Run only these parts with
  \`npm run bench -- --enrichment-only\`, or every job with \`--jobs-only\`.`;
