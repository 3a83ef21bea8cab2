import pino from 'pino';
import { LOG_REDACTION } from './log-redaction';

const TOKEN = 'y2oGRWNGXOJiFZwJjVwdmym3iOSPk3N8GZSkDNlfX2w';

/** A pino logger with the app's redaction, and the records it wrote. */
function logger() {
  const lines: string[] = [];
  const log = pino({ ...LOG_REDACTION, base: undefined }, { write: (line: string) => lines.push(line) });
  return { log, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('log redaction', () => {
  it("censors a share token wherever a request's record repeats it: URL, the router's path segments, Referer, Location", () => {
    const { log, records } = logger();
    log.info(
      {
        req: {
          method: 'GET',
          url: `/provider/share/${TOKEN}/assets/c1/thumb?lang=it`,
          params: { path: ['provider', 'share', TOKEN, 'assets', 'c1', 'thumb'] },
          headers: { referer: `https://paddock.example/provider/share/${TOKEN}` },
        },
        res: { statusCode: 303, headers: { location: `/provider/share/${TOKEN}` } },
      },
      'request completed',
    );
    const [record] = records();
    expect(JSON.stringify(record)).not.toContain(TOKEN);
    expect(record).toMatchObject({
      req: {
        url: '/provider/share/[redacted]/assets/c1/thumb?lang=it',
        params: { path: ['provider', 'share', '[redacted]', 'assets', 'c1', 'thumb'] },
      },
      res: { headers: { location: '/provider/share/[redacted]' } },
    });
  });

  it('censors the token in a message and in an error, percent-encoded too', () => {
    const { log, records } = logger();
    const encoded = [...TOKEN].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    log.warn({ status: 404 }, `Cannot GET /provider/share/${TOKEN}/nope`);
    log.error(new Error(`Cannot GET /provider/share/${encoded}`));
    log.error({ err: new Error(`Cannot PUT /provider/share/${TOKEN}/session`) }, 'Unhandled error');
    const text = JSON.stringify(records());
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(encoded);
    expect(records().map((r) => r.msg)).toEqual([
      'Cannot GET /provider/share/[redacted]/nope',
      'Cannot GET /provider/share/[redacted]',
      'Unhandled error',
    ]);
  });

  it('censors secret names at any depth, secret query parameters, and the OpenID code in a query only', () => {
    const { log, records } = logger();
    log.info({
      a: { b: [{ c: { Password: 'p1', providerToken: 't1' } }] },
      req: {
        url: '/sso/callback?code=c1&state=s&tokenId=t2',
        query: { code: 'c1', state: 's', tokenId: 't2' },
        headers: { cookie: 'paddock_session=s1', 'x-tokenid': 't3', authorization: 'Bearer t4' },
      },
      res: { headers: { 'set-cookie': ['paddock_share=s2; Path=/'] } },
      code: 'VALIDATION_FAILED',
    });
    const [record] = records();
    for (const secret of ['p1', 't1', 'c1', 't2', 's1', 't3', 't4', 's2'])
      expect(JSON.stringify(record)).not.toContain(secret);
    expect(record).toMatchObject({
      req: { url: '/sso/callback?code=[redacted]&state=s&tokenId=[redacted]', query: { state: 's' } },
      code: 'VALIDATION_FAILED',
    });
  });

  it('keeps what is no secret as it was', () => {
    const { log, records } = logger();
    log.info({ req: { url: '/api/assets?folderId=f1&offset=0', params: { id: 'f1' } } }, 'request completed');
    expect(records()[0]).toMatchObject({
      req: { url: '/api/assets?folderId=f1&offset=0', params: { id: 'f1' } },
      msg: 'request completed',
    });
  });
});
