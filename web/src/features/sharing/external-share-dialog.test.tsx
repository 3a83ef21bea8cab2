import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { FakeEventSource, installFakeEventSource } from '../../../test/fake-event-source';
import { aMadeShare as madeShare, fakeHub, hubError, type HubCall } from '../../../test/fake-hub';
import { renderWithProviders } from '../../../test/render';
import { ExternalShareDialog } from './external-share-dialog';
import { RECENT_RECIPIENTS_COOKIE, readRecentRecipients } from './recent-recipients';

const STRONG = 'Spider-1966-Press#Kit';

installFakeEventSource();

beforeEach(async () => {
  await i18n.changeLanguage('en');
  document.cookie = `${RECENT_RECIPIENTS_COOKIE}=${encodeURIComponent(JSON.stringify(['old@example.com']))}; path=/`;
});

afterEach(() => {
  document.cookie = `${RECENT_RECIPIENTS_COOKIE}=; path=/; max-age=0`;
});

function posts(calls: HubCall[]) {
  return calls.filter((c) => c.method === 'POST' && c.path === '/api/external-shares');
}

/** The dialog for one asset at its details step, with a name and a strong password filled in. */
async function detailsOfOneAsset() {
  renderWithProviders(<ExternalShareDialog assetIds={['a-1']} folderId="f-1" onClose={jest.fn()} />);
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await user.type(within(dialog).getByLabelText(/Share name/), 'Kit');
  await user.type(within(dialog).getByLabelText(/^Password\W*$/, { selector: 'input' }), STRONG);
  return { user, dialog };
}

describe('ExternalShareDialog', () => {
  it('shares by e-mail in three steps: recipients checked, a weak password refused, then the job and the links', async () => {
    const calls = fakeHub({
      'POST /api/external-shares': (call) =>
        (call.body as { password: string }).password === STRONG
          ? { status: 202, body: { jobId: 'job-1' } }
          : hubError(400, 'SHARE_WEAK_PASSWORD', { problems: ['length'] }),
      'GET /api/external-shares/s-1': {
        status: 200,
        body: madeShare('s-1', 'email', [
          { email: 'new@example.com', url: 'http://x/provider/share/t1' },
          { email: 'old@example.com', url: 'http://x/provider/share/t2' },
        ]),
      },
    });
    renderWithProviders(<ExternalShareDialog assetIds={['a-1', 'a-2']} folderId="f-1" onClose={jest.fn()} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: /External share — 2 assets/ });

    expect(within(dialog).getByText('Step 1 of 3')).toBeVisible();
    await user.click(within(dialog).getByText('E-mail'));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(within(dialog).getByText('Step 2 of 3')).toBeVisible();
    expect(within(dialog).getAllByTestId('share-preview-thumb')).toHaveLength(2);
    await user.type(within(dialog).getByLabelText(/Share name/), 'Press kit');
    await user.type(within(dialog).getByRole('textbox', { name: /^Recipients/ }), 'not-an-address');
    await user.type(within(dialog).getByLabelText(/^Password\W*$/, { selector: 'input' }), 'weak');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    // A bad address is said at the field, and nothing is sent.
    expect(
      within(dialog).getByText('Check the recipients: not-an-address is not an e-mail address.'),
    ).toBeVisible();
    expect(posts(calls)).toHaveLength(0);

    // A recent recipient (from the externalSharesEmail cookie) is added with one click.
    await user.clear(within(dialog).getByRole('textbox', { name: /^Recipients/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Recipients/ }), 'new@example.com;');
    await user.click(within(dialog).getByRole('button', { name: 'old@example.com' }));
    expect(within(dialog).getByRole('textbox', { name: /^Recipients/ })).toHaveValue(
      'new@example.com; old@example.com',
    );

    // The rules are ticked off live; the server refuses a weak password, in words.
    const rules = within(dialog).getByRole('list', { name: 'Password rules' });
    expect(rules.querySelectorAll('[data-met="false"]')).toHaveLength(4);
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/at least 16 characters/);
    await user.clear(within(dialog).getByLabelText(/^Password\W*$/, { selector: 'input' }));
    await user.type(within(dialog).getByLabelText(/^Password\W*$/, { selector: 'input' }), STRONG);
    expect(rules.querySelectorAll('[data-met="false"]')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));

    expect(await within(dialog).findByText('Step 3 of 3')).toBeVisible();
    expect(posts(calls).at(-1)?.body).toMatchObject({
      type: 'email',
      name: 'Press kit',
      contentIds: ['a-1', 'a-2'],
      folderId: 'f-1',
      recipients: 'new@example.com; old@example.com',
      language: 'en',
      contentDownload: true,
    });
    expect(readRecentRecipients()).toEqual(['new@example.com', 'old@example.com']);

    const stream = FakeEventSource.opened.find((s) => s.url === '/api/jobs/job-1/events');
    stream?.emit({ jobId: 'job-1', state: 'active', progress: 40 });
    expect(await within(dialog).findByText('40%')).toBeVisible();
    stream?.emit({
      jobId: 'job-1',
      state: 'completed',
      progress: 100,
      result: { shareId: 's-1', sent: 2 },
    });
    expect(await within(dialog).findByText('The share was e-mailed to 2 recipients.')).toBeVisible();
    // The links come from the owner's own read of the share, not from the job.
    expect(calls.filter((c) => c.path === '/api/external-shares/s-1')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Link of old@example.com' })).toHaveValue(
      'http://x/provider/share/t2',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled());
  });

  it('ends a link share with its one link to copy', async () => {
    fakeHub({
      'POST /api/external-shares': { status: 202, body: { jobId: 'job-2' } },
      'GET /api/external-shares/s-2': {
        status: 200,
        body: madeShare('s-2', 'link', [{ email: null, url: 'http://x/provider/share/t9' }]),
      },
    });
    renderWithProviders(<ExternalShareDialog assetIds={['a-1']} folderId="f-1" onClose={jest.fn()} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: /External share — 1 asset/ });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(within(dialog).getByLabelText(/Share name/), 'Link kit');
    await user.type(within(dialog).getByLabelText(/^Password\W*$/, { selector: 'input' }), STRONG);
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await within(dialog).findByText('Step 3 of 3');
    FakeEventSource.opened
      .find((s) => s.url === '/api/jobs/job-2/events')
      ?.emit({
        jobId: 'job-2',
        state: 'completed',
        progress: 100,
        result: { shareId: 's-2', sent: 0 },
      });
    expect(await within(dialog).findByText('The share is ready.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Share link' })).toHaveValue(
      'http://x/provider/share/t9',
    );
  });

  it('says where to find the link when the share is made but its link cannot be read now', async () => {
    fakeHub({
      'POST /api/external-shares': { status: 202, body: { jobId: 'job-4' } },
      'GET /api/external-shares/s-4': hubError(503, 'PROVIDER_UNAVAILABLE'),
    });
    const { user, dialog } = await detailsOfOneAsset();
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await within(dialog).findByText('Step 3 of 3');
    FakeEventSource.opened
      .find((s) => s.url === '/api/jobs/job-4/events')
      ?.emit({ jobId: 'job-4', state: 'completed', progress: 100, result: { shareId: 's-4', sent: 0 } });
    expect(
      await within(dialog).findByText(
        'The share is made, but its link cannot be shown now: find it under External shares.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled());
  });

  it('offers 24 hours (the default), 7 days, 30 days and a custom date-time for the expiry', async () => {
    const calls = fakeHub({
      'POST /api/external-shares': (call) =>
        (call.body as { expiresAt?: string }).expiresAt?.startsWith('2020')
          ? hubError(400, 'SHARE_BAD_EXPIRY')
          : { status: 202, body: { jobId: 'job-3' } },
    });
    const { user, dialog } = await detailsOfOneAsset();
    const picks = within(dialog).getByRole('radiogroup', { name: 'Available until' });
    expect(within(picks).getByRole('radio', { name: '24 hours' })).toBeChecked();
    expect(
      within(picks)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['24 hours', '7 days', '30 days', 'Date and time']);

    // A custom date in the past is said at the field, and nothing is sent.
    await user.click(within(picks).getByText('Date and time'));
    const custom = within(dialog).getByLabelText('Expiry date and time');
    await user.clear(custom);
    await user.type(custom, '2020-01-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(
      within(dialog).getByText('Choose an expiry date in the future, at most 90 days ahead.'),
    ).toBeVisible();
    expect(posts(calls)).toHaveLength(0);

    // 7 days: the request carries the date a week ahead.
    await user.click(within(picks).getByText('7 days'));
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await within(dialog).findByText('Step 3 of 3');
    const sent = Date.parse((posts(calls)[0]?.body as { expiresAt: string }).expiresAt);
    expect(sent - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 60_000);
    expect(sent - before).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
  });

  it('sends no expiry for the default 24 hours and shows the server’s expiry refusal in words', async () => {
    const calls = fakeHub({ 'POST /api/external-shares': hubError(400, 'SHARE_BAD_EXPIRY') });
    const { user, dialog } = await detailsOfOneAsset();
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose an expiry date in the future, at most 90 days ahead.',
    );
    expect(posts(calls)[0]?.body).not.toHaveProperty('expiresAt');
  });

  it('says in words when the per-user rate refuses the share, and how long to wait', async () => {
    fakeHub({
      'POST /api/external-shares': hubError(429, 'SHARE_RATE_LIMITED', { retryAfterSeconds: 1_500 }),
    });
    const { user, dialog } = await detailsOfOneAsset();
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have sent as many external shares, or to as many recipients, as allowed for now. Try again in 25 min.',
    );
  });

  it('refuses more than 500 files before anything is filled in', async () => {
    fakeHub({});
    const ids = Array.from({ length: 501 }, (_, i) => `a-${i}`);
    renderWithProviders(<ExternalShareDialog assetIds={ids} folderId="f-1" onClose={jest.fn()} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You can share at most 500 files at once.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
