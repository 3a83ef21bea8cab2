import { Readable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import {
  BYTE_POLICIES,
  INTERNAL_HEADERS,
  matchesEtag,
  sendBytes,
  zipBytes,
  type ByteSending,
  type Bytes,
} from './byte-stream';

const FILE_NAME = 'Spider 2027 – fronte.jpg';

/** A real Express app answering `bytes` through sendBytes; `body` is kept to see whether it was released. */
function appAnswering(make: () => Bytes, sending: ByteSending) {
  const bodies: Readable[] = [];
  const app = express();
  app.get('/bytes', (req, res) => {
    const bytes = make();
    if (bytes.body instanceof Readable) bodies.push(bytes.body);
    void sendBytes(req, res, bytes, sending);
  });
  return { app, bodies };
}

const picture = (status = 200): Bytes => ({
  status,
  headers: {
    'Content-Type': 'image/jpeg',
    ETag: '"v2"',
    [INTERNAL_HEADERS.fileName]: encodeURIComponent(FILE_NAME),
    [INTERNAL_HEADERS.version]: '2',
    [INTERNAL_HEADERS.contentType]: 'IMAGE',
  },
  body: status === 304 ? null : Readable.from([Buffer.from('jpeg-bytes')]),
});

describe('sendBytes', () => {
  it("never passes the provider's internal headers to a browser, and names the attachment from them", async () => {
    const { app } = appAnswering(picture, {
      policy: BYTE_POLICIES.shareDownload,
      attachment: FILE_NAME,
      what: 'test',
    });
    const res = await request(app).get('/bytes');
    expect(res.status).toBe(200);
    expect(res.headers['x-file-name']).toBeUndefined();
    expect(res.headers['x-content-version']).toBeUndefined();
    expect(res.headers['x-content-type']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(FILE_NAME)}`);
    expect(res.body).toEqual(Buffer.from('jpeg-bytes'));
  });

  it('passes the internal headers from the built-in provider to the hub', async () => {
    const { app } = appAnswering(picture, {
      policy: BYTE_POLICIES.provider,
      passInternal: true,
      what: 'test',
    });
    const res = await request(app).get('/bytes');
    expect(res.headers['x-file-name']).toBe(encodeURIComponent(FILE_NAME));
    expect(res.headers['x-content-version']).toBe('2');
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('answers a HEAD without a body and releases the unread one', async () => {
    const { app, bodies } = appAnswering(picture, { policy: BYTE_POLICIES.original, what: 'test' });
    const res = await request(app).head('/bytes');
    expect(res.status).toBe(200);
    expect(res.headers['etag']).toBe('"v2"');
    expect(bodies[0].destroyed).toBe(true);
  });

  it('answers a 304 with its ETag and the policy, without a body', async () => {
    const { app } = appAnswering(() => picture(304), { policy: BYTE_POLICIES.rendition, what: 'test' });
    const res = await request(app).get('/bytes');
    expect(res.status).toBe(304);
    expect(res.headers['etag']).toBe('"v2"');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
  });

  it('writes bytes kept in memory whole, with their length, headers and policy', async () => {
    const kept = (): Bytes => ({ ...picture(), body: Buffer.from('kept-jpeg') });
    const { app } = appAnswering(kept, { policy: BYTE_POLICIES.rendition, what: 'test' });
    const res = await request(app).get('/bytes');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe('9');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers['etag']).toBe('"v2"');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers['x-file-name']).toBeUndefined();
    expect(res.body).toEqual(Buffer.from('kept-jpeg'));
  });

  it('announces a ZIP’s length when it is known, and goes chunked when not', async () => {
    const zip = (length: number | null) => () =>
      zipBytes({ body: Readable.from([Buffer.from('PK..')]), length });
    const known = await request(
      appAnswering(zip(4), { policy: BYTE_POLICIES.download, attachment: 'a.zip', what: 'test' }).app,
    ).get('/bytes');
    expect(known.headers['content-length']).toBe('4');
    expect(known.headers['content-type']).toBe('application/zip');
    const unknown = await request(
      appAnswering(zip(null), { policy: BYTE_POLICIES.download, attachment: 'a.zip', what: 'test' }).app,
    ).get('/bytes');
    expect(unknown.headers['content-length']).toBeUndefined();
    expect(unknown.headers['transfer-encoding']).toBe('chunked');
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});

describe('matchesEtag', () => {
  it('matches If-None-Match lists, weak tags and the wildcard', () => {
    const etag = '"c-v2-100x70"';
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`"other", W/${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('"c-v1-100x70"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
