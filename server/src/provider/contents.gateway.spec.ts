import { Readable } from 'node:stream';
import { ERROR_CODES, LEGAL_HOLD_ERROR_CODES, LIMITS } from '@paddock/rules';
import type { InternalAxiosRequestConfig } from 'axios';
import { inOrder, scriptedProviderHttp, type ProviderReply } from '../../test/support/scripted-provider';
import { HttpContentsGateway, S3_CREDENTIALS_REUSE_MS } from './contents.gateway';
import { ProviderError } from '../common/provider-error';

const NO_S3 = {
  status: 418,
  data: { resultCode: 'EXCEPTION', errorDescription: 'NO_S3_BUCKET', ssoCode: 'OK' },
};
const UPLOADED = {
  status: 200,
  data: { resultCode: 'OK', bucket: 'local', filePath: 'incoming/u/1/a.jpg', size: 3, sha256: 'ab' },
};
const SESSION_EXPIRED = {
  status: 403,
  data: { resultCode: 'SESSION_NON_FOUND', errorDescription: 'SESSION_EXPIRED', ssoCode: 'SESSION_EXPIRED' },
};

/** A gateway whose provider answers come from `replies`, in order, on a clock the test moves. */
function gatewayAnswering(...replies: ProviderReply[]) {
  const { http, sent } = scriptedProviderHttp(inOrder(...replies));
  const clock = { at: new Date('2026-03-01T10:00:00Z'), now: () => clock.at };
  // Port 9 of loopback (discard) is closed here: an S3 upload there fails fast.
  const gateway = new HttpContentsGateway(
    http,
    { CLIENT_ID: 'paddock', S3_ENDPOINT: 'http://127.0.0.1:9' },
    clock,
  );
  return { gateway, sent, clock };
}

const file = () => Readable.from([Buffer.from('abc')]);
const paths = (sent: InternalAxiosRequestConfig[]) => sent.map((r) => `${r.method?.toUpperCase()} ${r.url}`);

describe('HttpContentsGateway.upload: S3 when the provider hands out credentials, else the direct upload', () => {
  it('falls back to the PUT upload when the provider has no S3, and remembers that for the hour', async () => {
    const { gateway, sent, clock } = gatewayAnswering(NO_S3, UPLOADED, UPLOADED, NO_S3, UPLOADED);
    expect(await gateway.upload('tok-1', 'a.jpg', file(), 3)).toEqual({
      bucket: 'local',
      filePath: 'incoming/u/1/a.jpg',
    });
    await gateway.upload('tok-1', 'b.jpg', file(), 3);
    clock.at = new Date(clock.at.getTime() + S3_CREDENTIALS_REUSE_MS);
    await gateway.upload('tok-1', 'c.jpg', file(), 3);
    expect(paths(sent)).toEqual([
      'GET /xpackager/resources/repository/getS3UploadCredentials',
      'PUT /xpackager/resources/upload/paddock',
      'PUT /xpackager/resources/upload/paddock',
      'GET /xpackager/resources/repository/getS3UploadCredentials',
      'PUT /xpackager/resources/upload/paddock',
    ]);
    expect(sent[0].params).toEqual({ clientId: 'paddock' });
    expect(sent[0].headers['X-TOKENID']).toBe('tok-1');
  });

  it('takes an answer without a sha256: the built-in provider does not read a file it takes by rename', async () => {
    const unread = { status: 200, data: { ...UPLOADED.data, sha256: null } };
    const { gateway } = gatewayAnswering(NO_S3, unread);
    expect(await gateway.upload('tok-1', 'a.jpg', file(), 3)).toEqual({
      bucket: 'local',
      filePath: 'incoming/u/1/a.jpg',
    });
  });

  it('asks per token: another user gets their own answer', async () => {
    const { gateway, sent } = gatewayAnswering(NO_S3, UPLOADED, NO_S3, UPLOADED);
    await gateway.upload('tok-1', 'a.jpg', file(), 3);
    await gateway.upload('tok-2', 'a.jpg', file(), 3);
    expect(
      sent.filter((r) => r.url?.includes('getS3UploadCredentials')).map((r) => r.headers['X-TOKENID']),
    ).toEqual(['tok-1', 'tok-2']);
  });

  it('does not send the file when the token is refused', async () => {
    const { gateway, sent } = gatewayAnswering(SESSION_EXPIRED);
    await expect(gateway.upload('tok-1', 'a.jpg', file(), 3)).rejects.toMatchObject({
      code: ERROR_CODES.UNAUTHENTICATED,
    });
    expect(sent).toHaveLength(1);
  });

  it('reports a failed S3 upload as a transient provider failure and asks for credentials again next time', async () => {
    const credentials = {
      status: 200,
      data: {
        resultCode: 'OK',
        credentials: { accessKeyId: 'AK', secretAccessKey: 'SK', sessionToken: '' },
        bucketName: 'paddock',
        path: 'incoming/u/p',
        region: 'us-east-1',
      },
    };
    const { gateway, sent } = gatewayAnswering(credentials, credentials);
    for (let i = 0; i < 2; i++) {
      const error = await gateway.upload('tok-1', 'a.jpg', file(), 3).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ code: ERROR_CODES.PROVIDER_UNAVAILABLE, transient: true });
    }
    expect(paths(sent)).toEqual([
      'GET /xpackager/resources/repository/getS3UploadCredentials',
      'GET /xpackager/resources/repository/getS3UploadCredentials',
    ]);
  });
});

describe('HttpContentsGateway.updateSource', () => {
  it('reads the provider’s legal-hold refusal as LEGAL_HOLD_ACTIVE, a refusal not worth a retry', async () => {
    const { gateway } = gatewayAnswering({
      status: 418,
      data: { resultCode: 'ACCESS_DENIED', errorDescription: 'LEGAL_HOLD', ssoCode: 'OK' },
    });
    const failure = await gateway
      .updateSource('tok-1', 'c1', { bucket: 'local', filePath: 'incoming/u/1/a.jpg' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ code: LEGAL_HOLD_ERROR_CODES.HELD, transient: false });
  });
});

describe('HttpContentsGateway.trash', () => {
  it('sends the ids in groups of the provider’s limit, in order, and answers every group’s contents in issue', async () => {
    const ok = (inIssue: string[]) => ({ status: 200, data: { resultCode: 'OK', contentsInIssue: inIssue } });
    const { gateway, sent } = gatewayAnswering(ok(['c0']), ok([]), ok(['c120']));
    const ids = Array.from({ length: 2 * LIMITS.idChunkSize + 1 }, (_, i) => `c${i}`);
    expect(await gateway.trash('tok-1', ids)).toEqual(['c0', 'c120']);
    const groups = sent.map(
      (r) =>
        (JSON.parse(String(r.data)) as { contentList: { contentsToTrash: { xcontentId: string }[] } })
          .contentList.contentsToTrash,
    );
    expect(groups.map((g) => g.length)).toEqual([LIMITS.idChunkSize, LIMITS.idChunkSize, 1]);
    expect(groups.flat().map((c) => c.xcontentId)).toEqual(ids);
  });
});
