import { buffer } from 'node:stream/consumers';
import { ModulesContainer } from '@nestjs/core';
import { ExternalContextCreator } from '@nestjs/core/helpers/external-context-creator';
import { systemClock } from '../../src/common/clock';
import {
  HttpContentsGateway,
  InProcessContentsGateway,
  type ContentsGateway,
} from '../../src/provider/contents.gateway';
import { createProviderHttp } from '../../src/provider/http-provider.gateway';
import { InProcessStreams } from '../../src/provider/in-process-streams';
import { PROVIDER_TRANSPORTS, providerHttp, type ProviderTransport } from '../support/provider-transports';
import { providerFailure } from '../support/scripted-provider';
import { gatewayContractWorld } from '../support/gateway-contract-world';

jest.setTimeout(120_000);

/**
 * The contents gateway's byte routes (a version's source or derivative, with Range and ETag), over
 * HTTP (a real provider) and in-process (the built-in one in this server, without the loopback hop):
 * the same bytes, statuses and refusals, because both go through the provider's own stream route and
 * its token and rights checks.
 */
const world = gatewayContractWorld('cs', 128 * 1024);

async function gatewayOver(transport: ProviderTransport): Promise<ContentsGateway> {
  if (transport === 'HTTP')
    return new HttpContentsGateway(
      createProviderHttp(world.t.config.providerUrl),
      world.t.config,
      systemClock,
    );
  // Its JSON client's base URL is a closed port: bytes that went over HTTP would fail.
  return new InProcessContentsGateway(
    await providerHttp(world.t, 'in-process'),
    world.t.config,
    systemClock,
    new InProcessStreams(world.t.app.get(ModulesContainer), world.t.app.get(ExternalContextCreator)),
  );
}

describe.each(PROVIDER_TRANSPORTS)('contents gateway byte routes (%s)', (transport) => {
  let gateway: ContentsGateway;
  beforeAll(async () => {
    gateway = await gatewayOver(transport);
  });

  it('streams the source as stored, with its length, ETag and the internal file name', async () => {
    const answer = await gateway.stream(world.writerToken, world.contentId, 'source', {});
    expect(answer.status).toBe(200);
    expect(await buffer(answer.body)).toEqual(world.bytes);
    expect(answer.headers['content-length']).toBe(String(world.bytes.length));
    expect(answer.headers.etag).toBe(`"${world.contentId}.1"`);
    expect(answer.headers['x-file-name']).toBe('clip.bin');
  });

  it('answers a range with 206 and those bytes, and a range past the end with 416', async () => {
    const part = await gateway.stream(world.writerToken, world.contentId, 'source', {
      range: 'bytes=100-199',
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${world.bytes.length}`);
    expect(await buffer(part.body)).toEqual(world.bytes.subarray(100, 200));
    const past = await gateway.stream(world.writerToken, world.contentId, 'source', {
      range: `bytes=${world.bytes.length + 10}-`,
    });
    expect(past.status).toBe(416);
    past.body.destroy();
  });

  it('answers 304 without a body to the ETag it gave, and streams the version asked for', async () => {
    const unchanged = await gateway.stream(world.writerToken, world.contentId, 'source', {
      ifNoneMatch: `"${world.contentId}.1"`,
    });
    expect(unchanged.status).toBe(304);
    expect((await buffer(unchanged.body)).length).toBe(0);
    const first = await gateway.stream(world.writerToken, world.contentId, 'source', { version: 1 });
    expect(first.status).toBe(200);
    expect(await buffer(first.body)).toEqual(world.bytes);
  });

  it('refuses a version that does not exist and a derivative not made (the first page of a binary file), as not found', async () => {
    await expect(
      providerFailure(gateway.stream(world.writerToken, world.contentId, 'source', { version: 7 })),
    ).resolves.toMatchObject({ code: 'NOT_FOUND', transient: false });
    await expect(
      providerFailure(gateway.stream(world.writerToken, world.contentId, 'page1', {})),
    ).resolves.toMatchObject({
      code: 'NOT_FOUND',
      transient: false,
    });
  });

  it("refuses a content outside the caller's folders, whatever its If-None-Match, and an unknown token, sending no byte", async () => {
    await expect(
      providerFailure(gateway.stream(world.outsiderToken, world.contentId, 'source', {})),
    ).resolves.toMatchObject({ code: 'NOT_FOUND', transient: false });
    // A wildcard or the guessable ETag tells an outsider nothing either: no 304.
    for (const ifNoneMatch of ['*', `W/"${world.contentId}.1"`])
      await expect(
        providerFailure(gateway.stream(world.outsiderToken, world.contentId, 'source', { ifNoneMatch })),
      ).resolves.toMatchObject({ code: 'NOT_FOUND', transient: false });
    await expect(
      providerFailure(gateway.stream('not-a-token', world.contentId, 'source', {})),
    ).resolves.toMatchObject({ code: 'UNAUTHENTICATED', transient: false });
  });
});
