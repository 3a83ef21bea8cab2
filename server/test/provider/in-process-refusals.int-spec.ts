import { startTestApp, type TestApp } from '../support/test-app';
import { providerFailure } from '../support/scripted-provider';
import { HttpProviderGateway } from '../../src/provider/http-provider.gateway';
import { providerHttp } from '../support/provider-transports';

jest.setTimeout(120_000);

interface LogLine {
  level: number;
  msg?: string;
  context?: string;
}

/**
 * An ordinary refusal of the built-in provider, called in-process, is answered as over HTTP: its
 * envelope, and no error line with a stack (pino writes to process.stdout, replaced for the test).
 */
describe('a refused in-process provider call', () => {
  let t: TestApp;
  const output: string[] = [];
  let spy: jest.SpyInstance | undefined;

  beforeAll(async () => {
    spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      output.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    });
    t = await startTestApp({ LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    spy?.mockRestore();
    await t?.close();
  });

  const lines = (): LogLine[] =>
    output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);

  it('answers the health probe (SESSION_EXPIRED) without an error line', async () => {
    // The probe gives up after 2 s, which a loaded test machine can miss once: ask again until it answers.
    let provider: { status: string; reason?: string } | undefined;
    for (let tries = 0; tries < 5 && provider?.status !== 'ok'; tries++) {
      const res = await fetch(`${t.url}/api/health`);
      provider = ((await res.json()) as { checks: { provider: typeof provider } }).checks.provider;
    }
    expect(provider).toEqual({ status: 'ok' });
    expect(lines().filter((l) => l.level >= 50)).toEqual([]);
  });

  it('maps a refusal through the gateway to its code, and logs no error', async () => {
    output.length = 0;
    const gateway = new HttpProviderGateway(await providerHttp(t, 'in-process'), {
      CLIENT_ID: t.config.CLIENT_ID,
    });
    const e = await providerFailure(gateway.validateToken('not-a-token'));
    expect(e).toMatchObject({ code: 'UNAUTHENTICATED', transient: false });
    expect(lines().filter((l) => l.level >= 50)).toEqual([]);
  });
});
