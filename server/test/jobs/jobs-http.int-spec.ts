import { randomUUID } from 'node:crypto';
import { HubPrismaService } from '../../src/database/hub-prisma.service';
import { JobName } from '../../src/jobs/job-catalogue';
import { JobEventsService } from '../../src/jobs/job-events.service';
import { JobsService } from '../../src/jobs/jobs.service';
import { callAs, seedPerson, signInWithCookie, type CookieSession } from '../support/cookie-session';
import { startTestApp, type TestApp } from '../support/test-app';

type Session = CookieSession;

// Whole-app integration: the project-level testTimeout (30 s) of jest.config.ts is not applied by Jest.

/** The jobs API over HTTP with real sign-ins: who may submit, read and watch which job. */
describe('jobs API (HTTP, real sessions)', () => {
  let t: TestApp;
  let admin: Session;
  let mario: Session;
  let luca: Session;
  const PASSWORD = 'Jobs-password-1!';

  const signIn = (username: string) => signInWithCookie(t, username, PASSWORD);

  const call = (path: string, who?: Session, init?: RequestInit) => callAs(t, path, who, init);

  /** Reads an event stream to its end (or until `stopAfter` events), parsing each `data:` line. */
  async function readStream(res: Response, stopAfter = Infinity): Promise<{ events: unknown[] }> {
    if (!res.body) throw new Error('no body');
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let raw = '';
    const events: unknown[] = [];
    while (events.length < stopAfter) {
      const { done, value } = await reader.read();
      if (done) break;
      raw += decoder.decode(value, { stream: true });
      const blocks = raw.split('\n\n');
      events.length = 0;
      for (const block of blocks.slice(0, -1))
        for (const line of block.split('\n'))
          if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
    }
    await reader.cancel().catch(() => undefined);
    return { events };
  }

  async function eventually(check: () => boolean): Promise<void> {
    for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 25));
    expect(check()).toBe(true);
  }

  beforeAll(async () => {
    t = await startTestApp();
    const user = (username: string, groups: string[]) => seedPerson(t, username, groups, PASSWORD);
    await user('anna.admin', ['PADDOCK.ADMIN', 'L/MARKETING']);
    await user('mario.rossi', ['PADDOCK.USER', 'L/MARKETING']);
    await user('luca.verdi', ['PADDOCK.USER', 'L/MARKETING']);
    admin = await signIn('anna.admin');
    mario = await signIn('mario.rossi');
    luca = await signIn('luca.verdi');
  });
  afterAll(() => t.close());

  it('needs a session on every jobs route', async () => {
    expect((await call('/api/jobs')).status).toBe(401);
    expect((await call(`/api/jobs/${randomUUID()}`)).status).toBe(401);
    expect((await call(`/api/jobs/${randomUUID()}/events`)).status).toBe(401);
    expect(
      (await call('/api/jobs/maintenance/purge-expired-sessions', undefined, { method: 'POST' })).status,
    ).toBe(401);
  });

  it('lets only administrators purge sessions and list jobs', async () => {
    const post = await call('/api/jobs/maintenance/purge-expired-sessions', mario, { method: 'POST' });
    expect(post.status).toBe(403);
    expect(await post.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call('/api/jobs', mario)).status).toBe(403);
  });

  it('accepts a purge from an administrator (202) and streams it live to the end', async () => {
    const post = await call('/api/jobs/maintenance/purge-expired-sessions', admin, { method: 'POST' });
    expect(post.status).toBe(202);
    const { jobId } = (await post.json()) as { jobId: string };
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);

    const stream = await call(`/api/jobs/${jobId}/events`, admin);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { events } = await readStream(stream);
    expect(events.at(-1)).toEqual({ jobId, state: 'completed', progress: 100, result: { deleted: 0 } });

    const res = await call(`/api/jobs/${jobId}`, admin);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      id: jobId,
      queue: 'maintenance',
      name: 'purge-expired-sessions',
      state: 'completed',
      progress: 100,
      attempts: 1,
      result: { deleted: 0 },
      payload: {},
      errorCode: null,
      createdBy: 'anna.admin',
      // The submitter as people read them (the directory's name), beside the username.
      createdByName: 'anna admin',
      createdAt: expect.any(String),
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      cancelRequested: false,
      retryOf: null,
      // Not a job over assets: no count of items, and no ETA once ended.
      items: null,
      etaAt: null,
      // The drawer's sentence: a scheduled purge names no asset, folder or share, only its count.
      story: expect.objectContaining({
        job: 'purge-expired-sessions',
        counts: { deleted: 0 },
        assets: null,
        folder: null,
        share: null,
      }),
    });
    expect(new Date(body.finishedAt as string).getTime()).toBeGreaterThanOrEqual(
      new Date(body.createdAt as string).getTime(),
    );
  });

  it('shows a job to its submitter and administrators, 403 to others, 404 when unknown', async () => {
    const { jobId } = await t.app.get(JobsService).submit(JobName.PurgeExpiredSessions, {}, 'mario.rossi');
    expect((await call(`/api/jobs/${jobId}`, mario)).status).toBe(200);
    expect((await call(`/api/jobs/${jobId}`, admin)).status).toBe(200);
    const other = await call(`/api/jobs/${jobId}`, luca);
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call(`/api/jobs/${jobId}/events`, luca)).status).toBe(403);

    const mine = await readStream(await call(`/api/jobs/${jobId}/events`, mario));
    expect(mine.events.at(-1)).toMatchObject({ jobId, state: 'completed' });

    const unknown = randomUUID();
    const missing = await call(`/api/jobs/${unknown}`, admin);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call(`/api/jobs/${unknown}/events`, admin)).status).toBe(404);
    expect((await call('/api/jobs/not%20an%20id', admin)).status).toBe(400);
  });

  it('lists jobs newest first for the dashboard, filtered and limited', async () => {
    const res = await call('/api/jobs?state=completed&limit=2', admin);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: { state: string; createdAt: string }[] };
    expect(items).toHaveLength(2);
    expect(items.every((j) => j.state === 'completed')).toBe(true);
    expect(items[0].createdAt >= items[1].createdAt).toBe(true);
    expect((await call('/api/jobs?state=done', admin)).status).toBe(400);
    expect((await call('/api/jobs?limit=0', admin)).status).toBe(400);
    expect((await call('/api/jobs?limit=1000', admin)).status).toBe(400);
  });

  it('stops watching when the client goes away', async () => {
    // A job that stays waiting (recorded, never enqueued), so its stream would run for ever.
    const id = randomUUID();
    await t.app.get(HubPrismaService).jobRecord.create({
      data: {
        id,
        queue: 'maintenance',
        name: 'purge-expired-sessions',
        state: 'waiting',
        payload: {},
        createdBy: 'anna.admin',
      },
    });
    const events = t.app.get(JobEventsService);
    const before = events.watcherCount();
    const abort = new AbortController();
    const res = await call(`/api/jobs/${id}/events`, admin, { signal: abort.signal });
    const first = await readStream(res, 1);
    expect(first.events).toEqual([{ jobId: id, state: 'waiting', progress: 0 }]);
    expect(events.watcherCount()).toBe(before + 1);
    abort.abort();
    await eventually(() => events.watcherCount() === before);
  });
});
