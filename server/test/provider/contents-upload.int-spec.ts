import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ERROR_CODES } from '@paddock/rules';
import { BLOB_STORE, type BlobStore } from '../../src/blob-store/blob-store';
import { systemClock } from '../../src/common/clock';
import { HttpContentsGateway } from '../../src/provider/contents.gateway';
import { HttpProviderGateway } from '../../src/provider/http-provider.gateway';
import { PROVIDER_TRANSPORTS, providerHttp } from '../support/provider-transports';
import { providerFailure } from '../support/scripted-provider';
import { startTestApp, type TestApp } from '../support/test-app';
import { PASSWORD, seedPeople } from '../auth/auth-fixtures';

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A file streamed to the built-in provider's upload route (the disk store's stand-in for THRON's
 * bucket), over HTTP and in-process: in-process the body is handed to the route as its request stream
 * (the client's base URL is a closed port, so a pass did not go over HTTP).
 */
describe.each(PROVIDER_TRANSPORTS)('a file uploaded to the built-in provider (%s)', (transport) => {
  let t: TestApp;
  let contents: HttpContentsGateway;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    await seedPeople(t);
    const http = await providerHttp(t, transport);
    contents = new HttpContentsGateway(http, t.config, systemClock);
    token = (
      await new HttpProviderGateway(http, { CLIENT_ID: t.config.CLIENT_ID }).login('mario.rossi', PASSWORD)
    ).token;
  });
  afterAll(() => t.close());

  it('lands in the caller’s incoming area, byte for byte, in chunks as they come', async () => {
    const file = randomBytes(3 * 1024 * 1024 + 17);
    const chunks = [
      file.subarray(0, 1_000_000),
      file.subarray(1_000_000, 2_500_000),
      file.subarray(2_500_000),
    ];
    const uploaded = await contents.upload(token, 'Spider – front.jpg', Readable.from(chunks), file.length);
    expect(uploaded.filePath).toMatch(/\.jpg$/);
    const stored = await bytesOf(await t.app.get<BlobStore>(BLOB_STORE).get(uploaded.filePath));
    expect(stored.equals(file)).toBe(true);
  });

  it('takes a file stream, as the hub hands it a finished upload', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'paddock-upload-'));
    try {
      const file = randomBytes(2 * 1024 * 1024);
      const path = join(dir, 'finished');
      await writeFile(path, file);
      const uploaded = await contents.upload(token, 'rear.jpg', createReadStream(path), file.length);
      const stored = await bytesOf(await t.app.get<BlobStore>(BLOB_STORE).get(uploaded.filePath));
      expect(stored.equals(file)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a token that is not live', async () => {
    const failure = await providerFailure(
      contents.upload('not-a-token', 'x.jpg', Readable.from([Buffer.from('abc')]), 3),
    );
    expect(failure).toMatchObject({ code: ERROR_CODES.UNAUTHENTICATED });
  });
});
