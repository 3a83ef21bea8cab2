import type {
  AuditListResponse,
  JobListResponse,
  JobSummary,
  QueueOutcomesResponse,
  QueueStatsResponse,
  ShareSendersResponse,
} from '@paddock/rules';
import { E_CODES } from '@paddock/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  aFolder,
  aSession,
  anAssetDetail,
  fakeHub,
  hubError,
  ok,
  signedInRoutes,
  type HubCall,
} from '../../../test/fake-hub';
import { renderApp } from '../../../test/render';
import { i18n } from '../../i18n/i18n';

beforeEach(() => i18n.changeLanguage('en'));

const admin = aSession({ username: 'admin', roles: ['admin'] });

function aJob(overrides: Partial<JobSummary>): JobSummary {
  return {
    id: 'job-1',
    queue: 'workflow',
    name: 'workflow-accept',
    state: 'completed',
    progress: 100,
    attempts: 1,
    result: null,
    payload: { contentIds: ['c-1', 'c-2', 'c-3', 'c-4'] },
    errorCode: null,
    createdBy: 'anna.bianchi',
    createdAt: '2026-11-20T10:00:00.000Z',
    startedAt: '2026-11-20T10:00:01.000Z',
    finishedAt: '2026-11-20T10:00:05.000Z',
    cancelRequested: false,
    retryOf: null,
    items: null,
    etaAt: null,
    ...overrides,
  };
}

const queues: QueueStatsResponse = {
  items: [
    {
      queue: 'maintenance',
      counts: { waiting: 0, active: 0, delayed: 1, completed: 4, failed: 0 },
      paused: false,
    },
    {
      queue: 'workflow',
      counts: { waiting: 2, active: 1, delayed: 0, completed: 7, failed: 3 },
      paused: false,
    },
  ],
};

const outcomes: QueueOutcomesResponse = {
  windowMinutes: 60,
  items: [
    { queue: 'maintenance', completed: 0, failed: 0 },
    { queue: 'workflow', completed: 9, failed: 3 },
  ],
};

const failed = aJob({
  id: 'job-failed',
  name: 'workflow-move',
  state: 'failed',
  errorCode: E_CODES.MOVE_LINK_FAILED,
  progress: 40,
});
const waiting = aJob({
  id: 'job-waiting',
  name: 'purge-junk',
  queue: 'maintenance',
  state: 'waiting',
  progress: 0,
});
const done = aJob({
  id: 'job-done',
  result: { total: 4, done: 1, unchanged: 0, junk: 1, failed: 0 },
  story: {
    job: 'workflow-accept',
    assets: { total: 4, ids: ['c-1', 'c-2', 'c-3'], names: ['Foto 11', 'Foto 12', 'Foto 13'] },
    folder: 'Step 1',
    targets: ['Step 2'],
    tags: { added: [], removed: [] },
    metadata: { set: [], removed: [] },
    share: null,
    version: null,
    counts: { total: 4, done: 1, unchanged: 0, junk: 1, failed: 0 },
    state: null,
  },
  outcomes: [
    { contentId: 'c-1', outcome: 'done', fromFolderId: 'f1', toFolderId: 'f2', errorCode: null },
    {
      contentId: 'c-2',
      outcome: 'junk',
      fromFolderId: 'f1',
      toFolderId: 'junk',
      errorCode: E_CODES.ACCEPT_LINK_FAILED,
    },
  ],
});

function dashboardRoutes(jobs: JobSummary[] = [failed, waiting, done]) {
  const page: JobListResponse = { items: jobs, nextCursor: null };
  return {
    ...signedInRoutes(admin),
    'GET /api/jobs/queues': ok(queues),
    'GET /api/jobs/outcomes': ok(outcomes),
    'GET /api/jobs': (call: HubCall) => {
      const state = call.query.get('state');
      return ok({ ...page, items: state ? jobs.filter((job) => job.state === state) : jobs });
    },
    'GET /api/jobs/job-done': ok(done),
  };
}

describe('Administration (/manage)', () => {
  it('shows each queue with its counts, and the jobs with state, progress, attempts, error and submitter', async () => {
    fakeHub(dashboardRoutes());
    renderApp('/manage');

    const workflow = await screen.findByTestId('queue-workflow');
    expect(within(workflow).getByText('Workflow')).toBeVisible();
    expect(within(workflow).getByText('Failed').nextSibling).toHaveTextContent('3');
    const rows = await screen.findAllByTestId('job-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Move')).toBeVisible();
    expect(within(rows[0]).getByText('Failed')).toBeVisible();
    expect(within(rows[0]).getByText(E_CODES.MOVE_LINK_FAILED)).toBeVisible();
    expect(within(rows[0]).getByText('40%')).toBeVisible();
    expect(within(rows[0]).getByText('anna.bianchi')).toBeVisible();
    // Retry for a failed job, cancel for one that has not started, neither for a finished one.
    expect(within(rows[0]).getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(within(rows[1]).getByRole('button', { name: 'Cancel job' })).toBeVisible();
    expect(within(rows[2]).queryByRole('button', { name: /Retry|Cancel job/ })).toBeNull();
  });

  it("shows each queue's depth and the last hour's failure rate, a dash when no job finished", async () => {
    fakeHub(dashboardRoutes());
    renderApp('/manage');

    const workflow = await screen.findByTestId('queue-workflow');
    expect(within(workflow).getByText('Queue depth').nextSibling).toHaveTextContent('2');
    const rate = await within(workflow).findByText('25%');
    expect(rate.previousSibling).toHaveTextContent('Failure rate, last hour');
    expect(within(workflow).getByText('3 failed of 12 finished')).toBeVisible();
    const maintenance = screen.getByTestId('queue-maintenance');
    expect(within(maintenance).getByText('Queue depth').nextSibling).toHaveTextContent('1');
    expect(within(maintenance).getByText('Failure rate, last hour').nextSibling).toHaveTextContent('—');
    expect(within(maintenance).getByText('No job finished')).toBeVisible();
  });

  it('names in each job row the assets it is about, asking for the names in the reader’s language (issue 23)', async () => {
    const calls = fakeHub(dashboardRoutes());
    renderApp('/manage');
    const rows = await screen.findAllByTestId('job-row');
    expect(within(rows[2]).getByTestId('job-subject')).toHaveTextContent(
      '4 assets (“Foto 11”, “Foto 12”, “Foto 13”, and 1 more)',
    );
    expect(within(rows[0]).queryByTestId('job-subject')).toBeNull();
    expect(calls.find((call) => call.path === '/api/jobs')?.query.get('lang')).toBe('en');
  });

  it('opens an asset of a job row from its name, alone rather than in a folder it may have left (issue 23)', async () => {
    const calls = fakeHub({
      ...dashboardRoutes(),
      'GET /api/folders/tree': ok({ roots: [aFolder({ id: 'arch', name: 'Archive' })] }),
      'GET /api/assets/c-2': ok(anAssetDetail(2, { id: 'c-2', name: 'Foto 12' })),
    });
    const app = renderApp('/manage');
    const rows = await screen.findAllByTestId('job-row');
    const link = within(rows[2]).getByRole('link', { name: '“Foto 12”' });
    expect(link).toHaveAttribute('href', '/home?asset=c-2');
    // One link per asset named, none for "1 more".
    expect(within(rows[2]).getAllByRole('link')).toHaveLength(3);

    await userEvent.click(link);
    expect(await screen.findByRole('dialog', { name: /^Foto 12/ })).toBeVisible();
    expect(app.router.state.location.search).toEqual({ asset: 'c-2' });
    expect(calls.some((call) => call.path === '/api/folders/arch')).toBe(false);
  });

  it('filters the jobs by state', async () => {
    const calls = fakeHub(dashboardRoutes());
    renderApp('/manage');
    await screen.findAllByTestId('job-row');

    await userEvent.selectOptions(screen.getByLabelText('State'), 'Failed');
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(1));
    expect(calls.some((call) => call.path === '/api/jobs' && call.query.get('state') === 'failed')).toBe(
      true,
    );
  });

  it('retries a failed job after confirmation and says so plainly when the hub refuses', async () => {
    const calls = fakeHub({
      ...dashboardRoutes(),
      'POST /api/jobs/job-failed/retry': hubError(409, 'JOB_NOT_RETRYABLE'),
    });
    renderApp('/manage');
    const user = userEvent.setup();
    const [row] = await screen.findAllByTestId('job-row');
    await user.click(within(row).getByRole('button', { name: 'Retry' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Retry this job?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only a failed job can be retried. (JOB_NOT_RETRYABLE)',
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/jobs/job-failed/retry',
    ]);
  });

  it('cancels a waiting job after confirmation, then refreshes the list', async () => {
    const calls = fakeHub({
      ...dashboardRoutes(),
      'POST /api/jobs/job-waiting/cancel': ok({ ...waiting, state: 'cancelled' }),
    });
    renderApp('/manage');
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('job-row');
    await user.click(within(rows[1]).getByRole('button', { name: 'Cancel job' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this job?' });
    const listsBefore = calls.filter((call) => call.path === '/api/jobs').length;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/jobs/job-waiting/cancel')).toBe(
      true,
    );
    expect(calls.filter((call) => call.path === '/api/jobs').length).toBeGreaterThan(listsBefore);
  });

  it('opens a job in a drawer: one sentence with names, and each asset by name with its outcome and message', async () => {
    const calls = fakeHub({
      ...dashboardRoutes(),
      'GET /api/audit': ok({
        items: [
          {
            id: '12',
            at: '2026-11-20T10:00:00.000Z',
            actor: 'anna.bianchi',
            actorName: 'anna.bianchi',
            action: 'workflow-accept',
            jobId: 'job-done',
            assetId: 'c-2',
            fromFolderId: 'appstp1',
            toFolderId: 'junk',
            outcome: 'failure',
            errorCode: E_CODES.ACCEPT_LINK_FAILED,
            assetName: 'Foto 12',
            fromFolderName: 'Step 1',
            toFolderName: 'Department junk',
            story: null,
          },
        ],
        nextCursor: null,
      } satisfies AuditListResponse),
    });
    renderApp('/manage');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Details of Accept' }));

    const drawer = await screen.findByRole('dialog', { name: 'Accept' });
    expect(within(drawer).getByTestId('job-story')).toHaveTextContent(
      'anna.bianchi accepted 4 assets (“Foto 11”, “Foto 12”, “Foto 13”, and 1 more) from Step 1 into Step 2 — 1 of 4 done, 1 sent to the junk',
    );
    const asset = (await within(drawer).findByTestId('job-sentences')).querySelector('li') as HTMLElement;
    expect(asset).toHaveTextContent('anna.bianchi accepted “Foto 12” into Department junk');
    expect(within(asset).getByText('Sent to junk')).toBeVisible();
    expect(asset).toHaveTextContent(i18n.t('workflow.errors.E046'));
    // Names, never the ids the payload carries.
    expect(drawer).not.toHaveTextContent('c-1');
    expect(calls.find((call) => call.path === '/api/audit')?.query.get('jobId')).toBe('job-done');
    expect(calls.find((call) => call.path === '/api/jobs/job-done')?.query.get('lang')).toBe('en');
  });

  it('says when there are no jobs', async () => {
    fakeHub(dashboardRoutes([]));
    renderApp('/manage');
    expect(await screen.findByText('No jobs')).toBeVisible();
  });

  it('searches the audit log by asset, user and days, and loads more', async () => {
    const first: AuditListResponse = {
      items: [
        {
          id: '9',
          at: '2026-11-20T10:00:00.000Z',
          actor: 'luca.conti',
          actorName: 'Luca Conti',
          action: 'workflow-reject',
          jobId: 'job-1',
          assetId: 'c-1',
          fromFolderId: 'appstp2',
          toFolderId: 'rftt00',
          outcome: 'success',
          errorCode: null,
          assetName: 'Foto 12',
          fromFolderName: 'Step 2',
          toFolderName: 'Rejected',
          story: null,
        },
      ],
      nextCursor: '9',
    };
    const second: AuditListResponse = {
      items: [
        {
          ...first.items[0],
          id: '3',
          action: 'job-retry',
          assetId: null,
          actor: 'admin',
          actorName: 'admin',
        },
      ],
      nextCursor: null,
    };
    const calls = fakeHub({
      ...dashboardRoutes(),
      'GET /api/audit': (call) => ok(call.query.get('cursor') ? second : first),
    });
    renderApp('/manage');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Audit log' }));
    await user.type(await screen.findByLabelText('Asset id'), 'c-1');
    await user.type(screen.getByLabelText('User'), 'luca.conti');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(calls.filter((call) => call.path === '/api/audit')).toHaveLength(2));
    const search = calls.filter((call) => call.path === '/api/audit')[1].query;
    expect(search.get('assetId')).toBe('c-1');
    expect(search.get('actor')).toBe('luca.conti');
    expect(new Date(search.get('from') ?? '').getDate()).toBe(1);
    // The "to" day is included: the bound sent is the next day's start.
    expect(new Date(search.get('to') ?? '').getDate()).toBe(21);
    expect(search.get('lang')).toBe('en');
    expect(await screen.findByText('Reject')).toBeVisible();
    // Names and a sentence, not ids.
    // The person by name, the username at hand for a search by user.
    expect(screen.getByText('Luca Conti rejected “Foto 12” into Rejected')).toBeVisible();
    expect(screen.getByTitle('luca.conti')).toHaveTextContent('Luca Conti');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Job retried')).toBeVisible();
    expect(screen.getByText('admin: Job retried')).toBeVisible();
    expect(screen.getAllByTestId('audit-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows who sent how many external shares and recipients in the window, beside the limits', async () => {
    const senders: ShareSendersResponse = {
      windowMinutes: 60,
      maxShares: 20,
      maxRecipients: 200,
      items: [
        { username: 'mario.rossi', shares: 20, recipients: 0 },
        { username: 'anna.bianchi', shares: 2, recipients: 60 },
      ],
    };
    fakeHub({ ...dashboardRoutes(), 'GET /api/external-shares/senders': ok(senders) });
    renderApp('/manage');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Outgoing shares' }));
    const table = await screen.findByRole('table', { name: 'External shares per user' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['UserExternal sharesRecipients', 'mario.rossi200', 'anna.bianchi260']);
    expect(
      screen.getByText(
        'Last 60 min. Each user may send at most 20 external shares and 200 recipients in that time.',
      ),
    ).toBeVisible();
  });

  it("edits a department's pre-flight rules: saved whole, the hub's problems beside their rule (issue 27)", async () => {
    const rules = [
      {
        id: 'image-shorter-side',
        assetType: 'IMAGE',
        check: 'minShorterSide',
        params: { min: 1080 },
        action: 'block',
      },
    ];
    const calls = fakeHub({
      ...dashboardRoutes(),
      'GET /api/folders/tree': ok({
        roots: [aFolder({ id: 'dm', name: 'Marketing', prettyId: 'dept-marketing' })],
      }),
      'GET /api/preflight/rules/marketing': ok({
        department: 'marketing',
        rules,
        isDefault: true,
        updatedBy: null,
        updatedAt: null,
      }),
      'PUT /api/preflight/rules/marketing': (call: HubCall) =>
        (call.body as { rules: { params: { min?: number } }[] }).rules[0]!.params.min! < 1
          ? hubError(400, 'VALIDATION_FAILED', [{ field: 'rules.0.params.min', problem: 'outOfRange' }])
          : ok({
              department: 'marketing',
              rules: (call.body as { rules: unknown }).rules,
              isDefault: false,
              updatedBy: 'admin',
              updatedAt: '2026-11-29T10:00:00.000Z',
            }),
    });
    renderApp('/manage');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Pre-flight rules' }));
    expect(await screen.findByText(/checks with the default rules/)).toBeInTheDocument();
    const row = screen.getByRole('row', { name: 'Minimum shorter side' });
    const min = within(row).getByRole('textbox', { name: 'Minimum' });
    expect(min).toHaveValue('1080');

    await user.clear(min);
    await user.type(min, '0');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('Minimum: Outside the allowed range');

    await user.clear(min);
    await user.type(min, '720');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Rules saved');
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.at(-1)!.body).toEqual({ rules: [{ ...rules[0], params: { min: 720 } }] });
    expect(screen.getByText(/Saved by admin/)).toBeInTheDocument();
    expect(within(row).queryByRole('alert')).not.toBeInTheDocument();
  });
});
