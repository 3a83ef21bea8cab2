import type { ExternalShareSummary } from '@paddock/rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../i18n/i18n';
import { fakeHub, hubError, type HubCall } from '../../../test/fake-hub';
import { renderWithProviders } from '../../../test/render';
import { ExternalSharesPanel } from './external-shares-panel';

function aShare(n: number): ExternalShareSummary {
  return {
    id: `s-${n}`,
    name: `Press kit ${n}`,
    type: 'link',
    language: 'en',
    state: 'active',
    failure: null,
    createdAt: new Date(Date.UTC(2026, 10, 26, 12, 0, 0) - n * 60_000).toISOString(),
    expiresAt: '2026-11-27T12:00:00.000Z',
    assetCount: 3,
    contentDownload: true,
    views: 0,
    downloads: 0,
    url: `http://x/provider/share/t${n}`,
    recipients: [],
  };
}

const shareNames = () =>
  within(screen.getByRole('list', { name: 'External shares' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('ExternalSharesPanel', () => {
  it('shows the newest page first and loads the older shares on "Show more shares" until the last page', async () => {
    const pages: Record<string, { items: ExternalShareSummary[]; nextCursor: string | null }> = {
      first: { items: [1, 2].map(aShare), nextCursor: 'c-2' },
      'c-2': { items: [3, 4].map(aShare), nextCursor: 'c-4' },
      'c-4': { items: [5].map(aShare), nextCursor: null },
    };
    const calls: HubCall[] = fakeHub({
      'GET /api/external-shares': (call) => ({
        status: 200,
        body: pages[call.query.get('cursor') ?? 'first'],
      }),
    });
    renderWithProviders(<ExternalSharesPanel />);
    const user = userEvent.setup();

    await screen.findByRole('list', { name: 'External shares' });
    expect(shareNames()).toEqual(['Press kit 1', 'Press kit 2']);
    await user.click(screen.getByRole('button', { name: 'Show more shares' }));
    await screen.findByText('Press kit 4');
    expect(shareNames()).toEqual(['Press kit 1', 'Press kit 2', 'Press kit 3', 'Press kit 4']);
    await user.click(screen.getByRole('button', { name: 'Show more shares' }));
    await screen.findByText('Press kit 5');
    expect(shareNames()).toHaveLength(5);
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Show more shares' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.query.get('cursor'))).toEqual([null, 'c-2', 'c-4']);
  });

  it('keeps the shares shown when a further page fails, and says so', async () => {
    fakeHub({
      'GET /api/external-shares': (call) =>
        call.query.get('cursor')
          ? hubError(502, 'E004')
          : { status: 200, body: { items: [aShare(1)], nextCursor: 'c-1' } },
    });
    renderWithProviders(<ExternalSharesPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show more shares' }));
    expect(await screen.findByText('The shares could not be loaded. Try later.')).toBeVisible();
    expect(shareNames()).toEqual(['Press kit 1']);
  });
});
