import { headersOf, type SignedIn } from '../auth/auth-fixtures';
import type { TestApp } from './test-app';

export interface TusOutcome {
  /** The creation's answer (201, or the hub's refusal). */
  create: Response;
  /** The upload id, once created. */
  id?: string;
  /** GET /api/uploads/:id/result after the last chunk, once created. */
  result?: { status: number; body: unknown };
}

/**
 * A real tus 1.0 client flow against the hub: POST (create), the bytes in `chunks` PATCHes (each
 * must answer 204 with the new offset), then the upload's result. Stops after a refused creation.
 */
export async function tusUpload(
  t: TestApp,
  s: SignedIn,
  bytes: Buffer,
  metadata: Record<string, string>,
  chunks = 1,
): Promise<TusOutcome> {
  const create = await fetch(`${t.url}/api/uploads`, {
    method: 'POST',
    headers: {
      ...headersOf(s),
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': Object.entries(metadata)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    },
  });
  if (create.status !== 201) return { create };
  const location = new URL(create.headers.get('location') ?? '', t.url).toString();
  const size = Math.ceil(bytes.length / chunks);
  let offset = 0;
  for (let i = 0; i < chunks; i += 1) {
    const chunk = bytes.subarray(i * size, (i + 1) * size);
    const patch = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...headersOf(s),
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(chunk),
    });
    expect(patch.status).toBe(204);
    offset += chunk.length;
    expect(patch.headers.get('upload-offset')).toBe(String(offset));
  }
  const id = location.split('/').pop() as string;
  const res = await fetch(`${t.url}/api/uploads/${id}/result`, { headers: headersOf(s) });
  return { create, id, result: { status: res.status, body: (await res.json()) as unknown } };
}
