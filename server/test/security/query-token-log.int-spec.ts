import { PASSWORD, postForm, seedPeople } from '../auth/auth-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * issue 11, point 5: a provider token in a URL's query (THRON's `?tokenId=` on a GET, research §1)
 * never reaches the log, wherever the request's URL or query is written. The real log output is
 * captured (pino writes to process.stdout) at LOG_LEVEL=info.
 */
describe('tokens in query strings are redacted from the logs', () => {
  let t: TestApp;
  const output: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      output.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    });
    restore = () => spy.mockRestore();
    t = await startTestApp({ LOG_LEVEL: 'info' });
    await seedPeople(t);
  });
  afterAll(async () => {
    await t.close();
    restore();
  });

  it('writes the thumbnail request without its tokenId, in the URL and in the query', async () => {
    const login = await postForm<{ tokenId: string }>(
      t,
      `/provider/xsso/resources/accessmanager/login/paddock`,
      {
        username: 'mario.rossi',
        password: PASSWORD,
      },
    );
    const token = login.body.tokenId;
    expect(token).toBeTruthy();
    const thumbnail = `/provider/xcontents/resources/delivery/getThumbnail/paddock/100x100/missing.jpg`;
    await fetch(`${t.url}${thumbnail}?tokenId=${token}`);
    // An unknown parameter name case and a second secret parameter: every one is censored.
    await fetch(`${t.url}${thumbnail}?lang=it&TOKENID=${token}&access_token=${token}`);

    const logs = output.join('');
    expect(logs).toContain('getThumbnail/paddock/100x100/missing.jpg?tokenId=[redacted]');
    expect(logs).toContain('"tokenId":"[redacted]"');
    expect(logs).toContain('lang=it&TOKENID=[redacted]&access_token=[redacted]');
    expect(logs).not.toContain(token);
  });
});
