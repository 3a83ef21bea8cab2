import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client } from '../../src/blob-store/s3-blob-store';

/** s3rver's built-in account: it checks the key id exists (it does not verify V4 signatures). */
export const S3RVER_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface TestS3 {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  /** Every request the server received, in order. */
  requests: RecordedRequest[];
  createBucket(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, files in a temp directory) on a free loopback port, behind
 * a thin HTTP server that records each request's headers for the assertions.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'paddock-s3-'));
  const s3 = new S3rver({ directory, silent: true });
  const handle = s3.callback();
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handle(req, res);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    requests,
    async createBucket(name) {
      const client = createS3Client({ endpoint, region: 'us-east-1', ...S3RVER_KEY });
      await client.send(new CreateBucketCommand({ Bucket: name }));
      client.destroy();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}
