import { Agent, get } from 'node:http';
import { startTestApp, type TestApp } from './support/test-app';

describe('the hub boots on a migrated database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers health with the database up', async () => {
    const res = await fetch(`${t.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', checks: { database: { status: 'ok' } } });
  });

  it('describes its API at /api/docs', async () => {
    const res = await fetch(`${t.url}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { info: { version: string } };
    expect(doc.info.version).toBe('2.0.1');
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await fetch(`${t.url}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps an idle connection open past Node’s 5 s, for the proxy or client that reuses it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ask = () =>
      new Promise<{ status?: number; reused: boolean }>((resolve, reject) => {
        const req = get(`${t.url}/api/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      expect(await ask()).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 6_000));
      expect(await ask()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 20_000);

  it('answers unknown routes with the error body', async () => {
    const res = await fetch(`${t.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', correlationId: expect.any(String) });
  });
});
