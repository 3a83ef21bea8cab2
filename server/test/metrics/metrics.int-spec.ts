import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { lastValueFrom, timeout, toArray } from 'rxjs';
import { AppModule } from '../../src/app.module';
import { JobName } from '../../src/jobs/job-catalogue';
import { JobEventsService } from '../../src/jobs/job-events.service';
import { JobsService } from '../../src/jobs/jobs.service';
import { MetricsListener } from '../../src/metrics/metrics-listener';
import { callAs, seedPerson, signInWithCookie } from '../support/cookie-session';
import { startTestApp, type TestApp } from '../support/test-app';

// Whole-app integration: the project-level testTimeout (30 s) of jest.config.ts is not applied by Jest.

/** A sample line of the text format: `name{label="value",…} value`. */
const SAMPLE =
  /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*",?)*\})? (-?[0-9.]+(e[-+]?[0-9]+)?|NaN|[+-]Inf)$/;

/** The sample lines of `name` whose labels include every one of `labels`. */
function samples(text: string, name: string, labels: Record<string, string>): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`))
    .filter((line) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)));
}

/** Every line is a comment (HELP, TYPE) or a sample, and every sample carries the process role. */
function expectParsable(text: string, role: string): void {
  const lines = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.filter((line) => !SAMPLE.test(line))).toEqual([]);
  expect(lines.filter((line) => !line.includes(`role="${role}"`))).toEqual([]);
}

/** CI's lint of the exposition (Debian package `prometheus`): any problem it prints fails the test. */
function expectPromtoolClean(text: string): void {
  const r = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8', timeout: 20_000 });
  expect(r.error).toBeUndefined();
  expect({ status: r.status, output: `${r.stdout}${r.stderr}` }).toEqual({ status: 0, output: '' });
}

/** The metrics of a process, from its own listener (METRICS_PORT). */
async function scrape(app: INestApplicationContext): Promise<Response> {
  return fetch(`http://127.0.0.1:${app.get(MetricsListener).port}/metrics`);
}

describe('GET /metrics (Prometheus text format)', () => {
  let t: TestApp;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  it('reports a request by its route template, a job by its name, the queues and the process, labelled by role', async () => {
    await seedPerson(t, 'anna.admin', ['PADDOCK.ADMIN', 'L/MARKETING'], 'Metrics-password-1!');
    const admin = await signInWithCookie(t, 'anna.admin', 'Metrics-password-1!');
    const { jobId } = await t.app.get(JobsService).submit(JobName.PurgeExpiredSessions, {}, 'anna.admin');
    const events = await lastValueFrom(
      t.app.get(JobEventsService).watch(jobId).pipe(toArray(), timeout(20_000)),
    );
    expect(events.at(-1)).toMatchObject({ state: 'completed' });
    expect((await callAs(t, `/api/jobs/${jobId}`, admin)).status).toBe(200);

    const res = await scrape(t.app);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/);
    const text = await res.text();
    expectParsable(text, 'all');
    expectPromtoolClean(text);

    const request = { route: '/api/jobs/:id', method: 'GET', status_code: '200' };
    expect(samples(text, 'http_server_request_duration_seconds_count', request)).toEqual([
      expect.stringMatching(/ 1$/),
    ]);
    expect(text).not.toContain(jobId);
    const job = { queue: 'maintenance', job_name: 'purge-expired-sessions' };
    expect(samples(text, 'paddock_job_wait_seconds_count', job)).toEqual([expect.stringMatching(/ 1$/)]);
    expect(samples(text, 'paddock_job_duration_seconds_count', { ...job, outcome: 'completed' })).toEqual([
      expect.stringMatching(/ 1$/),
    ]);
    // At least this job: an hourly schedule of the same queue may have run meanwhile.
    expect(samples(text, 'paddock_queue_jobs', { queue: 'maintenance', state: 'completed' })).toEqual([
      expect.stringMatching(/ [1-9][0-9]*$/),
    ]);
    expect(samples(text, 'paddock_queue_oldest_waiting_age_seconds', { queue: 'maintenance' })).toHaveLength(
      1,
    );
    expect(
      samples(text, 'paddock_provider_request_duration_seconds_count', {
        operation: 'identity.login',
        outcome: 'ok',
      }),
    ).toHaveLength(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total\{role="all"\} /m);
  });

  it("is not on the api's app port, which the proxy publishes: route templates and job names stay internal", async () => {
    const res = await fetch(`${t.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('http_server_request_duration_seconds');
    expect(t.app.get(MetricsListener).port).not.toBe(Number(new URL(t.url).port));
  });

  it('serves a worker process its own metrics on METRICS_PORT, without the queue backlog', async () => {
    worker = await NestFactory.createApplicationContext(
      AppModule.forRoot({ ...t.config, PROCESS_ROLE: 'worker' }),
      { logger: false },
    );
    await worker.init();
    const port = worker.get(MetricsListener).port;

    const res = await scrape(worker);
    expect(res.status).toBe(200);
    const text = await res.text();
    expectParsable(text, 'worker');
    expectPromtoolClean(text);
    expect(text).toMatch(/^process_cpu_user_seconds_total\{role="worker"\} /m);
    expect(text).not.toContain('paddock_queue_jobs');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });

  it('has a Grafana dashboard whose every query parses (promtool check rules)', () => {
    const dashboard = JSON.parse(
      readFileSync(join(__dirname, '../../../ops/grafana/paddock-dashboard.json'), 'utf8'),
    ) as { panels: { targets: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
    expect(exprs.length).toBeGreaterThan(0);
    // Each query as a recording rule: promtool parses rule files, and JSON is YAML.
    const rules = exprs.map((expr, i) => ({ record: `dashboard:query_${i}`, expr }));
    const dir = mkdtempSync(join(tmpdir(), 'paddock-grafana-'));
    try {
      const file = join(dir, 'rules.yml');
      writeFileSync(file, JSON.stringify({ groups: [{ name: 'dashboard', rules }] }));
      const r = spawnSync('promtool', ['check', 'rules', file], { encoding: 'utf8', timeout: 20_000 });
      expect({ status: r.status, errors: r.stderr }).toEqual({ status: 0, errors: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
