import { ASSET_ERROR_CODES, ERROR_CODES, UPLOAD_METADATA_KEYS } from '@paddock/rules';
import { headersOf, PASSWORD, signIn, type SignedIn } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { seedMarketingWriters } from '../support/writable-folder';

jest.setTimeout(120_000);

const MAX = 1024;

/**
 * issue 11, Resources: a body past the upload maximum is refused in the hub's JSON shape with its
 * code, never tus's plain text, and the upload keeps no byte of it.
 */
describe('tus bodies past the maximum (PostgreSQL + Redis, built-in provider)', () => {
  let t: TestApp;
  let writer: SignedIn;
  let folderId: string;

  const tus = (headers: Record<string, string>) => ({
    ...headersOf(writer),
    'Tus-Resumable': '1.0.0',
    ...headers,
  });

  async function created(length: Record<string, string>): Promise<string> {
    const meta = { [UPLOAD_METADATA_KEYS.filename]: 'big.bin', [UPLOAD_METADATA_KEYS.folderId]: folderId };
    const res = await fetch(`${t.url}/api/uploads`, {
      method: 'POST',
      headers: tus({
        ...length,
        'Upload-Metadata': Object.entries(meta)
          .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
          .join(','),
      }),
    });
    expect(res.status).toBe(201);
    return new URL(res.headers.get('location') ?? '', t.url).toString();
  }

  const send = (url: string, bytes: number) =>
    fetch(url, {
      method: 'PATCH',
      headers: tus({ 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
      body: new Uint8Array(bytes).fill(1),
    });

  async function offsetOf(url: string): Promise<string | null> {
    return (await fetch(url, { method: 'HEAD', headers: tus({}) })).headers.get('upload-offset');
  }

  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_MAX_BYTES: String(MAX) });
    folderId = await seedMarketingWriters(t, 'arch04-marketing', ['writer.two']);
    writer = await signIn(t, 'writer.two', PASSWORD, '198.51.100.61');
  });
  afterAll(() => t.close());

  it('answers a deferred-length body past the maximum with 413 UPLOAD_TOO_LARGE in JSON', async () => {
    const url = await created({ 'Upload-Defer-Length': '1' });
    const res = await send(url, MAX + 1);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      code: ASSET_ERROR_CODES.UPLOAD_TOO_LARGE,
      details: { maxBytes: MAX },
      correlationId: expect.any(String),
    });
    expect(await offsetOf(url)).toBe('0');
  });

  it('answers a body longer than the declared length with 413 PAYLOAD_TOO_LARGE in JSON', async () => {
    const url = await created({ 'Upload-Length': '10' });
    const res = await send(url, 11);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: ERROR_CODES.PAYLOAD_TOO_LARGE });
    expect(await offsetOf(url)).toBe('0');
  });
});
