import { buffer } from 'node:stream/consumers';
import { ModulesContainer } from '@nestjs/core';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import {
  HttpArchivesGateway,
  InProcessArchivesGateway,
  type ArchivesGateway,
} from '../../src/provider/archives.gateway';
import { createProviderHttp } from '../../src/provider/http-provider.gateway';
import { InProcessStreams } from '../../src/provider/in-process-streams';
import { providerFailure } from '../support/scripted-provider';
import { providerHttp } from '../support/provider-transports';
import { startGatewayContractWorld, type GatewayContractWorld } from '../support/gateway-contract-world';
import type { TestApp } from '../support/test-app';
import { providerDb } from '../auth/auth-fixtures';

jest.setTimeout(120_000);

/**
 * The archives gateway's contract, over HTTP (a real provider) and in-process (the built-in one in
 * this server, streamed without the loopback hop): the same ZIP, and the same refusals, because both
 * go through the provider's own download route and its token check.
 */
const GATEWAYS = ['HTTP', 'in-process'] as const;

let world: GatewayContractWorld;
let t: TestApp;
let contentId: string;
let bytes: Buffer;
let writerToken: string;
let outsiderToken: string;

beforeAll(async () => {
  world = await startGatewayContractWorld('ag', 256 * 1024);
  ({ t, contentId, bytes, writerToken, outsiderToken } = world);
});

afterAll(() => world?.close());

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
