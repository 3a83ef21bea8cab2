import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { ModulesContainer } from '@nestjs/core';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import type { UploadResult } from '@paddock/rules';
import { BuiltinIdentitySeeder } from '../../src/builtin-provider/identity/builtin-identity.seeder';
import {
  HttpArchivesGateway,
  InProcessArchivesGateway,
  type ArchivesGateway,
} from '../../src/provider/archives.gateway';
import { HttpProviderGateway, createProviderHttp } from '../../src/provider/http-provider.gateway';
import { InProcessStreams } from '../../src/provider/in-process-streams';
import { providerFailure } from '../support/scripted-provider';
import { providerHttp } from '../support/provider-transports';
import { startTestApp, type TestApp } from '../support/test-app';
import { tusUpload } from '../support/tus-client';
import { seedMarketingWriters } from '../support/writable-folder';
import { PASSWORD, providerDb, signIn } from '../auth/auth-fixtures';

jest.setTimeout(120_000);

/**
 * The archives gateway's contract, over HTTP (a real provider) and in-process (the built-in one in
 * this server, streamed without the loopback hop): the same ZIP, and the same refusals, because both
 * go through the provider's own download route and its token check.
 */
const GATEWAYS = ['HTTP', 'in-process'] as const;

let t: TestApp;
let workDir: string;
let contentId: string;
let bytes: Buffer;
let writerToken: string;
let outsiderToken: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'paddock-archives-gateway-'));
  t = await startTestApp({ BLOB_DIR: join(workDir, 'blobs') });
  await t.app
    .get(BuiltinIdentitySeeder)
    .upsertUser({ username: 'outsider.ag', password: PASSWORD, groups: ['L/HERITAGE'] });
  const folderId = await seedMarketingWriters(t, 'dept-marketing', ['writer.ag']);
  const writer = await signIn(t, 'writer.ag', PASSWORD, '198.51.100.41');
  // Random bytes: stored as they are, so the ZIP's length is known up front.
  bytes = Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => (i * 7919) % 251));
  const { result } = await tusUpload(t, writer, bytes, {
    filename: 'clip.bin',
    filetype: 'application/octet-stream',
    folderId,
  });
  contentId = (result?.body as UploadResult).contentId;
  const sso = new HttpProviderGateway(createProviderHttp(t.config.providerUrl), t.config);
  writerToken = (await sso.login('writer.ag', PASSWORD)).token;
  outsiderToken = (await sso.login('outsider.ag', PASSWORD)).token;
});

afterAll(async () => {
  await t?.close();
  await rm(workDir, { recursive: true, force: true });
});

async function gatewayOver(kind: (typeof GATEWAYS)[number]): Promise<ArchivesGateway> {
  if (kind === 'HTTP') return new HttpArchivesGateway(createProviderHttp(t.config.providerUrl), t.config);
  return new InProcessArchivesGateway(
    new HttpArchivesGateway(await providerHttp(t, 'in-process'), t.config),
    new InProcessStreams(t.app.get(ModulesContainer), t.app.get(ExternalContextCreator)),
    t.config.CLIENT_ID,
  );
}

const request = () => ({ contentIds: [contentId], image: ['SOURCE'], video: ['SOURCE'], locale: 'EN' });

describe.each(GATEWAYS)('archives gateway (%s)', (kind) => {
  let gateway: ArchivesGateway;
  beforeAll(async () => {
    gateway = await gatewayOver(kind);
  });

  it("streams the owner's ZIP with its exact length, the file stored in it as it is", async () => {
    const downloadId = await gateway.prepare(writerToken, request());
    const zip = await gateway.download(writerToken, downloadId, 'paddock-test');
    const received = await buffer(zip.body);
    expect(zip.length).toBe(received.length);
    expect(received.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    expect(received.includes(bytes)).toBe(true);
  });

  it("refuses another user's downloadId as not found, sending no byte", async () => {
    const downloadId = await gateway.prepare(writerToken, request());
    const refusal = await providerFailure(gateway.download(outsiderToken, downloadId, 'x'));
    expect(refusal).toMatchObject({ code: 'NOT_FOUND', transient: false });
  });

  it('refuses an expired downloadId as not found', async () => {
    const downloadId = await gateway.prepare(writerToken, request());
    await providerDb(t).archive.update({
      where: { id: downloadId },
      data: { expiresAt: new Date(Date.now() - 60_000) },
    });
    const refusal = await providerFailure(gateway.download(writerToken, downloadId, 'x'));
    expect(refusal).toMatchObject({ code: 'NOT_FOUND', transient: false });
  });

  it('refuses a token the provider does not know, whatever the downloadId', async () => {
    const downloadId = await gateway.prepare(writerToken, request());
    const refusal = await providerFailure(gateway.download('not-a-token', downloadId, 'x'));
    expect(refusal).toMatchObject({ code: 'UNAUTHENTICATED', transient: false });
  });
});
