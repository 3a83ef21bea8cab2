import type { JobListResponse, JobSummary } from '@paddock/rules';
import { E_CODES } from '@paddock/rules';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aSession, fakeHub, hubError, ok, signedInRoutes, type HubCall } from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';
import { i18n } from '../../i18n/i18n';

beforeEach(() => i18n.changeLanguage('en'));

const mario = aSession({ username: 'mario.rossi' });

function aJob(overrides: Partial<JobSummary>): JobSummary {
  return {
    id: 'job-1',
    queue: 'workflow',
    name: 'workflow-move',
    state: 'completed',
    progress: 100,
    attempts: 1,
    result: { total: 3, done: 3, unchanged: 0, junk: 0, failed: 0 },
    payload: {},
    errorCode: null,
    createdBy: 'mario.rossi',
    createdAt: '2026-11-20T10:00:00.000Z',
    startedAt: '2026-11-20T10:00:01.000Z',
    finishedAt: '2026-11-20T10:00:20.000Z',
    cancelRequested: false,
    retryOf: null,
    items: { done: 3, total: 3 },
    etaAt: null,
    ...overrides,
  };
}

const running = aJob({
  id: 'job-running',
  name: 'workflow-accept',
  state: 'active',
  progress: 40,
  result: null,
  finishedAt: null,
  items: { done: 4, total: 10 },
  etaAt: '2026-11-20T10:05:00.000Z',
});
const withFailure = aJob({
  id: 'job-failure',
  result: { total: 3, done: 2, unchanged: 0, junk: 0, failed: 1 },
  story: {
    job: 'workflow-move',
    assets: { total: 3, ids: ['c-1', 'c-2', 'c-3'], names: ['Foto 1', 'Foto 2', 'Foto 3'] },
    folder: 'Work',
    targets: ['Archive'],
    tags: { added: [], removed: [] },
    metadata: { set: [], removed: [] },
    share: null,
    version: null,
    counts: { total: 3, done: 2, unchanged: 0, junk: 0, failed: 1 },
    state: null,
  },
});
const allDone = aJob({ id: 'job-done' });
const page = (items: JobSummary[]): JobListResponse => ({ items, nextCursor: null });

function routes(jobs: JobSummary[]) {
  return { ...signedInRoutes(mario), 'GET /api/jobs/mine': ok(page(jobs)) };
}

// The app's first render on a loaded machine can take longer than the usual wait.
jest.setTimeout(60_000);

async function openMyJobs() {
  await userEvent.click(await screen.findByRole('button', { name: /^My jobs/ }, { timeout: 20_000 }));
  return screen.findByRole('dialog', { name: 'My jobs' });
}

const item = (dialog: HTMLElement, name: string) => within(dialog).getAllByRole('listitem', { name });

describe('My jobs', () => {
  it('lists the user’s jobs with state, progress, items and ETA; Cancel only while running, Retry only with failures', async () => {
    const calls = fakeHub(routes([running, withFailure, allDone]));
    renderApp('/home');
    const dialog = await openMyJobs();

    const [accept] = item(dialog, 'Accept');
    expect(within(accept).getByText('Running')).toBeVisible();
    expect(within(accept).getByText('40%')).toBeVisible();
    expect(within(accept).getByText('4 of 10 assets')).toBeVisible();
    expect(within(accept).getByText(/^Should end around \d\d:\d\d$/)).toBeVisible();
    expect(within(accept).getByRole('button', { name: 'Cancel' })).toBeVisible();
    expect(within(accept).queryByRole('button', { name: 'Retry failed assets' })).toBeNull();

    const [failing, done] = item(dialog, 'Move');
    expect(within(failing).getByRole('button', { name: 'Retry failed assets' })).toBeVisible();
    expect(within(failing).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(done).queryByRole('button', { name: /Retry failed assets|Cancel/ })).toBeNull();
    expect(calls.find((call) => call.path === '/api/jobs/mine')?.query.get('lang')).toBe('en');
  });

  it('shows the per-asset outcomes with the translated message and the E-code', async () => {
    fakeHub({
      ...routes([withFailure]),
      'GET /api/jobs/job-failure': ok({
        ...withFailure,
        outcomes: [
          { contentId: 'c-1', outcome: 'done', fromFolderId: 'w', toFolderId: 'a', errorCode: null },
          {
            contentId: 'c-2',
            outcome: 'failed',
            fromFolderId: 'w',
            toFolderId: null,
            errorCode: E_CODES.MOVE_LINK_FAILED,
          },
        ],
      }),
    });
    renderApp('/home');
    const dialog = await openMyJobs();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the assets' }));

    const outcomes = await within(dialog).findByRole('list', { name: 'Assets of this job' });
    const [first, second] = within(outcomes).getAllByRole('listitem');
    expect(first).toHaveTextContent('Foto 1');
    expect(second).toHaveTextContent('Foto 2');
    expect(within(second).getByText('Failed')).toBeVisible();
    expect(within(second).getByText(E_CODES.MOVE_LINK_FAILED)).toBeVisible();
  });

  it('retries the failed items, says so and shows the linked new job; a refusal is said plainly', async () => {
    let jobs = [withFailure];
    const retry = aJob({
      id: 'job-retry',
      state: 'waiting',
      progress: 0,
      retryOf: 'job-failure',
      finishedAt: null,
    });
    const calls = fakeHub({
      ...signedInRoutes(mario),
      'GET /api/jobs/mine': () => ok(page(jobs)),
      'POST /api/jobs/job-failure/retry-failed': () => {
        jobs = [retry, withFailure];
        return { status: 201, body: retry };
      },
    });
    renderApp('/home');
    const dialog = await openMyJobs();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry failed assets' }));

    expect(await screen.findByText('A new job retries the failed assets.')).toBeVisible();
    expect(await within(dialog).findByText('Retries the failed assets of job job-fail')).toBeVisible();
    expect(calls.filter((call: HubCall) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/jobs/job-failure/retry-failed',
    ]);
  });

  it('says why a retry was refused', async () => {
    fakeHub({
      ...routes([withFailure]),
      'POST /api/jobs/job-failure/retry-failed': hubError(409, 'JOB_NO_FAILED_ITEMS'),
    });
    renderApp('/home');
    const dialog = await openMyJobs();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry failed assets' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This job has no failed assets to retry. (JOB_NO_FAILED_ITEMS)',
    );
  });

  it('cancels a running job, which then says it stops after the current asset', async () => {
    let jobs = [running];
    fakeHub({
      ...signedInRoutes(mario),
      'GET /api/jobs/mine': () => ok(page(jobs)),
      'POST /api/jobs/job-running/cancel': () => {
        jobs = [{ ...running, cancelRequested: true }];
        return ok(jobs[0]);
      },
    });
    renderApp('/home');
    const dialog = await openMyJobs();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await within(dialog).findByText('Stopping after the current asset…')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('says so when the user has no jobs', async () => {
    fakeHub(routes([]));
    renderApp('/home');
    const dialog = await openMyJobs();
    expect(await within(dialog).findByText('You have no jobs yet')).toBeVisible();
  });

  it('tells with a notice when a long job of the user ends while the list is closed', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let jobs = [running];
      fakeHub({ ...signedInRoutes(mario), 'GET /api/jobs/mine': () => ok(page(jobs)) });
      renderApp('/home');
      expect(await screen.findByRole('button', { name: 'My jobs (1)' })).toBeVisible();
      jobs = [
        {
          ...running,
          state: 'completed',
          progress: 100,
          finishedAt: '2026-11-20T10:03:00.000Z',
          etaAt: null,
        },
      ];
      await act(() => jest.advanceTimersByTimeAsync(3_500));
      expect(await screen.findByText('Your job “Accept” has ended: Completed.')).toBeVisible();
    } finally {
      jest.useRealTimers();
    }
  });
});
