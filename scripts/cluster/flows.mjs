// The cluster suite's everyday flows through the proxy (issue 25 part 3): a supplier's tus upload
// whose chunks land on both api containers, its two approval steps, its enrichment, an external
// share opened by its recipient from the invitation e-mail, and a ZIP download.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { check, sleep, until } from './containers.mjs';
import { checkStatus } from './portal.mjs';

const CHUNKS = 8;
const CHUNK_BYTES = 256 * 1024;
export const FOLDERS = {
  supplier: 'lvrr02-marketing',
  step1: 'appstp1-marketing',
  step2: 'appstp2-marketing',
  enrichment: 'arrc03-marketing',
  archive: 'arch04-marketing',
};
const SHARE_PASSWORD = 'Cluster-Share-Pw-2026!';
const RECIPIENT = 'redazione@presse.example';

/** Waits until the asset is listed in the folder as this user sees it (a job's move is done). */
async function listed(s, call, folder, contentId) {
  await until(
    async () => (await s.portal.assetsIn(call, folder, 100)).some((a) => a.id === contentId),
    { attempts: 30, everyMs: 500 },
    `${contentId} is not in ${folder}`,
  );
}

export async function upload(s) {
  const supplier = await s.portal.signIn('foto.studio');
  const folder = await s.portal.folderId(supplier, FOLDERS.supplier);
  const bytes = randomBytes(CHUNKS * CHUNK_BYTES);
  const { result, chunkApis } = await s.portal.tusUpload(
    supplier,
    folder,
    `cluster-${Date.now()}.bin`,
    bytes,
    CHUNK_BYTES,
    s.containers.apiByAddress(),
  );
  s.log(`${CHUNKS} chunks of ${CHUNK_BYTES / 1024} KiB taken by: ${chunkApis.join(' ')}`);
  check(
    chunkApis.includes('api1') && chunkApis.includes('api2'),
    'the chunks did not land on both api containers',
  );
  s.figure(
    'tus chunks on api1 / api2',
    `${chunkApis.filter((a) => a === 'api1').length} / ${chunkApis.filter((a) => a === 'api2').length}`,
  );
  await listed(s, supplier, folder, result.contentId);
  s.state.uploaded = result.contentId;
}

export async function approval(s) {
  const id = s.state.uploaded;
  check(id, 'no upload to approve');
  const anna = await s.portal.signIn('anna.bianchi');
  const step1 = await s.portal.folderId(anna, FOLDERS.step1);
  // A delivery enters step 1 once its pre-flight job lets it (issue 27), not with the upload.
  await listed(s, anna, step1, id);
  await s.portal.runJob(anna, '/api/workflow/accept', { contentIds: [id], folderId: step1 });
  const luca = await s.portal.signIn('luca.conti');
  const step2 = await s.portal.folderId(luca, FOLDERS.step2);
  await listed(s, luca, step2, id);
  s.log('step 1 (anna.bianchi) accepted; the asset waits at step 2');
  const mario = await s.portal.signIn('mario.rossi');
  const enrichmentFolder = await s.portal.folderId(mario, FOLDERS.enrichment);
  // The last step names where the asset goes next: the department's enrichment folder.
  await s.portal.runJob(luca, '/api/workflow/accept', {
    contentIds: [id],
    folderId: step2,
    enrichmentFolderId: enrichmentFolder,
  });
  await listed(s, mario, enrichmentFolder, id);
  s.log('step 2 (luca.conti) accepted; the asset waits for enrichment');
}

export async function enrichment(s) {
  const id = s.state.uploaded;
  check(id, 'no approved upload to enrich');
  const mario = await s.portal.signIn('mario.rossi');
  const folder = await s.portal.folderId(mario, FOLDERS.enrichment);
  const job = await s.portal.runJob(mario, '/api/enrichment', {
    contentIds: [id],
    folderId: folder,
    vinTarga: [{ vin: '1G4AH59H45G118341', targa: 'AB123CD' }],
    metadata: [
      { key: 'utilizzo', value: 'stampa' },
      { key: 'authorinfo', value: 'Studio Foto Srl' },
    ],
  });
  check(
    job.result?.done === 1 && job.result?.failed === 0,
    `enrichment result ${JSON.stringify(job.result)}`,
  );
  // Enrichment tags the asset where it is; it does not move it.
  await listed(s, mario, folder, id);
  s.log('enriched: 1 done, 0 failed');
}

/**
 * Two pictures in the archive, for the share and the download: the seed makes no media for the
 * suite, so mario.rossi uploads two JPEGs (sharp) the first time, and the workers make their previews.
 */
export async function archivedPictures(s, call) {
  const folder = await s.portal.folderId(call, FOLDERS.archive);
  if (!s.state.pictures) {
    const ids = [];
    for (const [n, background] of ['#a01020', '#1040a0'].entries()) {
      const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background } })
        .jpeg()
        .toBuffer();
      const name = `cluster-picture-${n + 1}-${Date.now()}.jpg`;
      const { result } = await s.portal.tusUpload(
        call,
        folder,
        name,
        jpeg,
        jpeg.length,
        undefined,
        'image/jpeg',
      );
      ids.push(result.contentId);
    }
    s.state.pictures = ids;
  }
  const ids = s.state.pictures;
  for (let i = 0; i < 120; i++) {
    const ready = (await s.portal.assetsIn(call, folder, 100)).filter(
      (a) => ids.includes(a.id) && a.type === 'IMAGE' && a.state === 'READY',
    );
    if (ready.length === ids.length) return { folder, ids };
    await sleep(1000);
  }
  throw new Error('the two archived pictures did not become ready');
}

/** The link of the last invitation the stack's mail catcher took for this address (it prints each message). */
async function invitationLink(s, address) {
  const printed = s.containers.logs('mail').split('--- mail from ').slice(1);
  const mail = printed.filter((m) => m.split('\n', 1)[0].includes(` to ${address} `)).pop();
  if (!mail) return undefined;
  const { text } = await simpleParser(mail.slice(mail.indexOf('\n') + 1));
  return text?.match(/https?:\/\/\S+\/provider\/share\/[A-Za-z0-9_-]+/)?.[0];
}

export async function externalShare(s) {
  const mario = await s.portal.signIn('mario.rossi');
  const { folder, ids } = await archivedPictures(s, mario);
  const name = `Cluster press kit ${Date.now()}`;
  const job = await s.portal.runJob(mario, '/api/external-shares', {
    type: 'email',
    name,
    contentIds: ids,
    folderId: folder,
    password: SHARE_PASSWORD,
    contentDownload: true,
    language: 'en',
    recipients: RECIPIENT,
  });
  check(job.result?.shareId, `the share job gave ${JSON.stringify(job.result)}`);

  // The invitation as the recipient gets it: from the stack's mail catcher, which prints each message.
  let link;
  for (let i = 0; i < 30 && !link; i++) {
    link = await invitationLink(s, RECIPIENT);
    if (!link) await sleep(1000);
  }
  check(link, `no invitation to ${RECIPIENT} in the mail catcher's log`);
  const page = `${s.base}${new URL(link).pathname}`;
  s.log(`invitation mailed to ${RECIPIENT}: ${new URL(link).pathname}`);

  const first = await fetch(page);
  await checkStatus(first, 200, 'the share page');
  check((await first.text()).includes('password'), 'the share page did not ask for the password');
  const session = await fetch(`${page}/session`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password: SHARE_PASSWORD }).toString(),
  });
  await checkStatus(session, 303, 'the share password');
  const cookie = session.headers
    .getSetCookie()
    .find((c) => c.startsWith('paddock_share='))
    ?.split(';')[0];
  check(cookie, 'no share session cookie');
  const opened = await fetch(page, { headers: { cookie } });
  await checkStatus(opened, 200, 'the opened share page');
  const html = await opened.text();
  check(
    ids.every((id) => html.includes(id)),
    'the share page does not list both assets',
  );
  const original = await fetch(`${page}/assets/${ids[0]}/original`, { headers: { cookie } });
  await checkStatus(original, 200, 'the original');
  const bytes = Buffer.from(await original.arrayBuffer());
  check(bytes.length > 0, 'the original is empty');
  s.log(`the recipient opened the page and downloaded ${ids[0]} (${bytes.length} bytes)`);
  const zip = await fetch(`${page}/zip`, { headers: { cookie } });
  await checkStatus(zip, 200, "the share's ZIP");
  const entries = zipEntries(Buffer.from(await zip.arrayBuffer()));
  check(entries.length === 2, `the share's ZIP holds ${entries.join(', ')}`);
}

/** The file names `unzip -l` reads in a ZIP. */
function zipEntries(bytes) {
  const dir = mkdtempSync(join(tmpdir(), 'paddock-cluster-'));
  try {
    writeFileSync(join(dir, 'download.zip'), bytes);
    const listing = execFileSync('unzip', ['-l', join(dir, 'download.zip')]).toString();
    // Entries are the lines between the two dashed rules: length, date, time, name.
    const [, body = ''] = listing.split(/^-{4,}.*$/m);
    return body
      .split('\n')
      .map((line) => line.trim().split(/\s+/).slice(3).join(' '))
      .filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function zipDownload(s) {
  const mario = await s.portal.signIn('mario.rossi');
  const { folder, ids } = await archivedPictures(s, mario);
  const created = await mario('POST', '/api/downloads', {
    json: { contentIds: ids, images: ['original'], videos: ['original'], folderId: folder },
  });
  await checkStatus(created, 200, 'the download');
  const { downloadId } = await created.json();
  const zip = await mario('GET', `/api/downloads/${downloadId}`);
  await checkStatus(zip, 200, 'the ZIP');
  check(
    zip.headers.get('content-type')?.includes('zip'),
    `the ZIP came as ${zip.headers.get('content-type')}`,
  );
  const entries = zipEntries(Buffer.from(await zip.arrayBuffer()));
  s.log(`unzip -l: ${entries.join(', ')}`);
  check(entries.length === 2, `the ZIP holds ${entries.length} files, not 2`);
}
