import { createInterface } from 'node:readline';
import { headersOf } from '../auth/auth-fixtures';
import { crashWorld, type CrashWorld } from '../support/worker-process';
import { contentsIn, finished } from '../workflow/workflow-fixtures';

jest.setTimeout(240_000);

interface LogLine {
  msg: string;
  correlationId?: string;
  jobId?: string;
  operation?: string;
}

/**
 * Issue 25 part 5: one correlation id from the browser's request to the job's last provider call,
 * read off what a real worker process writes (JSON, one object a line).
 */
describe('the correlation id of a request, in the worker log of the job it enqueued', () => {
  let world: CrashWorld;

  beforeAll(async () => {
    world = await crashWorld(['anna.bianchi']);
  });
  afterAll(() => world?.stop());

  it('echoes X-Request-Id and logs the job and its provider calls under it, every line JSON', async () => {
    const {
      t,
      folders,
      people: [anna],
    } = world;
    const [contentId] = await contentsIn(t, folders, ['lvrr02-marketing', 'appstp1-marketing']);
    const res = await fetch(`${t.url}/api/workflow/accept`, {
      method: 'POST',
      headers: { ...headersOf(anna!), 'content-type': 'application/json', 'x-request-id': 'abc123' },
      body: JSON.stringify({ contentIds: [contentId], folderId: folders.get('appstp1-marketing') }),
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('x-request-id')).toBe('abc123');
    const { jobId } = (await res.json()) as { jobId: string };
    // The job waits in the queue, so the worker takes it while it boots: its first lines are
    // written before its logger is in place, and must carry the request's id all the same.
    const worker = world.startWorker({ env: { LOG_LEVEL: 'debug' }, stdout: 'pipe' });
    const raw: string[] = [];
    createInterface({ input: worker.stdout! }).on('line', (line) => raw.push(line));
    expect((await finished(t, anna!, jobId, 120_000)).state).toBe('completed');

    const lines = () => raw.map((line) => JSON.parse(line) as LogLine);
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      if (lines().some((l) => l.msg === 'Job completed' && l.jobId === jobId)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const ofRequest = lines().filter((l) => l.correlationId === 'abc123');
    expect(ofRequest.map((l) => l.msg)).toEqual(expect.arrayContaining(['Job started', 'Job completed']));
    expect(ofRequest.filter((l) => l.msg === 'Provider call').length).toBeGreaterThan(0);
    // Every line the worker wrote for this job carries the request's id, none another.
    const ofJob = lines().filter((l) => l.jobId === jobId);
    expect(ofJob.length).toBeGreaterThan(0);
    expect(ofJob.filter((l) => l.correlationId !== 'abc123')).toEqual([]);
  });

  it('answers a request id that is not sane with one of its own', async () => {
    const res = await fetch(`${world.t.url}/api/health`, {
      headers: { 'x-request-id': 'no spaces "or" quotes' },
    });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
