// The portal through the stack's proxy, the way a browser uses it: sessions, tus uploads, job
// event streams, and which api container served each answer (nginx's X-Paddock-Upstream).
import { randomBytes } from 'node:crypto';
import { check, until } from './containers.mjs';

export const DEMO_PASSWORD = 'Paddock-demo-2026';
const UPSTREAM = 'x-paddock-upstream';
const TUS = { 'Tus-Resumable': '1.0.0' };

/** Fails with the answer's body unless it has this status (the body is left unread when it does). */
export async function checkStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
}

/** The api that answered: the last address nginx tried (an earlier one did not answer). */
export const upstreamOf = (res, apis) => apis.get(res.headers.get(UPSTREAM)?.split(', ').pop());

export function portal(base) {
  /** A session: cookie and CSRF token on every call, the disclaimer accepted. */
  async function signIn(username) {
    const res = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    });
    await checkStatus(res, 200, `${username}'s sign-in`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const auth = { cookie, 'x-csrf-token': (await res.json()).csrfToken };
    const call = (method, path, { json, body, headers = {}, signal } = {}) =>
      fetch(new URL(path, base), {
        method,
        signal,
        headers: {
          ...auth,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: json === undefined ? body : JSON.stringify(json),
      });
    const disclaimer = await (await call('GET', '/api/profile/get-disclaimer')).json();
    const accepted = await call('POST', `/api/profile/save-disclaimer-acceptance/${disclaimer.id}`, {
      json: { accepted: true },
    });
    await checkStatus(accepted, 200, `${username}'s disclaimer acceptance`);
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

  /** The ids of up to `limit` assets of a folder listing. */
  async function assetsIn(call, folder, limit = 50) {
    const res = await call(
      'GET',
      `/api/assets?${new URLSearchParams({ folderId: folder, limit: String(limit) })}`,
    );
    await checkStatus(res, 200, 'the listing');
    return (await res.json()).items;
  }

  /** Every content listed in the folder, all its pages. */
  async function idsIn(call, folder) {
    const ids = new Set();
    let cursor;
    do {
      const query = new URLSearchParams({ folderId: folder, limit: '100', ...(cursor ? { cursor } : {}) });
      const res = await call('GET', `/api/assets?${query}`);
      await checkStatus(res, 200, 'the listing');
      const page = await res.json();
      for (const item of page.items) ids.add(item.id);
      cursor = page.hasMore ? page.next : undefined;
    } while (cursor);
    return ids;
  }

  /** Waits until all these contents are listed in the folder (deliveries enter step 1 after their pre-flight). */
  async function whenListed(call, folder, ids) {
    await until(
      async () => {
        const listed = await idsIn(call, folder);
        return ids.every((id) => listed.has(id));
      },
      { attempts: 120, everyMs: 500 },
      `${ids.length} contents were not all listed in ${folder} within a minute`,
    );
  }

  /**
   * A tus 1.0 upload of `bytes` in chunks of `chunkBytes`; the upload's result and the api that
   * took each chunk (`apis`: the address map, or none). `filetype`: the MIME type a browser names.
   */
  async function tusUpload(call, folder, filename, bytes, chunkBytes, apis, filetype) {
    const created = await call('POST', '/api/uploads', {
      headers: {
        ...TUS,
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': Object.entries({ filename, folderId: folder, ...(filetype ? { filetype } : {}) })
          .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
          .join(','),
      },
    });
    await checkStatus(created, 201, 'tus creation');
    const location = new URL(created.headers.get('location'), `${base}/api/uploads/`).pathname;
    const chunkApis = [];
    for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
      const end = Math.min(offset + chunkBytes, bytes.length);
      const res = await call('PATCH', location, {
        headers: {
          ...TUS,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: bytes.subarray(offset, end),
      });
      await checkStatus(res, 204, `PATCH at ${offset}`);
      check(
        res.headers.get('upload-offset') === String(end),
        `PATCH at ${offset} left the offset at ${res.headers.get('upload-offset')}`,
      );
      if (apis) chunkApis.push(upstreamOf(res, apis));
    }
    const result = await call('GET', `${location}/result`);
    await checkStatus(result, 200, "the upload's result");
    return { result: await result.json(), chunkApis };
  }

  /** `count` small files uploaded by tus, `parallel` at a time; their content ids. */
  async function uploadMany(call, folder, prefix, count, parallel) {
    const ids = [];
    let next = 0;
    const lane = async () => {
      while (next < count) {
        const n = next++;
        const bytes = randomBytes(2048);
        const { result } = await tusUpload(call, folder, `${prefix}-${n}.bin`, bytes, bytes.length);
        ids.push(result.contentId);
      }
    };
    await Promise.all(Array.from({ length: parallel }, lane));
    return ids;
  }

  /**
   * A job's event stream as a browser's EventSource reads it: the api holding it, and an iterator
   * over its events that ends when the stream ends or breaks.
   */
  async function openEvents(call, jobId, apis) {
    const res = await call('GET', `/api/jobs/${jobId}/events`, { headers: { accept: 'text/event-stream' } });
    await checkStatus(res, 200, 'the event stream');
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
    return { api: apis ? upstreamOf(res, apis) : undefined, events: events() };
  }

  /** The job's last event once it ended (its stream ends after 'completed' or 'failed'). */
  async function finished(call, jobId) {
    let last;
    for await (const event of (await openEvents(call, jobId)).events) last = event;
    check(
      last && ['completed', 'failed'].includes(last.state),
      `job ${jobId} ended as ${JSON.stringify(last)}`,
    );
    return last;
  }

  /** Submits a job and waits for it: its last event, which must be 'completed'. */
  async function runJob(call, path, json) {
    const submitted = await call('POST', path, { json });
    await checkStatus(submitted, 202, path);
    const { jobId } = await submitted.json();
    const last = await finished(call, jobId);
    check(last.state === 'completed', `${path}: job ${jobId} ${JSON.stringify(last)}`);
    return { jobId, ...last };
  }

  return { signIn, folderId, assetsIn, whenListed, tusUpload, uploadMany, openEvents, finished, runJob };
}
