// Bulk tagging (issue 13): N contents of the MARKETING enrichment folder tagged by mario.rossi through
// the hub API (one `POST /api/tags/bulk` job, submit → completed watched via GET /api/jobs/:id)
// against the same provider calls made directly for another N contents: itag/bulkInsertMultiTargets
// with the service account, 50 contents a call (SPEC §7).
import { fmt, signIn } from './hub-client.mjs';
import { providerCall, seedContentsIn, serviceLogin, waitForJob } from './workflow.mjs';

const CLIENT = 'paddock';
const TAG = { id: 'tag-exterior', classificationId: 'dmuyud' };
const CHUNK = 50;

async function taggedCount(db, ids) {
  const { rows } = await db.query(
    `SELECT count(DISTINCT ct.content_id)::int AS n FROM provider.content_tag ct
     JOIN provider.tag_definition t ON t.id = ct.tag_id
     WHERE ct.content_id = ANY($1::uuid[]) AND t.pretty_id = $2`,
    [ids, TAG.id],
  );
  return rows[0].n;
}

export async function benchEnrichment(db, { baseUrl, serviceUsername, servicePassword, count = 200 }) {
  const { rows } = await db.query(`SELECT id FROM provider.category WHERE pretty_id = 'arrc03-marketing'`);
  const folderId = rows[0]?.id;
  if (!folderId) throw new Error('The MARKETING enrichment folder is missing: was the demo seed run?');
  const viaHub = await seedContentsIn(db, count, 'Arricchimento hub', [folderId]);
  const direct = await seedContentsIn(db, count, 'Arricchimento diretto', [folderId]);

  const mario = await signIn(baseUrl, 'mario.rossi');
  let t0 = performance.now();
  const submitted = await fetch(`${baseUrl}/api/tags/bulk`, {
    method: 'POST',
    headers: { ...mario.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ contentIds: viaHub, folderId, action: 'add', tags: [TAG] }),
  });
  if (submitted.status !== 202)
    throw new Error(`tags/bulk answered ${submitted.status}: ${await submitted.text()}`);
  const { jobId } = await submitted.json();
  const submitMs = performance.now() - t0;
  const job = await waitForJob(mario, jobId);
  const hubSeconds = (performance.now() - t0) / 1000;
  if (job.state !== 'completed' || job.result?.done !== count)
    throw new Error(`the bulk tag job ended ${job.state}: ${JSON.stringify(job.result)}`);

  const providerUrl = `${baseUrl}/provider`;
  t0 = performance.now();
  const token = await serviceLogin(providerUrl, serviceUsername, servicePassword);
  for (let i = 0; i < direct.length; i += CHUNK)
    await providerCall(
      providerUrl,
      token,
      `/xintelligence/resources/itag/bulkInsertMultiTargets/${CLIENT}/${TAG.classificationId}`,
      {
        value: {
          tagId: { id: TAG.id },
          targets: direct.slice(i, i + CHUNK).map((id) => ({ id, entityType: 'CONTENT' })),
        },
      },
    );
  const directSeconds = (performance.now() - t0) / 1000;

  const hubOk = await taggedCount(db, viaHub);
  const directOk = await taggedCount(db, direct);
  if (hubOk !== count || directOk !== count)
    throw new Error(`tagged: ${hubOk} via the hub, ${directOk} directly (of ${count} each)`);
  return {
    count,
    submitMs,
    hubSeconds,
    directSeconds,
    calls: job.result.providerCalls,
    ratio: hubSeconds / directSeconds,
  };
}

/** The table rows of a run (first cell starts with "bulk tag": scripts/bench.mjs finds them by it). */
export function enrichmentRows(e) {
  return [
    [
      `bulk tag, ${e.count} assets (mario.rossi, enrichment folder), hub API job`,
      `${fmt(e.hubSeconds, 2)} s (submit answered in ${fmt(e.submitMs)} ms; ${e.calls} tag calls)`,
      `direct itag/bulkInsertMultiTargets, 50 a call, service account: ${fmt(e.directSeconds * 1000)} ms`,
      `${fmt(e.ratio, 1)}x; job overhead ${fmt(((e.hubSeconds - e.directSeconds) * 1000) / e.count)} ms/asset`,
    ],
  ];
}

export const ENRICHMENT_METHOD = `- **Bulk tag**: 2 x 200 contents inserted by SQL in the MARKETING enrichment folder. The first 200
  are tagged by mario.rossi in one \`POST /api/tags/bulk\` (add tag-exterior), timed from the submit until
  \`GET /api/jobs/:id\` (polled every 100 ms) reports the job completed: the submit reads the folder and the
  contents with the user's token and checks SPEC §6; the job reads the contents (before), makes the tag calls
  50 contents a call with the service account, reads them again (after) and writes one audit row per content.
  The other 200 get the same tag calls directly (4 x itag/bulkInsertMultiTargets of 50). Both sets are then
  checked in the database. The overhead is the difference per asset. Run only this part with
  \`npm run bench -- --enrichment-only\`.`;
