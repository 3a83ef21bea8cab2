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
import { PROVIDER_TRANSPORTS, providerHttp, type ProviderTransport } from '../support/provider-transports';
import { gatewayContractWorld } from '../support/gateway-contract-world';
import { providerDb } from '../auth/auth-fixtures';

jest.setTimeout(120_000);

/**
 * The archives gateway's contract, over HTTP (a real provider) and in-process (the built-in one in
 * this server, streamed without the loopback hop): the same ZIP, and the same refusals, because both
 * go through the provider's own download route and its token check.
 */
const world = gatewayContractWorld('ag', 256 * 1024);

async function gatewayOver(kind: ProviderTransport): Promise<ArchivesGateway> {
  if (kind === 'HTTP')
    return new HttpArchivesGateway(createProviderHttp(world.t.config.providerUrl), world.t.config);
  return new InProcessArchivesGateway(
    new HttpArchivesGateway(await providerHttp(world.t, 'in-process'), world.t.config),
    new InProcessStreams(world.t.app.get(ModulesContainer), world.t.app.get(ExternalContextCreator)),
    world.t.config.CLIENT_ID,
  );
}

const request = () => ({ contentIds: [world.contentId], image: ['SOURCE'], video: ['SOURCE'], locale: 'EN' });

describe.each(PROVIDER_TRANSPORTS)('archives gateway (%s)', (kind) => {
  let gateway: ArchivesGateway;
  beforeAll(async () => {
    gateway = await gatewayOver(kind);
  });

  it("streams the owner's ZIP with its exact length, the file stored in it as it is", async () => {
    const downloadId = await gateway.prepare(world.writerToken, request());
    const zip = await gateway.download(world.writerToken, downloadId, 'paddock-test');
    const received = await buffer(zip.body);
    expect(zip.length).toBe(received.length);
    expect(received.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    expect(received.includes(world.bytes)).toBe(true);
  });

  it("refuses another user's downloadId as not found, sending no byte", async () => {
    const downloadId = await gateway.prepare(world.writerToken, request());
    const refusal = await providerFailure(gateway.download(world.outsiderToken, downloadId, 'x'));
    expect(refusal).toMatchObject({ code: 'NOT_FOUND', transient: false });
  });

  it('refuses an expired downloadId as not found', async () => {
    const downloadId = await gateway.prepare(world.writerToken, request());
    await providerDb(world.t).archive.update({
      where: { id: downloadId },
      data: { expiresAt: new Date(Date.now() - 60_000) },
    });
    const refusal = await providerFailure(gateway.download(world.writerToken, downloadId, 'x'));
    expect(refusal).toMatchObject({ code: 'NOT_FOUND', transient: false });
  });

  it('refuses a token the provider does not know, whatever the downloadId', async () => {
    const downloadId = await gateway.prepare(world.writerToken, request());
    const refusal = await providerFailure(gateway.download('not-a-token', downloadId, 'x'));
    expect(refusal).toMatchObject({ code: 'UNAUTHENTICATED', transient: false });
  });
});
